// The sandbox's own notification signature (scripts/sandboxes/adyen/hmac.ts, independent of the
// store's verifier) against the published test vectors: Adyen's documentation example and the test
// suites of its libraries.
import { describe, expect, it } from 'vitest';
import { hmacSignature, notificationSigningString } from '../../../scripts/sandboxes/adyen/hmac.ts';

const KEY_1 = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const KEY_2 = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';

describe('Adyen sandbox notification HMAC', () => {
  it.each([
    [KEY_1, '7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true', 'coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0='],
    [KEY_2, 'pspReference:originalReference:merchantAccount:reference:1000:EUR:REPORT_AVAILABLE:true', 'ZNBPtI+oDyyRrLyD1XirkKnQgIAlFc07Vj27TeHsDRE='],
    [KEY_2, 'pspReference:originalReference:merchantAccount:reference:1000:EUR:EVENT:true', 'ipnxGCaUZ4l8TUW75a71/ghd2Fe5ffvX0pV4TLTntIc='],
  ])('signs with key %s', (key, signed, signature) => {
    expect(hmacSignature(key, signed)).toBe(signature);
  });

  it('builds the signed string from a notification item, empty originalReference kept, no escaping', () => {
    const item = {
      pspReference: '7914073381342284', merchantAccountCode: 'TestMerchant', merchantReference: 'TestPayment-1407325143704',
      amount: { value: 1130, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true',
    };
    expect(notificationSigningString(item)).toBe('7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true');
    expect(hmacSignature(KEY_1, notificationSigningString(item))).toBe('coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=');
    expect(notificationSigningString({ ...item, merchantReference: 'a:b\\c' })).toContain(':a:b\\c:');
  });
});
