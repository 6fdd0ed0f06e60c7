// Google Pay and Apple Pay test tokens the sandbox accepts in `/payments` (`{type: 'googlepay',
// googlePayToken}`, `{type: 'applepay', applePayToken}`). Real tokens are encrypted for the payment
// provider; these keep each wallet's outer shape with the decrypted content in the clear, so a test
// can name the card: a test card number, its expiry and (for the holder-name refusals) a name.
// See docs/payments.md.

export interface WalletCard {
  number: string;
  /** Two digits. */
  expiryMonth: string;
  /** Four digits. */
  expiryYear: string;
  holderName?: string;
  /** Google Pay only: PAN_ONLY cards may be asked for 3-D Secure; CRYPTOGRAM_3DS ones never are. */
  authMethod?: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
}

/**
 * Google Pay: the PaymentMethodToken JSON string (protocol ECv2) whose `signedMessage` carries the
 * decrypted message as Google documents it (`paymentMethodDetails.pan`, `expirationMonth`,
 * `expirationYear`, `authMethod`); the holder name goes in `paymentMethodDetails.cardholderName`
 * (a sandbox addition). Signature `SANDBOX`.
 */
export function googlePayTestToken(card: WalletCard): string {
  const signedMessage = JSON.stringify({
    messageExpiration: String(Date.UTC(2100, 0, 1)),
    messageId: 'sandbox',
    paymentMethod: 'CARD',
    paymentMethodDetails: {
      authMethod: card.authMethod ?? 'CRYPTOGRAM_3DS',
      expirationMonth: Number(card.expiryMonth),
      expirationYear: Number(card.expiryYear),
      pan: card.number,
      ...(card.holderName ? { cardholderName: card.holderName } : {}),
    },
  });
  return JSON.stringify({ protocolVersion: 'ECv2', signature: 'SANDBOX', signedMessage });
}

/**
 * Apple Pay: base64 of the PKPaymentToken `paymentData` JSON (version EC_v1) whose `data` is the
 * base64 of the decrypted payload as Apple documents it (`applicationPrimaryAccountNumber`,
 * `applicationExpirationDate` YYMMDD, `cardholderName`, `paymentDataType` 3DSecure). Signature `SANDBOX`.
 */
export function applePayTestToken(card: WalletCard): string {
  const lastDay = new Date(Date.UTC(Number(card.expiryYear), Number(card.expiryMonth), 0)).getUTCDate();
  const decrypted = {
    applicationExpirationDate: `${card.expiryYear.slice(2)}${card.expiryMonth}${String(lastDay).padStart(2, '0')}`,
    applicationPrimaryAccountNumber: card.number,
    ...(card.holderName ? { cardholderName: card.holderName } : {}),
    paymentData: { onlinePaymentCryptogram: 'U0FOREJPWA==' },
    paymentDataType: '3DSecure',
  };
  const paymentData = {
    data: Buffer.from(JSON.stringify(decrypted)).toString('base64'),
    header: { ephemeralPublicKey: 'SANDBOX', publicKeyHash: 'SANDBOX', transactionId: 'sandbox' },
    signature: 'SANDBOX',
    version: 'EC_v1',
  };
  return Buffer.from(JSON.stringify(paymentData)).toString('base64');
}

export interface WalletCardData { number: string; expiryMonth: string; expiryYear: string; holderName: string; challengeable: boolean }

/** The card inside a Google Pay test token, or null when it is not one. */
export function parseGooglePayToken(token: string): WalletCardData | null {
  try {
    const outer = JSON.parse(token) as { protocolVersion?: unknown; signature?: unknown; signedMessage?: unknown };
    if (outer.protocolVersion !== 'ECv2' || outer.signature !== 'SANDBOX' || typeof outer.signedMessage !== 'string') return null;
    const message = JSON.parse(outer.signedMessage) as { paymentMethodDetails?: Record<string, unknown> };
    const d = message.paymentMethodDetails;
    if (!d || typeof d.pan !== 'string' || typeof d.expirationMonth !== 'number' || typeof d.expirationYear !== 'number') return null;
    return {
      number: d.pan,
      expiryMonth: String(d.expirationMonth).padStart(2, '0'),
      expiryYear: String(d.expirationYear),
      holderName: typeof d.cardholderName === 'string' ? d.cardholderName : '',
      challengeable: d.authMethod === 'PAN_ONLY',
    };
  } catch {
    return null;
  }
}

/** The card inside an Apple Pay test token, or null when it is not one. */
export function parseApplePayToken(token: string): WalletCardData | null {
  try {
    const paymentData = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { version?: unknown; signature?: unknown; data?: unknown };
    if (paymentData.version !== 'EC_v1' || paymentData.signature !== 'SANDBOX' || typeof paymentData.data !== 'string') return null;
    const d = JSON.parse(Buffer.from(paymentData.data, 'base64').toString('utf8')) as Record<string, unknown>;
    const pan = d.applicationPrimaryAccountNumber;
    const exp = d.applicationExpirationDate;
    if (typeof pan !== 'string' || typeof exp !== 'string' || !/^\d{6}$/.test(exp)) return null;
    return {
      number: pan,
      expiryMonth: exp.slice(2, 4),
      expiryYear: `20${exp.slice(0, 2)}`,
      holderName: typeof d.cardholderName === 'string' ? d.cardholderName : '',
      challengeable: false, // Apple Pay payments carry a cryptogram: no 3-D Secure challenge
    };
  } catch {
    return null;
  }
}
