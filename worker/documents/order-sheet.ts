/**
 * Documents rendered from an order at request time, never stored nor numbered (docs/invoicing.md):
 * the proforma invoice of an order still awaiting payment, and the order summary ("resguardo") of
 * any order. Neither is a tax document, so neither takes a number of a fiscal series nor a link of
 * the hash chain; their reference is the order number. They print with the invoice's layout.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import { formatDate, formatMoney } from '../../client/i18n/format';
import { ORDER_STATE_LABELS, PAYMENT_BRANDS, PAYMENT_METHOD_LABELS } from '../../client/orders/labels';
import type { Db } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { localDate } from '../domain/documents/numbering';
import { proformaOffered } from '../domain/documents/rules';
import { breakdownTotals, vatBreakdown } from '../domain/documents/vat';
import { addressLine, addressPartsOf } from '../domain/identity/address-format';
import { BANK_ACCOUNTS } from '../orders/bank-accounts';
import { asChannel, buyerOf, orderDocumentLines, orderSeller, type DocumentRow } from './issue';
import { documentPdf, type PdfSection } from './pdf';

export const RENDERED_TYPES = ['proforma', 'order'] as const;
export type RenderedType = (typeof RENDERED_TYPES)[number];

export const isRenderedType = (value: string): value is RenderedType => (RENDERED_TYPES as readonly string[]).includes(value);

type OrderRow = typeof orders.$inferSelect;

/**
 * The PDF of the user's order as a proforma or order summary. Undefined (the 404 page) when the
 * order is unknown or another user's, and for a proforma once the order is paid or cancelled.
 */
export async function orderSheetPdf(
  db: Db,
  input: { userId: number; orderNumber: string; type: RenderedType; language: Language; i18n: I18n; now: Date },
): Promise<{ bytes: Uint8Array; filename: string } | undefined> {
  const [[order], lines] = await db.batch([
    db.select().from(orders).where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.userId, input.userId))),
    db.select().from(orderLines).where(eq(orderLines.orderNumber, input.orderNumber)).orderBy(orderLines.id),
  ]);
  if (!order) return undefined;
  if (input.type === 'proforma' && !proformaOffered(order)) return undefined;
  const { i18n, language } = input;
  const channel = asChannel(order.channel);
  const printed = orderDocumentLines(order, lines);
  const breakdown = vatBreakdown(printed);
  const totals = breakdownTotals(breakdown);
  // A proforma is dated the day it is asked for; the summary carries the order's date.
  const issuedAt = input.type === 'proforma' ? input.now.getTime() : order.createdAt;
  const document: DocumentRow = {
    id: 0,
    channel,
    docType: input.type,
    series: '',
    year: localDate(channel, new Date(issuedAt)).year,
    number: 0,
    code: order.orderNumber,
    orderNumber: order.orderNumber,
    userId: order.userId,
    rectifiesId: null,
    refundId: null,
    language: order.language,
    currency: 'EUR',
    seller: { ...(await orderSeller(db, order)) },
    buyer: { ...buyerOf(order.billingAddress, order.shippingAddress) },
    lines: printed.map((l) => ({ ...l })),
    vatBreakdown: breakdown.map((r) => ({ ...r })),
    taxableTotal: totals.base,
    vatTotal: totals.vat,
    total: totals.total,
    previousHash: '',
    hash: '',
    atcud: null,
    issuedAt,
  };
  const money = (cents: number) => formatMoney(cents, language, 'EUR');
  const sections = input.type === 'proforma' ? proformaSections(order, i18n, money) : summarySections(order, i18n, language, money);
  const notice = input.type === 'proforma' ? i18n._(msg`This is not a tax invoice: the invoice is issued once the order is paid.`) : i18n._(msg`This order summary is not a tax invoice.`);
  const bytes = await documentPdf({ document, language, i18n, notice, sections });
  return { bytes, filename: `${input.type}-${order.orderNumber}.pdf` };
}

const paymentMethodName = (i18n: I18n, method: string) => PAYMENT_BRANDS[method] ?? (PAYMENT_METHOD_LABELS[method] ? i18n._(PAYMENT_METHOD_LABELS[method]!) : method);

/** What is left to pay (after gift card and balance, with the solidary donation) and how. */
function proformaSections(order: OrderRow, i18n: I18n, money: (cents: number) => string): PdfSection[] {
  const amount = money(order.total);
  const reference = order.orderNumber;
  const method = paymentMethodName(i18n, order.paymentMethod);
  if (order.paymentMethod !== 'transferencia') {
    return [{ heading: i18n._(msg`Payment`), lines: [i18n._(msg`Amount to pay: ${amount}`), i18n._(msg`Payment method: ${method}`)] }];
  }
  return [
    {
      heading: i18n._(msg`Payment by bank transfer`),
      lines: [
        i18n._(msg`Amount to pay: ${amount}`),
        i18n._(msg`Transfer reference: ${reference}`),
        ...BANK_ACCOUNTS.map((a) => `${a.bank} · ${a.holder} · IBAN ${a.iban} · BIC ${a.bic}`),
      ],
    },
  ];
}

/** Delivery address, payment method and state of the order, and what it costs after gift card and balance. */
function summarySections(order: OrderRow, i18n: I18n, language: Language, money: (cents: number) => string): PdfSection[] {
  const date = formatDate(new Date(order.createdAt), language, { dateStyle: 'long', timeStyle: 'short', timeZone: CHANNEL_TIME_ZONES[asChannel(order.channel)] ?? 'Europe/Madrid' });
  const method = paymentMethodName(i18n, order.paymentMethod);
  const stateLabel = ORDER_STATE_LABELS[order.state];
  const state = stateLabel ? i18n._(stateLabel) : order.state;
  const amount = money(order.total);
  const address = addressLine(addressPartsOf(order.shippingAddress));
  const lines = [i18n._(msg`Order date: ${date}`), i18n._(msg`State: ${state}`), i18n._(msg`Payment method: ${method}`), i18n._(msg`Order total: ${amount}`)];
  if (address) lines.push(i18n._(msg`Delivery address: ${address}`));
  return [{ heading: i18n._(msg`Order details`), lines }];
}
