import { describe, expect, it } from 'vitest';
import { hmacSignature, signedString, verifyItemHmac } from '../../../worker/payments/adyen/hmac';

// Vectors from Adyen's documentation example and its libraries' test suites.
const KEY_1 = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const KEY_2 = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';
const VECTORS = [
  { key: KEY_1, data: '7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true', signature: 'coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=' },
  { key: KEY_2, data: 'pspReference:originalReference:merchantAccount:reference:1000:EUR:REPORT_AVAILABLE:true', signature: 'ZNBPtI+oDyyRrLyD1XirkKnQgIAlFc07Vj27TeHsDRE=' },
  { key: KEY_2, data: 'pspReference:originalReference:merchantAccount:reference:1000:EUR:EVENT:true', signature: 'ipnxGCaUZ4l8TUW75a71/ghd2Fe5ffvX0pV4TLTntIc=' },
];

describe('Adyen notification HMAC', () => {
  it.each(VECTORS)('signs $data', async ({ key, data, signature }) => {
    expect(await hmacSignature(key, data)).toBe(signature);
  });

  it('builds the signed string with empty fields kept empty and nothing escaped', () => {
    const item = { pspReference: '7914073381342284', merchantAccountCode: 'TestMerchant', merchantReference: 'TestPayment-1407325143704', amount: { value: 1130, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
    expect(signedString(item)).toBe(VECTORS[0]!.data);
    expect(signedString({ ...item, merchantReference: 'a:b' })).toBe('7914073381342284::TestMerchant:a:b:1130:EUR:AUTHORISATION:true');
  });

  it('verifies an item and refuses a tampered one, a missing signature and a non-hex key', async () => {
    const item = { pspReference: '7914073381342284', merchantAccountCode: 'TestMerchant', merchantReference: 'TestPayment-1407325143704', amount: { value: 1130, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
    expect(await verifyItemHmac(KEY_1, item, VECTORS[0]!.signature)).toBe(true);
    expect(await verifyItemHmac(KEY_1, { ...item, amount: { value: 1, currency: 'EUR' } }, VECTORS[0]!.signature)).toBe(false);
    expect(await verifyItemHmac(KEY_1, { ...item, success: 'false' }, VECTORS[0]!.signature)).toBe(false);
    expect(await verifyItemHmac(KEY_1, item, undefined)).toBe(false);
    expect(await verifyItemHmac('not-hex', item, VECTORS[0]!.signature)).toBe(false);
  });
});
