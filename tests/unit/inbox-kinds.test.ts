/**
 * The inbox's words (client/inbox/kinds.ts): every kind of the contract reads in each of the six
 * languages with its params in place (no missing translation, no raw `{param}`), money and dates
 * formatted for the reader, a link to what it is about; an unknown kind, or one missing a param
 * it needs, reads as the generic line.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../client/i18n/i18n';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { formatShortDate } from '../../client/i18n/format';
import { INBOX_KINDS, inboxWords, renderInboxMessage, type InboxParams } from '../../client/inbox/kinds';
import { href, type RouteId } from '../../client/routes';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { messages as de_DE } from '../../locales/de_DE/messages.po';
import { messages as en_EN } from '../../locales/en_EN/messages.po';
import { messages as es_ES } from '../../locales/es_ES/messages.po';
import { messages as fr_FR } from '../../locales/fr_FR/messages.po';
import { messages as it_IT } from '../../locales/it_IT/messages.po';
import { messages as pt_PT } from '../../locales/pt_PT/messages.po';

const CATALOGS = { es_ES, en_EN, fr_FR, pt_PT, it_IT, de_DE };
const es = (route: RouteId, params?: Record<string, string>) => href(route, 'es_ES', DEFAULT_CHANNELS.ES, params);
const RELEASE = Date.UTC(2026, 11, 24, 12);
const ENDS = Date.UTC(2027, 10, 25, 12);

/** Every kind of the contract (worker/inbox/messages.ts) with all its params, required and optional. */
const SAMPLES: Record<string, InboxParams> = {
  'order.paid': { orderNumber: 'ES-4242-1' },
  'order.shipped': { orderNumber: 'ES-4242-1', trackingNumber: 'TRK77' },
  'order.delivered': { orderNumber: 'ES-4242-1' },
  'order.cancelled': { orderNumber: 'ES-4242-1' },
  'return.state': { returnId: 31, orderNumber: 'ES-4242-1', state: 'approved' },
  'case.reply': { caseId: 12, subject: 'Pantalla negra' },
  'digital.codes': { orderNumber: 'ES-4242-1', articleName: 'Space Saga', releaseAt: RELEASE },
  'giftcard.sent': { orderNumber: 'ES-4242-1', recipientName: 'Lucía', amount: 5000 },
  'subscription.active': { subscriptionId: 5, name: 'Cloud Plus', amount: 999, date: ENDS },
  'subscription.renewed': { subscriptionId: 5, name: 'Cloud Plus', amount: 999, date: ENDS },
  'subscription.renewal_failed': { subscriptionId: 5, name: 'Cloud Plus', amount: 999, date: ENDS },
  'subscription.canceled': { subscriptionId: 5, name: 'Cloud Plus', date: ENDS },
  'subscription.expired': { subscriptionId: 5, name: 'Cloud Plus', date: ENDS },
  'certificate.validated': { certificateId: 3, nif: 'B12345678' },
  'certificate.rejected': { certificateId: 3, nif: 'B12345678', reason: 'Caducado' },
  'insurance.policy': { policyId: 8, articleName: 'Portátil Zen', endsAt: ENDS },
  'insurance.expiring': { policyId: 8, articleName: 'Portátil Zen', endsAt: ENDS },
};

function render(kind: string, params: InboxParams, language: Language) {
  const i18n = createI18n(language, CATALOGS[language]);
  const missing: string[] = [];
  i18n.on('missing', (event) => missing.push(event.id));
  const channel = DEFAULT_CHANNELS.ES;
  const message = renderInboxMessage({ id: 1, kind, params, createdAt: RELEASE, readAt: null }, { i18n, language, link: (route, p) => href(route, language, channel, p) });
  return { message, missing };
}

describe('inbox kinds', () => {
  it('has a sample for every kind of the contract', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(INBOX_KINDS).sort());
  });

  for (const [kind, params] of Object.entries(SAMPLES)) {
    for (const language of LANGUAGES) {
      it(`${kind} reads in ${language} with its params`, () => {
        const { message, missing } = render(kind, params, language);
        expect(missing).toEqual([]);
        for (const text of [message.title, message.body, message.linkLabel]) {
          expect(text.length).toBeGreaterThan(0);
          expect(text).not.toMatch(/[{}]/);
        }
        // Not the generic line: the kind's own words, with the values it is about.
        expect(message.title).not.toBe(render('no.such.kind', {}, language).message.title);
        for (const key of ['orderNumber', 'trackingNumber', 'subject', 'articleName', 'recipientName', 'name', 'nif', 'reason'] as const) {
          if (params[key] !== undefined) expect(message.body).toContain(String(params[key]));
        }
        expect(message.link.startsWith('/')).toBe(true);
        expect(message.read).toBe(false);
      });
    }
  }

  it('formats money and dates for the reader', () => {
    const es = render('giftcard.sent', SAMPLES['giftcard.sent']!, 'es_ES').message.body;
    expect(es).toContain('50,00');
    expect(render('giftcard.sent', SAMPLES['giftcard.sent']!, 'en_EN').message.body).toContain('€50.00');
    expect(render('insurance.policy', SAMPLES['insurance.policy']!, 'es_ES').message.body).toContain('25/11/2027');
    expect(render('insurance.policy', SAMPLES['insurance.policy']!, 'de_DE').message.body).toContain('25.11.2027');
    expect(formatShortDate(RELEASE, 'fr_FR')).toBe('24/12/2026');
  });

  it('links each message to what it is about', () => {
    expect(render('order.paid', SAMPLES['order.paid']!, 'es_ES').message.link).toBe(`${es('accountOrderDetail')}?order=ES-4242-1`);
    expect(render('case.reply', SAMPLES['case.reply']!, 'es_ES').message.link).toBe(es('accountAfterSalesCase', { id: '12' }));
    expect(es('accountAfterSalesCase', { id: '12' })).toMatch(/\/caso-postventa\/12$/);
    expect(render('digital.codes', SAMPLES['digital.codes']!, 'es_ES').message.link).toBe(es('accountDigitalKeys'));
    expect(render('subscription.renewed', SAMPLES['subscription.renewed']!, 'es_ES').message.link).toBe(es('accountSubscriptions'));
    expect(render('insurance.expiring', SAMPLES['insurance.expiring']!, 'es_ES').message.link).toBe(es('accountInsuranceRenewals'));
    expect(render('certificate.rejected', SAMPLES['certificate.rejected']!, 'es_ES').message.link).toBe(es('accountDocuments'));
    expect(render('return.state', SAMPLES['return.state']!, 'es_ES').message.link).toBe(es('accountReturns'));
  });

  it('leaves out the sentences of optional params that are absent', () => {
    const bare = render('order.shipped', { orderNumber: 'ES-1-1' }, 'en_EN').message.body;
    expect(bare).toBe('Your order ES-1-1 has been shipped.');
    const rejected = render('certificate.rejected', { certificateId: 1, nif: 'B1' }, 'en_EN').message.body;
    expect(rejected).not.toContain('Reason');
  });

  it('says something for each return state, and a plain line for a state it does not know', () => {
    const titles = ['requested', 'approved', 'received', 'refunded', 'rejected', 'cancelled', 'lost'].map((state) => render('return.state', { returnId: 1, orderNumber: 'ES-1-1', state }, 'pt_PT'));
    for (const { message, missing } of titles) {
      expect(missing).toEqual([]);
      expect(message.body).toContain('ES-1-1');
    }
    expect(new Set(titles.map((t) => t.message.title)).size).toBe(7);
  });

  for (const language of LANGUAGES) {
    it(`an unknown kind, or a known kind missing a param, reads as the generic line in ${language}`, () => {
      const unknown = render('loyalty.points', { points: 3 }, language);
      expect(unknown.missing).toEqual([]);
      expect(unknown.message.title.length).toBeGreaterThan(0);
      expect(unknown.message.link).toBe(href('account', language, DEFAULT_CHANNELS.ES));
      expect(render('order.paid', {}, language).message.title).toBe(unknown.message.title);
      expect(render('giftcard.sent', { orderNumber: 'X', recipientName: 'Y', amount: 'lots' }, language).message.title).toBe(unknown.message.title);
    });
  }

  it('does not take inherited names for kinds', () => {
    expect(inboxWords('constructor', {}, 'en_EN').title).toBe(inboxWords('nope', {}, 'en_EN').title);
    expect(inboxWords('__proto__', {}, 'en_EN').title).toBe(inboxWords('nope', {}, 'en_EN').title);
  });
});
