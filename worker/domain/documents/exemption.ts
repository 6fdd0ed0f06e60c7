/**
 * Tax-exemption certificates (spec §3 "Tax-exemption certificate", docs/invoicing.md "Reverse
 * charge"): which states a certificate moves through, and which certificate, if any, turns an
 * order's invoice into a reverse-charge invoice (`passiveSubject`). Pure: values in, values out.
 *
 * A certificate is uploaded for one of the customer's billing addresses and its tax id; staff
 * validate or reject it; the customer may revoke it. It covers an invoice issued at a moment
 * when it had been validated and not yet revoked, for that same billing address with that same
 * tax id (an address edited to another tax id loses it), billed in the channel's own country
 * (Ampora's documents on each channel are domestic sales of that country).
 */
import type { ChannelId } from '../../channel/channels';

export const CERTIFICATE_STATES = ['pending', 'validated', 'rejected', 'revoked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];
export type CertificateAction = 'validate' | 'reject' | 'revoke';

/**
 * The state a certificate moves to, or null when the action is not allowed from where it is:
 * staff decide once on a pending certificate; the customer revokes a pending or validated one
 * (a rejected one covers nothing, a revoked one is already gone).
 */
export function certificateTransition(state: CertificateState, action: CertificateAction): CertificateState | null {
  if (action === 'validate') return state === 'pending' ? 'validated' : null;
  if (action === 'reject') return state === 'pending' ? 'rejected' : null;
  return state === 'pending' || state === 'validated' ? 'revoked' : null;
}

/** Tax ids compared as the validators store them: upper case, no spaces, dots or hyphens. */
export const normalisedTaxId = (value: string): string => value.toUpperCase().replace(/[\s.-]/g, '');

export interface CertificateFacts {
  id: number;
  userId: number;
  billingAddressId: number;
  nif: string;
  state: CertificateState;
  /** Milliseconds; null until staff validate it. */
  validatedAt: number | null;
  revokedAt: number | null;
}

/** The order's billing address as the order keeps it (its snapshot), and the order's facts. */
export interface InvoiceFacts {
  userId: number;
  channel: ChannelId;
  /** Ampora's own sale (a marketplace seller invoices on its own). */
  soldByAmpora: boolean;
  billing: { id: number; nif: string; countryIso: string; billingType: string } | null;
  /** When the invoice is issued, ms. */
  at: number;
}

/** Whether one certificate had been validated and not yet revoked at `at`. */
export function certificateValidAt(certificate: Pick<CertificateFacts, 'state' | 'validatedAt' | 'revokedAt'>, at: number): boolean {
  if (certificate.state !== 'validated' && certificate.state !== 'revoked') return false;
  if (certificate.validatedAt === null || certificate.validatedAt > at) return false;
  return certificate.revokedAt === null || certificate.revokedAt > at;
}

/**
 * The certificate that makes this invoice a reverse-charge one, or null: Ampora's sale to a
 * business billing address (company or self-employed) of the channel's country, with a
 * certificate of the same customer, address and tax id valid at the moment of issue. With
 * several, the one validated first.
 */
export function applicableCertificate(certificates: readonly CertificateFacts[], invoice: InvoiceFacts): CertificateFacts | null {
  const billing = invoice.billing;
  if (!invoice.soldByAmpora || !billing || billing.billingType === 'individual') return null;
  if (billing.countryIso.toUpperCase() !== invoice.channel) return null;
  const nif = normalisedTaxId(billing.nif);
  if (nif === '') return null;
  const covering = certificates.filter(
    (c) => c.userId === invoice.userId && c.billingAddressId === billing.id && normalisedTaxId(c.nif) === nif && certificateValidAt(c, invoice.at),
  );
  covering.sort((a, b) => a.validatedAt! - b.validatedAt! || a.id - b.id);
  return covering[0] ?? null;
}

/**
 * The mention a reverse-charge invoice must carry (Directive 2006/112/EC art. 226(11a); in Spain
 * art. 6.1.m RD 1619/2012), in the words of each channel country's language version. It is a
 * legal text, so it is printed as is whatever the reader's language.
 */
export const REVERSE_CHARGE_MENTION: Record<ChannelId, string> = {
  ES: 'Inversión del sujeto pasivo',
  PT: 'IVA - autoliquidação',
  FR: 'Autoliquidation',
  IT: 'Inversione contabile',
  DE: 'Steuerschuldnerschaft des Leistungsempfängers',
};

/**
 * The lines of a reverse-charge invoice: the same amounts, at 0 % (the customer accounts for the
 * VAT). What was paid is the taxable base; the price charged does not change.
 */
export function reverseChargeLines<L extends { rate: number }>(lines: readonly L[]): L[] {
  return lines.map((line) => ({ ...line, rate: 0 }));
}
