// The financing callbacks' signature (worker/payments/financing/signature.ts): the Worker's Web
// Crypto verifier against a vector computed with Python's hmac module and against the sandbox's
// own node:crypto signer, and the refusals (forged, stale, malformed).
import { describe, expect, it } from 'vitest';
import { checkSignature, parseSignatureHeader, signatureHeader, SIGNATURE_TOLERANCE_S } from '../../../worker/payments/financing/signature';
import { signCallback } from '../../../scripts/sandboxes/financing/signature';

// hmac.new(b'whsec_financing_vector', b'1700000000.' + BODY, hashlib.sha256).hexdigest()
const SECRET = 'whsec_financing_vector';
const BODY = '{"id":"app_1","event":"application.approved"}';
const T = 1_700_000_000;
const VECTOR = 'fb5b70b5d2823555358054715bd27714ad9e8d8024d914274f8068d46e0a1498';

describe('financing callback signature', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 as the published vector, like the sandbox', async () => {
    expect(await signatureHeader(SECRET, BODY, T)).toBe(`t=${T},v1=${VECTOR}`);
    expect(signCallback(SECRET, BODY, T)).toBe(`t=${T},v1=${VECTOR}`);
  });

  it('accepts a fresh genuine signature, also among others while the secret rotates', async () => {
    expect(await checkSignature(SECRET, BODY, `t=${T},v1=${VECTOR}`, T + 10)).toBe('valid');
    expect(await checkSignature(SECRET, BODY, `t=${T},v1=${'0'.repeat(64)},v1=${VECTOR}`, T)).toBe('valid');
    expect(await checkSignature(SECRET, BODY, `t=${T}, v1=${VECTOR.toUpperCase()}`, T)).toBe('valid');
  });

  it('refuses another secret, a changed body or timestamp, a stale or future timestamp, and malformed headers', async () => {
    expect(await checkSignature('another', BODY, `t=${T},v1=${VECTOR}`, T)).toBe('mismatch');
    expect(await checkSignature(SECRET, BODY.replace('app_1', 'app_2'), `t=${T},v1=${VECTOR}`, T)).toBe('mismatch');
    expect(await checkSignature(SECRET, BODY, `t=${T + 1},v1=${VECTOR}`, T)).toBe('mismatch');
    expect(await checkSignature(SECRET, BODY, `t=${T},v1=${VECTOR}`, T + SIGNATURE_TOLERANCE_S)).toBe('valid');
    expect(await checkSignature(SECRET, BODY, `t=${T},v1=${VECTOR}`, T + SIGNATURE_TOLERANCE_S + 1)).toBe('stale');
    expect(await checkSignature(SECRET, BODY, `t=${T},v1=${VECTOR}`, T - SIGNATURE_TOLERANCE_S - 1)).toBe('stale');
    for (const header of [null, '', `v1=${VECTOR}`, `t=${T}`, `t=abc,v1=${VECTOR}`, `t=${T},v1=xyz`, `t=${T},v0=${VECTOR}`]) {
      expect(await checkSignature(SECRET, BODY, header, T), String(header)).toBe('malformed');
    }
  });

  it('parses the timestamp and every v1', () => {
    expect(parseSignatureHeader(`t=${T},v1=${VECTOR},v1=${'a'.repeat(64)}`)).toEqual({ timestamp: T, signatures: [VECTOR, 'a'.repeat(64)] });
  });
});
