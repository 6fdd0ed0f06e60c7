import { createCipheriv } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cbcDecrypt, cbcEncrypt, desKey, tripleDesKey } from '../../../worker/payments/redsys/des';
import { base64Decode, base64Encode, decodeParameters, encodeParameters, orderKey, sign, signedFields, verify } from '../../../worker/payments/redsys/signature';
import vectors from '../../fixtures/redsys/redsys-easy-vectors.json';

const hex = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

describe('DES (FIPS 46-3)', () => {
  // Published single-DES vectors: the worked example of the standard's tutorials, the FIPS 81
  // sample ("Now is t"), and NIST SP 800-17's variable-plaintext known answers.
  it.each([
    ['133457799BBCDFF1', '0123456789ABCDEF', '85E813540F0AB405'],
    ['0123456789ABCDEF', '4E6F772069732074', '3FA40E8A984D4815'],
    ['0101010101010101', '8000000000000000', '95F8A5E5DD31D900'],
    ['0101010101010101', '4000000000000000', 'DD7F121CA5015619'],
    ['0101010101010101', '0000000000000001', '166B40B44ABA4BD6'],
  ])('key %s encrypts %s to %s and back', (key, plain, cipher) => {
    const des = desKey(hex(key));
    expect(toHex(des.encryptBlock(hex(plain)))).toBe(cipher);
    expect(toHex(des.decryptBlock(hex(cipher)))).toBe(plain);
  });

  it('three equal keys are single DES (EDE keying option 3)', () => {
    const key = hex('0123456789ABCDEF');
    const triple = tripleDesKey(new Uint8Array([...key, ...key, ...key]));
    expect(toHex(triple.encryptBlock(hex('4E6F772069732074')))).toBe('3FA40E8A984D4815');
  });

  it('3DES-CBC with a zero IV agrees with OpenSSL for any key and message', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 24 }), fc.uint8Array({ minLength: 1, maxLength: 40 }), (key, message) => {
        const padded = new Uint8Array(Math.ceil(message.length / 8) * 8);
        padded.set(message);
        const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8)).setAutoPadding(false);
        const expected = Buffer.concat([cipher.update(padded), cipher.final()]);
        const ours = cbcEncrypt(tripleDesKey(key), message);
        expect(toHex(ours)).toBe(expected.toString('hex').toUpperCase());
        expect(cbcDecrypt(tripleDesKey(key), ours)).toEqual(padded);
      }),
      { numRuns: 40 },
    );
  });
});

describe('Redsys HMAC_SHA256_V1 against the redsys-easy vectors', () => {
  it('derives the order keys', () => {
    for (const { key, order, expected } of vectors.encrypt3DES) expect(base64Encode(orderKey(key, order))).toBe(expected);
    expect(base64Encode(orderKey(vectors.redirect.merchantKey, vectors.redirect.request.DS_MERCHANT_ORDER))).toBe(vectors.redirect.orderKey);
    expect(base64Encode(orderKey(vectors.restJson.merchantKey, vectors.restJson.request.DS_MERCHANT_ORDER))).toBe(vectors.restJson.orderKey);
  });

  it('encodes and signs the redirect request as published', async () => {
    expect(encodeParameters(vectors.redirect.request)).toBe(vectors.redirect.serializedRequest);
    expect(await signedFields(vectors.redirect.merchantKey, vectors.redirect.request)).toEqual(vectors.redirect.signedRequest);
    expect(await sign(vectors.restJson.merchantKey, vectors.restJson.request.DS_MERCHANT_ORDER, vectors.restJson.signedRequest.Ds_MerchantParameters)).toBe(vectors.restJson.signedRequest.Ds_Signature);
  });

  it('verifies the URL-safe signed notification and decodes its percent-encoded values', async () => {
    expect(vectors.redirect.notification.Ds_Signature).toMatch(/[-_]/);
    const parameters = await verify(vectors.redirect.merchantKey, vectors.redirect.notification);
    expect(parameters).toEqual(vectors.redirect.deserializedNotification);
    expect(parameters?.['Ds_Date']).toBe('22/10/2021');
  });

  it('verifies the signed REST answer', async () => {
    expect(await verify(vectors.restJson.merchantKey, vectors.restJson.response)).toEqual(vectors.restJson.deserializedResponse);
  });

  it('refuses a wrong key, a changed parameter, a changed signature or another version', async () => {
    const notification = vectors.redirect.notification;
    expect(await verify(vectors.restJson.merchantKey, notification)).toBeUndefined();
    const params = decodeParameters(notification.Ds_MerchantParameters)!;
    const changed = encodeParameters({ ...params, Ds_Response: '0000', Ds_Amount: '1' });
    expect(await verify(vectors.redirect.merchantKey, { ...notification, Ds_MerchantParameters: changed })).toBeUndefined();
    const flipped = (notification.Ds_Signature[0] === 'A' ? 'B' : 'A') + notification.Ds_Signature.slice(1);
    expect(await verify(vectors.redirect.merchantKey, { ...notification, Ds_Signature: flipped })).toBeUndefined();
    expect(await verify(vectors.redirect.merchantKey, { ...notification, Ds_SignatureVersion: 'HMAC_SHA512_V2' })).toBeUndefined();
    expect(await verify(vectors.redirect.merchantKey, { ...notification, Ds_MerchantParameters: 'not base64!' })).toBeUndefined();
  });

  it('round-trips any parameters in either base64 alphabet', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{4}[0-9A-Za-z]{0,8}$/), fc.string({ maxLength: 60 }), async (order, description) => {
        const fields = await signedFields(vectors.redirect.merchantKey, { Ds_Order: order, Ds_MerchantData: description });
        const urlSafe = { ...fields, Ds_Signature: fields.Ds_Signature.replace(/\+/g, '-').replace(/\//g, '_') };
        expect((await verify(vectors.redirect.merchantKey, urlSafe))?.['Ds_Order']).toBe(order);
        expect(base64Decode(fields.Ds_MerchantParameters)).toBeDefined();
      }),
      { numRuns: 30 },
    );
  });
});
