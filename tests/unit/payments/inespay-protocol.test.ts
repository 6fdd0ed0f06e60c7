// Inespay's pure parts: amounts, request ids, the callback signature (checked against node:crypto's
// HMAC, an implementation we did not write), the status mapping, callbacks to events, and the
// configuration refusing development values in production.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../../worker/payments/inespay/client';
import { inespayConfig } from '../../../worker/payments/inespay/config';
import { callbackEvents, parseCallback } from '../../../worker/payments/inespay/notifications';
import { TRANSACTION_STATUSES, formatAmount, parseAmount, requestId, signCallback, statusMeaning, verifyCallback } from '../../../worker/payments/inespay/protocol';

const SECRET = 'dev-only-inespay-callback-3f6d90';

describe('amounts', () => {
  it('writes cents as NextGenPSD2 decimal strings', () => {
    expect(formatAmount(1234)).toBe('12.34');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(100000)).toBe('1000.00');
    expect(() => formatAmount(12.5)).toThrow(RangeError);
    expect(() => formatAmount(-1)).toThrow(RangeError);
  });

  it('reads them back exactly, whatever the amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => parseAmount(formatAmount(cents)) === cents));
  });

  it('reads one or no decimals and refuses anything else', () => {
    expect(parseAmount('12.3')).toBe(1230);
    expect(parseAmount('12')).toBe(1200);
    for (const bad of ['12.345', '-1.00', '1,00', ' 1.00', '1e3', '', 12.34, null]) expect(parseAmount(bad)).toBeUndefined();
  });
});

describe('X-Request-ID', () => {
  it('is a UUID, the same for the same attempt and new for a new attempt or reference', async () => {
    const first = await requestId('payment', 'ES-000123', 1);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await requestId('payment', 'ES-000123', 1)).toBe(first);
    expect(await requestId('payment', 'ES-000123', 2)).not.toBe(first);
    expect(await requestId('payment', 'ES-000124', 1)).not.toBe(first);
    expect(await requestId('cancel', 'ES-000123', 1)).not.toBe(first);
  });
});

describe('callback signature', () => {
  const body = JSON.stringify({ paymentId: 'INP1', transactionStatus: 'ACSC', amount: '12.34', currency: 'EUR', reference: 'ES-000123' });

  it('is the hex HMAC-SHA256 of the body, as node:crypto computes it', async () => {
    expect(await signCallback(body, SECRET)).toBe(createHmac('sha256', SECRET).update(body, 'utf8').digest('hex'));
    // A fixed vector: RFC 4231 test case 2 ("Jefe", "what do ya want for nothing?").
    expect(await signCallback('what do ya want for nothing?', 'Jefe')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('verifies the right signature in either case and nothing else', async () => {
    const signature = await signCallback(body, SECRET);
    expect(await verifyCallback(body, signature, SECRET)).toBe(true);
    expect(await verifyCallback(body, signature.toUpperCase(), SECRET)).toBe(true);
    expect(await verifyCallback(body.replace('12.34', '1.00'), signature, SECRET)).toBe(false);
    expect(await verifyCallback(body, signature, 'another-secret')).toBe(false);
    expect(await verifyCallback(body, null, SECRET)).toBe(false);
    expect(await verifyCallback(body, signature.slice(2), SECRET)).toBe(false);
    expect(await verifyCallback(body, `sha256=${signature}`, SECRET)).toBe(false);
  });
});

describe('transaction statuses', () => {
  it('counts ACSP, ACSC and ACCC as paid, RJCT refused, CANC cancelled, the rest waiting', () => {
    const meaning = Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, statusMeaning(s)]));
    expect(meaning).toEqual({
      ACCC: 'paid', ACSC: 'paid', ACSP: 'paid', RJCT: 'refused', CANC: 'cancelled',
      ACCP: 'waiting', ACTC: 'waiting', ACWC: 'waiting', ACWP: 'waiting', RCVD: 'waiting', PDNG: 'waiting', ACFC: 'waiting', PATC: 'waiting', PART: 'waiting',
    });
    expect(statusMeaning('XXXX')).toBe('waiting');
  });

  it('maps to the port outcomes', () => {
    expect(outcomeOf('P1', 'ACSC')).toEqual({ status: 'authorised', pspReference: 'P1' });
    expect(outcomeOf('P1', 'RJCT')).toMatchObject({ status: 'refused', pspReference: 'P1' });
    expect(outcomeOf('P1', 'CANC')).toEqual({ status: 'cancelled', pspReference: 'P1' });
    expect(outcomeOf('P1', 'PDNG')).toEqual({ status: 'pending', pspReference: 'P1' });
    expect(outcomeOf('P1', undefined)).toMatchObject({ status: 'error' });
  });
});

describe('callbacks', () => {
  const callback = { paymentId: 'INP1', transactionStatus: 'ACSC', amount: '12.34', currency: 'EUR', reference: 'ES-000123' };

  it('become one AUTHORISATION, refused AUTHORISATION or CANCELLATION event, in cents', () => {
    expect(callbackEvents(callback)).toEqual([expect.objectContaining({ pspReference: 'INP1', merchantReference: 'ES-000123', eventCode: 'AUTHORISATION', success: true, amount: { value: 1234, currency: 'EUR' } })]);
    expect(callbackEvents({ ...callback, transactionStatus: 'RJCT' })).toEqual([expect.objectContaining({ eventCode: 'AUTHORISATION', success: false, reason: 'RJCT' })]);
    expect(callbackEvents({ ...callback, transactionStatus: 'CANC' })).toEqual([expect.objectContaining({ eventCode: 'CANCELLATION', success: true })]);
    expect(callbackEvents({ ...callback, transactionStatus: 'PDNG' })).toEqual([]);
  });

  it('are parsed only when every field is well formed', () => {
    expect(parseCallback(JSON.stringify(callback))).toEqual(callback);
    for (const bad of [{ ...callback, amount: 12.34 }, { ...callback, transactionStatus: 'PAID' }, { ...callback, paymentId: 'a/b' }, { ...callback, reference: '' }, { ...callback, currency: 'eur' }, [callback], 'null']) {
      expect(parseCallback(typeof bad === 'string' ? bad : JSON.stringify(bad))).toBeUndefined();
    }
    expect(parseCallback('{')).toBeUndefined();
  });
});

describe('configuration', () => {
  const dev = { INESPAY_API_BASE_URL: 'http://127.0.0.1:8799/inespay/', INESPAY_API_KEY: 'dev-only-inespay-key-71c2e8', INESPAY_CALLBACK_SECRET: SECRET };

  it('takes the development values outside production, without a trailing slash', () => {
    expect(inespayConfig({ ENVIRONMENT: 'development', ...dev })).toEqual({ baseUrl: 'http://127.0.0.1:8799/inespay', apiKey: dev.INESPAY_API_KEY, callbackSecret: SECRET });
  });

  it('is off when a value is missing, or a development value reaches production', () => {
    expect(inespayConfig({ ENVIRONMENT: 'development', ...dev, INESPAY_API_KEY: '' })).toBeUndefined();
    expect(inespayConfig({ ENVIRONMENT: 'production', ...dev })).toBeUndefined();
    expect(inespayConfig({ ENVIRONMENT: 'production', INESPAY_API_BASE_URL: 'https://api.example.test', INESPAY_API_KEY: 'live-key', INESPAY_CALLBACK_SECRET: SECRET })).toBeUndefined();
    expect(inespayConfig({ ENVIRONMENT: 'production', INESPAY_API_BASE_URL: 'http://localhost:8799/inespay', INESPAY_API_KEY: 'live-key', INESPAY_CALLBACK_SECRET: 'live-secret' })).toBeUndefined();
    expect(inespayConfig({ ENVIRONMENT: 'production', INESPAY_API_BASE_URL: 'https://api.example.test', INESPAY_API_KEY: 'live-key', INESPAY_CALLBACK_SECRET: 'live-secret' })).toBeDefined();
  });
});
