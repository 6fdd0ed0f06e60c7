/**
 * The account's stored cards (worker/payments/stored-cards.ts, worker/api/cards.ts): mapping the
 * provider's stored methods to the spec §3 card (expiry against the channel's calendar, non-expired
 * first), and, against the Adyen sandbox, adding a card by a zero-amount authorisation (with and
 * without 3-D Secure, refused), listing it by session and by public id, and removing only one's own.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TIME_ZONES } from '../../worker/domain/catalogue/delivery';
import { localDate } from '../../worker/domain/checkout/delivery-choices';
import type { PaymentAnswer } from '../../worker/payments/answer';
import type { CardProviderGateway, StoredMethod } from '../../worker/payments/port';
import { disableBankCard, isExpired, listBankCards, toBankCards, type StoredBankCard } from '../../worker/payments/stored-cards';
import { signUp, TestBrowser } from './browser';
import { card, completeChallenge, VISA, VISA_3DS } from './payments-helpers';

const method = (id: string, expiryMonth: string, expiryYear: string, extra: Partial<StoredMethod> = {}): StoredMethod => ({ id, brand: 'visa', lastFour: '1111', expiryMonth, expiryYear, holderName: 'Ana García', ...extra });

/** A gateway holding stored methods in memory and recording removals (only what the card module calls). */
function fakeGateway(methods: StoredMethod[]) {
  const removed: string[] = [];
  const gateway = {
    listStoredMethods: async () => methods.filter((m) => !removed.includes(m.id)),
    disableStoredMethod: async (_shopper: string, id: string) => {
      removed.push(id);
    },
  } as unknown as CardProviderGateway;
  return { gateway, removed };
}

describe('stored cards, as the spec shows them', () => {
  it('counts a card good until the last day of its expiry month', () => {
    expect(isExpired({ month: 11, year: 2026 }, '2026-11-30')).toBe(false);
    expect(isExpired({ month: 11, year: 2026 }, '2026-12-01')).toBe(true);
    expect(isExpired({ month: 12, year: 2026 }, '2027-01-01')).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, '2026-12-31')).toBe(false);
  });

  it('judges expiry by the channel\'s calendar: past midnight in Madrid is still the last day in Lisbon', () => {
    const instant = new Date('2026-11-30T23:30:00Z');
    const methods = [method('A', '11', '2026')];
    expect(toBankCards(methods, 'u', localDate(instant, CHANNEL_TIME_ZONES.ES))[0]!.expired).toBe(true);
    expect(toBankCards(methods, 'u', localDate(instant, CHANNEL_TIME_ZONES.PT))[0]!.expired).toBe(false);
  });

  it('maps the provider\'s methods to the spec\'s card, non-expired first in the provider\'s order, and leaves out what is not a card', () => {
    const cards = toBankCards(
      [method('OLD1', '01', '2020'), method('NEW1', '03', '30', { brand: 'mc', lastFour: '4444', holderName: undefined }), method('NOEXP', '', ''), method('OLD2', '05', '2026'), method('NEW2', '12', '2031')],
      'hash-id',
      '2026-11-24',
    );
    expect(cards.map((c) => [c.id, c.expired])).toEqual([
      ['NEW1', false],
      ['NEW2', false],
      ['OLD1', true],
      ['OLD2', true],
    ]);
    expect(cards[0]).toEqual({ id: 'NEW1', clientId: 'hash-id', expired: false, brand: 'mc', expirationDate: { month: 3, year: 2030 }, holderName: '', lastFourDigits: '4444', hasActiveSubscription: false });
  });

  it('removes only a card the provider lists under the user, and nothing else', async () => {
    const { gateway, removed } = fakeGateway([method('MINE', '03', '2030')]);
    const user = { id: 7, hashId: 'h7' };
    expect(await disableBankCard(gateway, user, 'SOMEONE-ELSES', '2026-11-24')).toBe('not_found');
    expect(removed).toEqual([]);
    expect(await disableBankCard(gateway, user, 'MINE', '2026-11-24')).toBe('removed');
    expect(removed).toEqual(['MINE']);
    expect(await listBankCards(gateway, user, '2026-11-24')).toEqual([]);
  });
});

async function userIdOf(email: string): Promise<{ id: number; hashId: string }> {
  return (await env.DB.prepare('SELECT id, hash_id AS hashId FROM users WHERE email = ?').bind(email).first<{ id: number; hashId: string }>())!;
}

async function sandboxCardChecks(userId: number): Promise<{ reference: string; amount: { value: number; currency: string }; status: string }[]> {
  const all = (await (await fetch(`${env.ADYEN_SANDBOX_URL}/__sandbox/payments`)).json()) as { reference: string; amount: { value: number; currency: string }; status: string }[];
  return all.filter((p) => p.reference.startsWith(`CARD-${userId}-`));
}

const cards = (browser: TestBrowser) => browser.api<StoredBankCard[]>('GET', '/api/user/bankCards');
const addCard = (browser: TestBrowser, paymentMethod: Record<string, unknown>) => browser.api<PaymentAnswer>('POST', '/api/user/adyen/new-card', { paymentMethod, storePaymentMethod: true, origin: 'http://es.localhost' });

describe('stored cards at the provider (sandbox)', () => {
  it('adds a card with a zero-amount authorisation and lists it, by session and by the owner\'s public id', async () => {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    const user = await userIdOf(email);
    expect((await cards(browser)).data).toEqual([]);

    const added = await addCard(browser, card(VISA, 'Ana García'));
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ orderNumbers: [], paymentResult: 'PROCESSED', resultCode: 'Authorised', next: '/usuarios/panel/tarjetas' });
    // Nothing charged: the provider saw one authorisation of 0 in the channel's currency.
    expect((await sandboxCardChecks(user.id)).map((p) => [p.amount.value, p.amount.currency, p.status])).toEqual([[0, 'EUR', 'authorised']]);

    const list = (await cards(browser)).data;
    expect(list).toEqual([{ id: expect.any(String), clientId: user.hashId, expired: false, brand: 'visa', expirationDate: { month: 3, year: 2030 }, holderName: 'Ana García', lastFourDigits: '1111', hasActiveSubscription: false }]);
    expect((await browser.api('GET', `/api/users/${user.hashId}/bankCards`)).data).toEqual(list);
    // The row id is not the public id, and another user's public id is the ownership 404.
    expect((await browser.api('GET', `/api/users/${user.id}/bankCards`)).status).toBe(404);
    const other = new TestBrowser();
    await signUp(other);
    const foreign = await other.api('GET', `/api/users/${user.hashId}/bankCards`);
    expect([foreign.status, foreign.data]).toEqual([404, null]);
  });

  it('adds a card that needs 3-D Secure once the shopper passes the bank\'s challenge', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const started = await addCard(browser, card(VISA_3DS));
    expect(started.data.paymentResult).toBe('PENDING');
    expect(started.data.action).toBeTruthy();
    expect((await cards(browser)).data).toEqual([]);
    const details = await completeChallenge(started.data.action!);
    const done = await browser.api<PaymentAnswer>('POST', '/api/user/adyen/payment/details', { details });
    expect(done.data).toMatchObject({ paymentResult: 'PROCESSED', next: '/usuarios/panel/tarjetas' });
    expect((await cards(browser)).data.map((c) => c.lastFourDigits)).toEqual(['0000']);
  });

  it("refuses another user's card-check result: the card is not stored for the caller", async () => {
    const owner = new TestBrowser();
    await signUp(owner);
    const caller = new TestBrowser();
    await signUp(caller);
    const started = await addCard(owner, card(VISA_3DS));
    const details = await completeChallenge(started.data.action!);
    const copied = await caller.api<PaymentAnswer>('POST', '/api/user/adyen/payment/details', { details });
    expect([copied.status, copied.error?.code]).toEqual([400, 'PAYMENT_DETAILS_MISMATCH']);
    expect((await cards(caller)).data).toEqual([]);
    // The owner's own result still completes the owner's card.
    expect((await owner.api<PaymentAnswer>('POST', '/api/user/adyen/payment/details', { details })).data).toMatchObject({ paymentResult: 'PROCESSED' });
    expect((await cards(owner)).data.map((c) => c.lastFourDigits)).toEqual(['0000']);
  });

  it('stores nothing when the bank refuses the card or the challenge, and says why', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const refused = await addCard(browser, card(VISA, 'NOT_ENOUGH_BALANCE'));
    expect(refused.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'funds_exceeded', next: '/usuarios/panel/tarjetas' });
    const started = await addCard(browser, card(VISA_3DS));
    const failed = await browser.api<PaymentAnswer>('POST', '/api/user/adyen/payment/details', { details: await completeChallenge(started.data.action!, 'wrong') });
    expect(failed.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'authentication_required' });
    expect((await cards(browser)).data).toEqual([]);
  });

  it('refuses a stored card or a card number in clear as a new card, and a signed-out caller', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const stored = await addCard(browser, { type: 'scheme', storedPaymentMethodId: 'ABCDEF1234567890' });
    expect([stored.status, stored.error?.code]).toEqual([400, 'INVALID_REQUEST']);
    const clear = await addCard(browser, { ...card(VISA), encryptedCardNumber: '4111 1111 1111 1111' });
    expect(clear.status).toBe(400);
    expect(clear.error?.code).toBe('CARD_DATA_NOT_ACCEPTED');
    expect((await cards(browser)).data).toEqual([]);
    expect((await new TestBrowser().api('GET', '/api/user/bankCards')).status).toBe(401);
  });

  it('removes the owner\'s card; another user\'s card or an unknown id is a 404 and removes nothing', async () => {
    const alice = new TestBrowser();
    const bob = new TestBrowser();
    await signUp(alice);
    await signUp(bob);
    await addCard(alice, card(VISA));
    await addCard(bob, card('5555555555554444'));
    const [aliceCard] = (await cards(alice)).data;
    const [bobCard] = (await cards(bob)).data;

    const foreign = await bob.api('DELETE', `/api/user/0/bankstore/adyen/${aliceCard!.id}/disable`);
    expect([foreign.status, foreign.data]).toEqual([404, null]);
    expect((await cards(alice)).data).toHaveLength(1);
    expect((await bob.api('DELETE', '/api/user/0/bankstore/adyen/UNKNOWN123/disable')).status).toBe(404);
    expect((await cards(bob)).data.map((c) => c.id)).toEqual([bobCard!.id]);

    const removed = await alice.api('DELETE', `/api/user/0/bankstore/adyen/${aliceCard!.id}/disable`);
    expect([removed.status, removed.data]).toEqual([200, { id: aliceCard!.id, disabled: true }]);
    expect((await cards(alice)).data).toEqual([]);
    expect((await alice.api('DELETE', `/api/user/0/bankstore/adyen/${aliceCard!.id}/disable`)).status).toBe(404);

    // Two tabs removing the same card at once: one removes it, the other finds it gone (never a 400 or 500).
    const twice = await Promise.all([1, 2].map(() => bob.api('DELETE', `/api/user/0/bankstore/adyen/${bobCard!.id}/disable`)));
    expect(twice.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});

describe('the saved cards screen', () => {
  it('lists the cards from the provider in the page itself, hosts the card form, and asks a visitor to sign in', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    await addCard(browser, card(VISA, 'Ana García'));
    const response = await browser.fetch('/usuarios/panel/tarjetas');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Tarjetas guardadas<\/h1>/);
    expect(html).toContain('data-island="stored-cards"');
    expect(html).toMatch(/<li class="saved-card" data-card-id="[^"]+"><p class="saved-card__name"><strong>Visa<\/strong>/);
    expect(html).toContain('03/2030');
    // The card form's frames are allowed on this page only.
    expect(response.headers.get('Content-Security-Policy')).toContain('frame-src');
    expect(response.headers.get('Cache-Control')).toMatch(/no-store/);

    const visitor = await new TestBrowser().fetch('/usuarios/panel/tarjetas');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toMatch(/^\/login\?next=/);
  });
});
