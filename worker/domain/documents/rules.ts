/**
 * Country rules of tax documents (docs/invoicing.md): VAT rates per channel, the series each
 * document type is numbered in, when Spain allows a simplified ticket, the type codes Italy and
 * Portugal print, and who Ampora is on each channel's documents. Pure data and functions.
 */
import type { ChannelId } from '../../channel/channels';

/** Spec §3 document types. */
export const DOCUMENT_TYPES = ['proforma', 'invoice', 'ticket', 'order', 'passiveSubject', 'marketplace', 'corrective'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The document an order gets once paid (one of these per order, until a conversion replaces a
 * ticket). `passiveSubject` is Ampora's invoice to a customer whose tax-exemption certificate
 * makes it a reverse-charge one (worker/domain/documents/exemption.ts).
 */
export const ORDER_DOCUMENT_TYPES = ['invoice', 'ticket', 'marketplace', 'passiveSubject'] as const satisfies readonly DocumentType[];

/**
 * Whether an order has a proforma invoice: only while it awaits payment (a transfer not arrived,
 * a card payment not completed). Paid, it has its invoice; cancelled, nothing is owed.
 */
export const proformaOffered = (order: { state: string; paidAt: unknown }): boolean => order.state === 'awaiting_payment' && order.paidAt === null;

/**
 * The standard VAT rate of each channel in basis points (2100 = 21 %). Everything the store sells
 * (electronics, shipping) is taxed at the standard rate; the breakdown code handles several rates.
 */
export const VAT_RATES: Record<ChannelId, number> = { ES: 2100, PT: 2300, FR: 2000, IT: 2200, DE: 1900 };

/** Series codes per document type; marketplace sellers number in series of their own. */
const SERIES: Record<Exclude<DocumentType, 'marketplace'>, string> = {
  invoice: 'F',
  ticket: 'T',
  corrective: 'R',
  proforma: 'P',
  order: 'O',
  passiveSubject: 'S',
};

/**
 * The series a document is numbered in. Corrective documents have their own series (Spain,
 * art. 15 RD 1619/2012); a marketplace seller's invoices and credit notes are the seller's, so
 * each seller has its pair of series ('M7', 'RM7').
 */
export function seriesFor(type: DocumentType, sellerId = 0): string {
  if (type === 'marketplace') return `M${sellerId}`;
  if (type === 'corrective' && sellerId !== 0) return `RM${sellerId}`;
  return SERIES[type];
}

/** Simplified ticket limits, VAT included (art. 4 RD 1619/2012): the general one and the retail cases. */
export const TICKET_LIMIT = 40_000;
export const RETAIL_TICKET_LIMIT = 300_000;

export interface TicketFacts {
  channel: ChannelId;
  /** Made at a shop's till (`orders.front_order`); online orders are distance sales. */
  frontOrder: boolean;
  /** Invoice total, cents, VAT included. */
  total: number;
  /** The buyer gave a tax id (a company or freelance invoice): they get a full invoice. */
  buyerTaxId: boolean;
  /** The sale is one of the retail cases the law names (the 3,000 € limit). */
  retail: boolean;
}

/**
 * Whether a simplified ticket may replace the invoice. Only Spain issues them here: never for a
 * distance sale (every online order), never when the buyer identifies with a tax id, and only up
 * to 400 € (3,000 € in the retail cases).
 */
export function ticketAllowed(facts: TicketFacts): boolean {
  if (facts.channel !== 'ES' || !facts.frontOrder || facts.buyerTaxId) return false;
  return facts.total <= (facts.retail ? RETAIL_TICKET_LIMIT : TICKET_LIMIT);
}

/**
 * Whether Ampora's shop sales count as the retail cases of art. 4.1 (the 3,000 € limit). That
 * depends on how the activity is registered in the tax census; ours is under the general case.
 */
export const SHOP_SALES_ARE_RETAIL_CASE = false;

/** Italy's document type codes (FatturaPA TipoDocumento), printed on Italian documents. */
export function italianTypeCode(type: DocumentType): string | null {
  if (type === 'corrective') return 'TD04';
  if (type === 'invoice' || type === 'marketplace' || type === 'passiveSubject') return 'TD01';
  return null;
}

/** Portugal's document type codes (SAF-T PT): FT invoice, FS simplified invoice, NC credit note, PF proforma. */
export function portugueseTypeCode(type: DocumentType): string {
  if (type === 'corrective') return 'NC';
  if (type === 'ticket') return 'FS';
  if (type === 'proforma') return 'PF';
  return 'FT';
}

/** Spain's Verifactu invoice types: F1 invoice, F2 simplified, R1 corrective of an invoice, R5 of a simplified one. */
export function spanishTypeCode(type: DocumentType, rectifiesTicket = false): string {
  if (type === 'corrective') return rectifiesTicket ? 'R5' : 'R1';
  if (type === 'ticket') return 'F2';
  return 'F1';
}

export interface Party {
  name: string;
  taxId: string;
  address: string;
  country: string;
}

/** Ampora as the seller of its own documents on each channel (registered for VAT in each country). */
export const AMPORA: Record<ChannelId, Party> = {
  ES: { name: 'Ampora Retail S.L.', taxId: 'B30999999', address: 'Avenida de la Libertad 6, 30009 Murcia', country: 'ES' },
  PT: { name: 'Ampora Retail S.L. – Sucursal em Portugal', taxId: '980999997', address: 'Avenida da Liberdade 110, 1269-046 Lisboa', country: 'PT' },
  FR: { name: 'Ampora Retail S.L.', taxId: 'FR41930999999', address: 'Avenida de la Libertad 6, 30009 Murcia (Espagne)', country: 'ES' },
  IT: { name: 'Ampora Retail S.L.', taxId: 'IT00999990993', address: 'Avenida de la Libertad 6, 30009 Murcia (Spagna)', country: 'ES' },
  DE: { name: 'Ampora Retail S.L.', taxId: 'DE309999999', address: 'Avenida de la Libertad 6, 30009 Murcia (Spanien)', country: 'ES' },
};

/**
 * Portugal's series validation codes, given by the tax authority when a series is registered
 * (ATCUD = code + "-" + number). Marketplace sellers' series are registered by each seller.
 */
export const PT_SERIES_VALIDATION_CODES: Record<string, string> = { F: 'JFJMBRVK', T: 'JFJMBRVM', R: 'JFJMBRVP', P: 'JFJMBRVR' };

/** The validation code of a Portuguese series; an unregistered one gets a stable code derived from its name. */
export function ptValidationCode(series: string): string {
  const known = PT_SERIES_VALIDATION_CODES[series];
  if (known) return known;
  const alphabet = 'BCDFGHJKLMNPQRSTVWXZ23456789';
  let state = 2166136261;
  for (const char of series) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  let code = '';
  for (let i = 0; i < 8; i++) {
    code += alphabet[state % alphabet.length];
    state = Math.imul(state ^ i, 16777619) >>> 0;
  }
  return code;
}
