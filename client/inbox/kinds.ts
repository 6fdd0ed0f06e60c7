/**
 * The inbox's messages in words (spec §2 /bandeja-de-entrada; docs/account.md "Inbox"). A message
 * is stored as a kind and its params (worker/inbox/messages.ts), never as text: it reads in the
 * language of whoever opens it, and a wording fixed here fixes every message already sent.
 *
 * Each kind gives a title, a body built from its params (money in cents and dates in ms are
 * formatted for the reader's language), and the link to what it is about. A kind this table does
 * not know (a message written by a newer version, a kind retired) reads as a generic line rather
 * than failing the whole inbox.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '../i18n/languages';
import { formatMoney, formatShortDate } from '../i18n/format';
import type { RouteId, RouteParams } from '../routes';

export type InboxParams = Record<string, string | number>;

/** A stored message as the inbox reads it. */
export interface InboxRow {
  id: number;
  kind: string;
  params: InboxParams;
  createdAt: number;
  readAt: number | null;
}

/** A message in the reader's words: what the API answers and the screens show. */
export interface RenderedInboxMessage {
  id: number;
  kind: string;
  title: string;
  body: string;
  /** The path of what the message is about (an order, a case, the keys…), on the reader's channel. */
  link: string;
  linkLabel: string;
  createdAt: number;
  read: boolean;
}

interface Target {
  route: RouteId;
  params?: RouteParams;
  query?: Record<string, string>;
  label: MessageDescriptor;
}

/** What a kind says: text values already formatted (see `Formatted`). */
interface KindWords {
  title: MessageDescriptor;
  /** Sentences, joined with a space; optional params add their own. */
  body: MessageDescriptor[];
  target: Target;
}

/**
 * Params as text: money and dates formatted for the reader, the rest as given. A kind's required
 * params are checked before its words are asked for (`KindRule.required`); the optional ones may
 * be absent.
 */
interface Formatted {
  [key: string]: string | undefined;
  orderNumber: string;
  trackingNumber?: string;
  returnId: string;
  state: string;
  caseId: string;
  subject: string;
  articleName: string;
  releaseAt?: string;
  recipientName: string;
  amount?: string;
  name: string;
  date?: string;
  nif: string;
  reason?: string;
  endsAt: string;
}

interface KindRule {
  /** The params a message of this kind always carries (the others are optional). */
  required: readonly string[];
  /** Params in cents (formatted as money) and in ms (formatted as dates). */
  money?: readonly string[];
  dates?: readonly string[];
  words(p: Formatted): KindWords;
}

const seeOrder = (orderNumber: string): Target => ({ route: 'accountOrderDetail', query: { order: orderNumber }, label: msg`See the order` });

const ORDER = ['orderNumber'] as const;

function subscription(words: (name: string, amount: string | undefined, date: string | undefined) => { title: MessageDescriptor; body: MessageDescriptor[] }): KindRule {
  return {
    required: ['subscriptionId', 'name'],
    money: ['amount'],
    dates: ['date'],
    words: (p) => ({ ...words(p.name, p.amount, p.date), target: { route: 'accountSubscriptions', label: msg`See my subscriptions` } }),
  };
}

const RETURN_STATE_WORDS: Record<string, (returnId: string, orderNumber: string) => { title: MessageDescriptor; body: MessageDescriptor }> = {
  requested: (returnId, orderNumber) => ({ title: msg`Return requested`, body: msg`We have received your return request ${returnId} for order ${orderNumber}.` }),
  approved: (returnId, orderNumber) => ({ title: msg`Return approved`, body: msg`We have approved your return ${returnId} for order ${orderNumber}. Send the items back with the return label.` }),
  received: (returnId, orderNumber) => ({ title: msg`Return received`, body: msg`The items of your return ${returnId} for order ${orderNumber} have reached our warehouse. We are checking them.` }),
  refunded: (returnId, orderNumber) => ({ title: msg`Return refunded`, body: msg`We have refunded your return ${returnId} for order ${orderNumber}.` }),
  rejected: (returnId, orderNumber) => ({ title: msg`Return rejected`, body: msg`We could not accept your return ${returnId} for order ${orderNumber}. You can see the details in your returns.` }),
  cancelled: (returnId, orderNumber) => ({ title: msg`Return cancelled`, body: msg`Your return ${returnId} for order ${orderNumber} has been cancelled.` }),
};

/** Every kind the store sends (the contract of worker/inbox/messages.ts), with what it says. */
export const INBOX_KINDS: Record<string, KindRule> = {
  'order.paid': {
    required: ORDER,
    words: ({ orderNumber }) => ({ title: msg`Payment received`, body: [msg`We have received the payment for your order ${orderNumber}. We are getting it ready.`], target: seeOrder(orderNumber) }),
  },
  'order.shipped': {
    required: ORDER,
    words: ({ orderNumber, trackingNumber }) => ({
      title: msg`Your order is on its way`,
      body: [msg`Your order ${orderNumber} has been shipped.`, ...(trackingNumber ? [msg`Tracking number: ${trackingNumber}.`] : [])],
      target: seeOrder(orderNumber),
    }),
  },
  'order.delivered': {
    required: ORDER,
    words: ({ orderNumber }) => ({ title: msg`Order delivered`, body: [msg`Your order ${orderNumber} has been delivered. We hope you enjoy it.`], target: seeOrder(orderNumber) }),
  },
  'order.cancelled': {
    required: ORDER,
    words: ({ orderNumber }) => ({ title: msg`Order cancelled`, body: [msg`Your order ${orderNumber} has been cancelled. If you had paid for it, we will refund you the way you paid.`], target: seeOrder(orderNumber) }),
  },
  'return.state': {
    required: ['returnId', 'orderNumber', 'state'],
    words: ({ returnId, orderNumber, state }) => {
      const words = Object.hasOwn(RETURN_STATE_WORDS, state) ? RETURN_STATE_WORDS[state] : undefined;
      const said = words ? words(returnId, orderNumber) : { title: msg`Your return has changed`, body: msg`Your return ${returnId} for order ${orderNumber} has a new status.` };
      return { title: said.title, body: [said.body], target: { route: 'accountReturns', label: msg`See my returns` } };
    },
  },
  'case.reply': {
    required: ['caseId', 'subject'],
    words: ({ caseId, subject }) => ({
      title: msg`Our team has answered you`,
      body: [msg`There is a new reply on your after-sales case “${subject}”.`],
      target: { route: 'accountAfterSalesCase', params: { id: caseId }, label: msg`See the case` },
    }),
  },
  'digital.codes': {
    required: ['orderNumber', 'articleName'],
    dates: ['releaseAt'],
    words: ({ orderNumber, articleName, releaseAt }) => ({
      title: msg`Your digital key is ready`,
      body: releaseAt
        ? [msg`The key for ${articleName} (order ${orderNumber}) is in your account. You can reveal it from ${releaseAt}, its release date.`]
        : [msg`The key for ${articleName} (order ${orderNumber}) is in your account.`],
      target: { route: 'accountDigitalKeys', label: msg`See my keys` },
    }),
  },
  'giftcard.sent': {
    required: ['orderNumber', 'recipientName', 'amount'],
    money: ['amount'],
    words: ({ orderNumber, recipientName, amount = '' }) => ({
      title: msg`Gift card sent`,
      body: [msg`We have sent your ${amount} gift card to ${recipientName} (order ${orderNumber}).`],
      target: seeOrder(orderNumber),
    }),
  },
  'subscription.active': subscription((name, amount, date) => ({
    title: msg`Your subscription is active`,
    body: [msg`Your subscription to ${name} is now active.`, ...(date ? [msg`Next renewal: ${date}.`] : []), ...(amount ? [msg`Each period costs ${amount}.`] : [])],
  })),
  'subscription.renewed': subscription((name, amount, date) => ({
    title: msg`Subscription renewed`,
    body: [msg`Your subscription to ${name} has been renewed.`, ...(amount ? [msg`We have charged ${amount}.`] : []), ...(date ? [msg`Next renewal: ${date}.`] : [])],
  })),
  'subscription.renewal_failed': subscription((name, amount, date) => ({
    title: msg`We could not renew your subscription`,
    body: [msg`The payment to renew your subscription to ${name} did not go through.`, ...(amount ? [msg`Amount: ${amount}.`] : []), ...(date ? [msg`We will try again on ${date}.`] : []), msg`Check the card of the subscription.`],
  })),
  'subscription.canceled': subscription((name, _amount, date) => ({
    title: msg`Subscription cancelled`,
    body: [msg`Your subscription to ${name} has been cancelled.`, ...(date ? [msg`It stays active until ${date}.`] : [])],
  })),
  'subscription.expired': subscription((name, _amount, date) => ({
    title: msg`Subscription ended`,
    body: date ? [msg`Your subscription to ${name} ended on ${date}.`] : [msg`Your subscription to ${name} has ended.`],
  })),
  'certificate.validated': {
    required: ['certificateId', 'nif'],
    words: ({ nif }) => ({
      title: msg`Tax-exemption certificate validated`,
      body: [msg`Your certificate for tax ID ${nif} has been validated. Your next invoices take it into account.`],
      target: { route: 'accountDocuments', label: msg`See my documents` },
    }),
  },
  'certificate.rejected': {
    required: ['certificateId', 'nif'],
    words: ({ nif, reason }) => ({
      title: msg`Tax-exemption certificate rejected`,
      body: [msg`We could not validate your certificate for tax ID ${nif}.`, ...(reason ? [msg`Reason: ${reason}.`] : []), msg`You can upload a new one from your documents.`],
      target: { route: 'accountDocuments', label: msg`See my documents` },
    }),
  },
  'insurance.policy': {
    required: ['policyId', 'articleName', 'endsAt'],
    dates: ['endsAt'],
    words: ({ articleName, endsAt }) => ({
      title: msg`Your insurance is active`,
      body: [msg`Your ${articleName} is insured until ${endsAt}.`],
      target: { route: 'accountInsurances', label: msg`See my insurance` },
    }),
  },
  'insurance.expiring': {
    required: ['policyId', 'articleName', 'endsAt'],
    dates: ['endsAt'],
    words: ({ articleName, endsAt }) => ({
      title: msg`Your insurance is about to end`,
      body: [msg`The insurance of your ${articleName} ends on ${endsAt}. You can renew it from your account.`],
      target: { route: 'accountInsuranceRenewals', label: msg`Renew my insurance` },
    }),
  },
};

/** What an unknown kind (or a message missing a param it needs) reads as. */
const GENERIC: KindWords = {
  title: msg`A message from Ampora`,
  body: [msg`There is news about your account.`],
  target: { route: 'account', label: msg`Go to my account` },
};

function formatted(rule: KindRule, params: InboxParams, language: Language): Formatted | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === '' || value === null || value === undefined) continue;
    const number = Number(value);
    if (rule.money?.includes(key)) {
      if (!Number.isFinite(number)) continue;
      out[key] = formatMoney(number, language);
    } else if (rule.dates?.includes(key)) {
      if (!Number.isFinite(number)) continue;
      out[key] = formatShortDate(number, language);
    } else out[key] = String(value);
  }
  return rule.required.every((key) => out[key] !== undefined) ? (out as Formatted) : undefined;
}

/** The words of a kind and its params, the generic line when the kind is unknown or a param it needs is missing. */
export function inboxWords(kind: string, params: InboxParams, language: Language): KindWords {
  const rule = Object.hasOwn(INBOX_KINDS, kind) ? INBOX_KINDS[kind] : undefined;
  const values = rule ? formatted(rule, params ?? {}, language) : undefined;
  return rule && values ? rule.words(values) : GENERIC;
}

export interface InboxRenderContext {
  i18n: I18n;
  language: Language;
  /** The link builder of the reader's language and channel (href / useHref). */
  link: (route: RouteId, params?: RouteParams) => string;
}

export function renderInboxMessage(row: InboxRow, { i18n, language, link }: InboxRenderContext): RenderedInboxMessage {
  const words = inboxWords(row.kind, row.params, language);
  const query = words.target.query ? `?${new URLSearchParams(words.target.query).toString()}` : '';
  return {
    id: row.id,
    kind: row.kind,
    title: i18n._(words.title),
    body: words.body.map((sentence) => i18n._(sentence)).join(' '),
    link: link(words.target.route, words.target.params) + query,
    linkLabel: i18n._(words.target.label),
    createdAt: row.createdAt,
    read: row.readAt !== null,
  };
}
