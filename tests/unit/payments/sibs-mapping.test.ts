/** The SIBS adapter's pure parts: configuration, status mapping, references, notification events, the Multibanco voucher. */
import { describe, expect, it } from 'vitest';
import { SibsGateway, fromSibsAmount, merchantTransactionId, outcomeOfStatus, referenceOf, toSibsAmount } from '../../../worker/payments/sibs/client';
import { DEV_SIBS_WEBHOOK_SECRET, sibsConfig } from '../../../worker/payments/sibs/config';
import { eventsOf } from '../../../worker/payments/sibs/notifications';
import { voucherOf } from '../../../worker/payments/sibs/voucher';

const DEV = {
  ENVIRONMENT: 'development',
  SIBS_API_BASE_URL: 'http://127.0.0.1:8799/sibs/',
  SIBS_CLIENT_ID: 'dev-only-sibs-client-0c7e4a',
  SIBS_BEARER_TOKEN: 'dev-only-sibs-token-5a92d1',
  SIBS_TERMINAL_ID: '52637',
  SIBS_ENTITY: '24000',
  SIBS_WEBHOOK_SECRET: DEV_SIBS_WEBHOOK_SECRET,
};

describe('SIBS configuration', () => {
  it('reads the development values, without the trailing slash', () => {
    expect(sibsConfig(DEV)).toMatchObject({ baseUrl: 'http://127.0.0.1:8799/sibs', terminalId: 52637, entity: '24000' });
    expect(sibsConfig(DEV)!.webhookKey).toHaveLength(32);
  });

  it('is off when something is missing or malformed', () => {
    expect(sibsConfig({ ...DEV, SIBS_BEARER_TOKEN: undefined })).toBeUndefined();
    expect(sibsConfig({ ...DEV, SIBS_TERMINAL_ID: 'abc' })).toBeUndefined();
    expect(sibsConfig({ ...DEV, SIBS_ENTITY: '2400' })).toBeUndefined();
    expect(sibsConfig({ ...DEV, SIBS_WEBHOOK_SECRET: btoa('short') })).toBeUndefined();
  });

  it('refuses development values in production', () => {
    const live = { ...DEV, ENVIRONMENT: 'production', SIBS_API_BASE_URL: 'https://spg.qly.site1.sibs.pt', SIBS_CLIENT_ID: 'c0ffee', SIBS_BEARER_TOKEN: 'live-token', SIBS_WEBHOOK_SECRET: btoa('k'.repeat(32)) };
    expect(sibsConfig(live)).toBeDefined();
    expect(sibsConfig({ ...live, SIBS_API_BASE_URL: DEV.SIBS_API_BASE_URL })).toBeUndefined();
    expect(sibsConfig({ ...live, SIBS_CLIENT_ID: DEV.SIBS_CLIENT_ID })).toBeUndefined();
    expect(sibsConfig({ ...live, SIBS_BEARER_TOKEN: DEV.SIBS_BEARER_TOKEN })).toBeUndefined();
    expect(sibsConfig({ ...live, SIBS_WEBHOOK_SECRET: DEV_SIBS_WEBHOOK_SECRET })).toBeUndefined();
  });
});

describe('SIBS mapping', () => {
  it('converts cents to SIBS decimal euros and back without drift', () => {
    for (const cents of [1, 99, 1234, 100_000_00, 19_999]) expect(fromSibsAmount(toSibsAmount(cents))).toBe(cents);
    expect(toSibsAmount(1234)).toBe(12.34);
  });

  it('names each attempt and reads the reference back', () => {
    expect(merchantTransactionId('PT-261101-ABCDEF', 3)).toBe('PT-261101-ABCDEF-3');
    expect(referenceOf('PT-261101-ABCDEF-3')).toBe('PT-261101-ABCDEF');
    expect(referenceOf(undefined)).toBeUndefined();
  });

  it('maps the payment statuses; a lapsed MB WAY request is a refusal, a lapsed reference an expiry', () => {
    expect(outcomeOfStatus('Success', 'MBWAY', 't')).toEqual({ status: 'authorised', pspReference: 't' });
    expect(outcomeOfStatus('Declined', 'MBWAY', 't')).toMatchObject({ status: 'refused' });
    expect(outcomeOfStatus('Expired', 'MBWAY', 't')).toMatchObject({ status: 'refused', refusalReason: 'Expired' });
    expect(outcomeOfStatus('Expired', 'REFERENCE', 't')).toEqual({ status: 'expired', pspReference: 't' });
    expect(outcomeOfStatus('Pending', 'REFERENCE', 't')).toEqual({ status: 'pending', pspReference: 't' });
    expect(outcomeOfStatus('Whatever', 'MBWAY', 't')).toMatchObject({ status: 'error' });
  });

  it('turns notifications into events: PURS success and expiry, RFND with its original', () => {
    const base = { notificationID: 'n', transactionID: 't1', amount: { value: 12.34, currency: 'EUR' }, merchant: { merchantTransactionId: 'PT-261101-ABCDEF-2' }, paymentType: 'PURS' };
    expect(eventsOf({ ...base, paymentStatus: 'Success', paymentMethod: 'MBWAY' })).toEqual([expect.objectContaining({ eventCode: 'AUTHORISATION', success: true, pspReference: 't1', merchantReference: 'PT-261101-ABCDEF', amount: { value: 1234, currency: 'EUR' } })]);
    expect(eventsOf({ ...base, paymentStatus: 'Expired', paymentMethod: 'REFERENCE' })).toEqual([expect.objectContaining({ eventCode: 'EXPIRE', success: true })]);
    expect(eventsOf({ ...base, paymentStatus: 'Expired', paymentMethod: 'MBWAY' })).toEqual([expect.objectContaining({ eventCode: 'AUTHORISATION', success: false })]);
    expect(eventsOf({ ...base, paymentStatus: 'Pending', paymentMethod: 'REFERENCE' })).toEqual([]);
    expect(eventsOf({ ...base, paymentType: 'RFND', transactionID: 'r1', paymentStatus: 'Success', originalTransaction: { id: 't1' } })).toEqual([expect.objectContaining({ eventCode: 'REFUND', success: true, pspReference: 'r1', originalReference: 't1' })]);
  });

  it('reads a stored voucher action and nothing else', () => {
    expect(voucherOf({ type: 'voucher', entity: '24000', reference: '123456789', amount: 1234, currency: 'EUR', expiresAt: 1 })).toEqual({ entity: '24000', reference: '123456789', amount: 1234, currency: 'EUR', expiresAt: 1 });
    expect(voucherOf({ type: 'await', expiresAt: 1 })).toBeUndefined();
    expect(voucherOf(undefined)).toBeUndefined();
  });
});

describe('SIBS calls', () => {
  it('sends X-IBM-Client-Id on every call, Bearer to create and Digest with the signature to purchase', async () => {
    const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
    const answers = [
      { transactionID: 'tx1', transactionSignature: 'sig1', returnStatus: { statusCode: '000' } },
      { transactionID: 'tx1', paymentStatus: 'Pending', returnStatus: { statusCode: '000' } },
    ];
    const gateway = new SibsGateway(sibsConfig(DEV)!, {
      now: () => Date.UTC(2026, 10, 1),
      fetcher: async (url, init) => {
        calls.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify(answers.shift()), { status: 200 });
      },
    });
    const outcome = await gateway.startPayment({ amount: { value: 1234, currency: 'EUR' }, reference: 'PT-261101-ABCDEF', attempt: 2, paymentMethod: { type: 'mbway', phone: '912345678' }, returnUrl: 'https://x/' });
    expect(outcome).toMatchObject({ status: 'action_needed', pspReference: 'tx1', merchantReference: 'PT-261101-ABCDEF', expiresAt: Date.UTC(2026, 10, 1) + 5 * 60_000 });
    expect(calls.map((c) => c.url)).toEqual(['http://127.0.0.1:8799/sibs/api/v1/payments', 'http://127.0.0.1:8799/sibs/api/v1/payments/tx1/mbway-id/purchase']);
    expect(calls.map((c) => [c.headers['X-IBM-Client-Id'], c.headers['Authorization']])).toEqual([
      [DEV.SIBS_CLIENT_ID, `Bearer ${DEV.SIBS_BEARER_TOKEN}`],
      [DEV.SIBS_CLIENT_ID, 'Digest sig1'],
    ]);
    expect(calls[0]!.body).toMatchObject({ merchant: { terminalId: 52637, channel: 'web', merchantTransactionId: 'PT-261101-ABCDEF-2' }, transaction: { paymentType: 'PURS', moto: false, amount: { value: 12.34, currency: 'EUR' }, paymentMethod: ['MBWAY'] } });
    expect(calls[1]!.body).toEqual({ customerPhone: '351#912345678' });
  });

  it('a SIBS refusal (HTTP 400, or 200 with a status code other than 000) is a validation GatewayError', async () => {
    for (const response of [new Response(JSON.stringify({ returnStatus: { statusCode: 'E0105', statusMsg: 'Error' } }), { status: 400 }), new Response(JSON.stringify({ returnStatus: { statusCode: 'E0999' } }), { status: 200 })]) {
      const gateway = new SibsGateway(sibsConfig(DEV)!, { fetcher: async () => response });
      await expect(gateway.startPayment({ amount: { value: 1234, currency: 'EUR' }, reference: 'PT-261101-ABCDEF', attempt: 1, paymentMethod: { type: 'multibanco' }, returnUrl: 'https://x/' })).rejects.toMatchObject({ name: 'GatewayError', kind: 'validation' });
    }
  });
});
