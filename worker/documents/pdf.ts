/**
 * A document as a PDF, built in the Worker with pdf-lib (standard Helvetica, so nothing to
 * embed): seller, buyer, tax ids, lines, VAT per rate, totals, and the fiscal footer (the hash,
 * Portugal's ATCUD and QR code, Italy's type code), in the reader's language. The standard fonts
 * only encode WinAnsi, so other characters are transliterated (ł → l) or replaced.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import { LANGUAGE_INFO, type Language } from '../../client/i18n/languages';
import { formatDate, formatMoney } from '../../client/i18n/format';
import type { ChannelId } from '../channel/channels';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { localDate } from '../domain/documents/numbering';
import { ptQrPayload } from '../domain/documents/portugal';
import { REVERSE_CHARGE_MENTION } from '../domain/documents/exemption';
import { italianTypeCode, portugueseTypeCode, type DocumentType } from '../domain/documents/rules';
import type { VatRow } from '../domain/documents/vat';
import type { DocumentLine, DocumentParty, DocumentRow } from './issue';

/** Characters WinAnsi has beyond Latin-1 (the 0x80–0x9F block). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: Latin-1 and WinAnsi's extras kept, accents dropped elsewhere, '?' last. */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (code === 0x202f || code === 0x2009 || code === 0x2007) out += ' ';
    else if (code === 0x2212) out += '-';
    else if (code < 0x20) out += ' ';
    else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => c.codePointAt(0)! < 0x100) ? base : char === 'ł' ? 'l' : char === 'Ł' ? 'L' : char === 'ß' ? 'ss' : '?';
    }
  }
  return out;
}

const TITLES: Record<DocumentType, MessageDescriptor> = {
  invoice: msg`Invoice`,
  ticket: msg`Simplified invoice`,
  corrective: msg`Corrective invoice (credit note)`,
  marketplace: msg`Invoice issued by the seller`,
  proforma: msg`Proforma invoice`,
  order: msg`Order summary`,
  passiveSubject: msg`Invoice (reverse charge)`,
};

const LINE_LABELS: Record<Exclude<DocumentLine['kind'], 'article'>, MessageDescriptor> = {
  shipping: msg`Shipping`,
  discount: msg`Discount`,
  refund: msg`Refund`,
  adjustment: msg`Other amounts refunded`,
};

/** The document's title in a language (also the download screens' wording). */
export const documentTitle = (i18n: I18n, type: string): string => i18n._(TITLES[type as DocumentType] ?? TITLES.invoice);

export interface PdfInput {
  document: DocumentRow;
  /** The code of the document a credit note rectifies. */
  rectifiedCode?: string;
  language: Language;
  i18n: I18n;
  /** Printed in bold under the heading: what the document is not (a proforma is no tax invoice). */
  notice?: string;
  /** Blocks after the totals (payment instructions, delivery, state), each a heading and its lines. */
  sections?: readonly PdfSection[];
}

export interface PdfSection {
  heading: string;
  lines: readonly string[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const GREY = rgb(0.35, 0.35, 0.35);

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  /** Room for `height` more points, or a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN + 20) return;
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  text(value: string, x: number, options: { size?: number; bold?: boolean; maxWidth?: number; right?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    const size = options.size ?? 9;
    const font = options.bold ? this.bold : this.font;
    let safe = winAnsi(value);
    if (options.maxWidth) while (safe.length > 1 && font.widthOfTextAtSize(safe, size) > options.maxWidth) safe = `${safe.slice(0, -2)}…`;
    const width = font.widthOfTextAtSize(safe, size);
    this.page.drawText(safe, { x: options.right ? x - width : x, y: this.y, size, font, color: options.color });
  }
  line(step = 12) {
    this.y -= step;
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 8 }, end: { x: A4[0] - MARGIN, y: this.y + 8 }, thickness: 0.5, color: GREY });
  }
}

const percent = (rate: number, language: Language) => `${new Intl.NumberFormat(LANGUAGE_INFO[language].tag, { maximumFractionDigits: 2 }).format(rate / 100)} %`;

export async function documentPdf({ document: doc, rectifiedCode, language, i18n, notice, sections = [] }: PdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = documentTitle(i18n, doc.docType);
  pdf.setTitle(winAnsi(`${title} ${doc.code}`));
  pdf.setAuthor(winAnsi((doc.seller as unknown as DocumentParty).name));
  pdf.setCreationDate(new Date(doc.issuedAt));
  pdf.setModificationDate(new Date(doc.issuedAt));
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const money = (cents: number) => formatMoney(cents, language, doc.currency);
  const channel = doc.channel as ChannelId;
  const seller = doc.seller as unknown as DocumentParty;
  const buyer = doc.buyer as unknown as DocumentParty;
  const lines = doc.lines as unknown as DocumentLine[];
  const vat = doc.vatBreakdown as unknown as VatRow[];
  const right = A4[0] - MARGIN;

  // Heading: what it is, its number and date, the type code the country asks for.
  w.text(title, MARGIN, { size: 16, bold: true });
  w.text(doc.code, right, { size: 12, bold: true, right: true });
  w.line(18);
  w.text(`${i18n._(msg`Date`)}: ${formatDate(new Date(doc.issuedAt), language, { dateStyle: 'long', timeZone: CHANNEL_TIME_ZONES[channel] ?? 'Europe/Madrid' })}`, MARGIN);
  w.text(`${i18n._(msg`Order`)}: ${doc.orderNumber}`, right, { right: true });
  w.line();
  const italian = channel === 'IT' ? italianTypeCode(doc.docType as DocumentType) : null;
  if (italian) {
    w.text(`${i18n._(msg`Document type`)}: ${italian}`, MARGIN);
    w.line();
  }
  if (rectifiedCode) {
    w.text(`${i18n._(msg`Rectifies document`)}: ${rectifiedCode}`, MARGIN, { bold: true });
    w.line();
  }
  if (notice) {
    w.text(notice, MARGIN, { bold: true, maxWidth: right - MARGIN });
    w.line();
  }
  w.line(8);

  // Seller and buyer side by side.
  const column = (A4[0] - 2 * MARGIN) / 2;
  const party = (label: string, p: DocumentParty, x: number, top: number) => {
    w.y = top;
    w.text(label, x, { bold: true, color: GREY });
    w.line();
    w.text(p.name || '—', x, { bold: true, maxWidth: column - 10 });
    w.line();
    if (p.taxId) {
      w.text(`${i18n._(msg`Tax ID`)}: ${p.taxId}`, x, { maxWidth: column - 10 });
      w.line();
    }
    if (p.address) {
      w.text(p.address, x, { maxWidth: column - 10 });
      w.line();
    }
    return w.y;
  };
  const top = w.y;
  const afterSeller = party(i18n._(msg`Seller`), seller, MARGIN, top);
  const afterBuyer = party(i18n._(msg`Customer`), buyer, MARGIN + column, top);
  w.y = Math.min(afterSeller, afterBuyer) - 12;

  // Lines.
  const cols = { description: MARGIN, qty: 340, unit: 410, rate: 460, total: right };
  const header = () => {
    w.text(i18n._(msg`Description`), cols.description, { bold: true });
    w.text(i18n._(msg`Qty`), cols.qty, { bold: true, right: true });
    w.text(i18n._(msg`Unit price`), cols.unit, { bold: true, right: true });
    w.text(i18n._(msg`VAT`), cols.rate, { bold: true, right: true });
    w.text(i18n._(msg`Total`), cols.total, { bold: true, right: true });
    w.line(4);
    w.rule();
    w.line(10);
  };
  header();
  for (const line of lines) {
    w.need(14);
    const name = line.kind === 'article' ? line.name : i18n._(LINE_LABELS[line.kind]);
    w.text(name, cols.description, { maxWidth: cols.qty - cols.description - 30 });
    w.text(String(line.qty), cols.qty, { right: true });
    w.text(money(line.unitPrice), cols.unit, { right: true });
    w.text(percent(line.rate, language), cols.rate, { right: true });
    w.text(money(line.total), cols.total, { right: true });
    w.line();
  }
  w.line(4);
  w.rule();
  w.line(10);

  // VAT per rate, then the totals.
  w.need(30 + 12 * vat.length);
  w.text(i18n._(msg`VAT rate`), 300, { bold: true, right: true });
  w.text(i18n._(msg`Taxable base`), 390, { bold: true, right: true });
  w.text(i18n._(msg`VAT`), 460, { bold: true, right: true });
  w.text(i18n._(msg`Total`), right, { bold: true, right: true });
  w.line();
  for (const row of vat) {
    w.text(percent(row.rate, language), 300, { right: true });
    w.text(money(row.base), 390, { right: true });
    w.text(money(row.vat), 460, { right: true });
    w.text(money(row.total), right, { right: true });
    w.line();
  }
  w.line(6);
  w.need(50);
  for (const [label, value, strong] of [
    [i18n._(msg`Taxable base`), doc.taxableTotal, false],
    [i18n._(msg`VAT`), doc.vatTotal, false],
    [i18n._(msg`Total (VAT included)`), doc.total, true],
  ] as const) {
    w.text(label, 460, { right: true, bold: strong, size: strong ? 11 : 9 });
    w.text(money(value), right, { right: true, bold: strong, size: strong ? 11 : 9 });
    w.line(strong ? 16 : 12);
  }

  // A reverse-charge document (and its credit notes) carries the legal mention of the channel's country.
  if (typeof buyer.certificateId === 'number') {
    w.need(30);
    w.line(6);
    w.text(REVERSE_CHARGE_MENTION[channel] ?? REVERSE_CHARGE_MENTION.ES, MARGIN, { bold: true, maxWidth: right - MARGIN });
    w.line();
    const certificateId = buyer.certificateId;
    w.text(i18n._(msg`VAT is accounted for by the customer (tax-exemption certificate ${certificateId}).`), MARGIN, { maxWidth: right - MARGIN });
    w.line();
  }

  for (const section of sections) {
    w.need(24 + 12 * section.lines.length);
    w.line(6);
    w.text(section.heading, MARGIN, { bold: true });
    w.line();
    for (const text of section.lines) {
      w.need(12);
      w.text(text, MARGIN, { maxWidth: right - MARGIN });
      w.line();
    }
  }
  // Documents rendered from an order (proforma, order summary) are outside the chain: no fiscal footer.
  if (!doc.hash) return pdf.save({ useObjectStreams: false });

  // Fiscal footer: the chain hash on every document; Portugal's ATCUD and QR code.
  w.need(channel === 'PT' ? 150 : 40);
  w.line(10);
  w.rule();
  w.line(6);
  if (doc.atcud) {
    w.text(`ATCUD: ${doc.atcud}`, MARGIN, { bold: true });
    w.line();
  }
  w.text(`${i18n._(msg`Hash`)}: ${doc.hash}`, MARGIN, { size: 7, color: GREY });
  w.line(10);
  if (doc.previousHash) {
    w.text(`${i18n._(msg`Previous hash`)}: ${doc.previousHash}`, MARGIN, { size: 7, color: GREY });
    w.line(10);
  }
  if (channel === 'PT' && doc.atcud) drawQr(w, ptPayloadOf(doc, seller, buyer, vat));
  return pdf.save({ useObjectStreams: false });
}

/** The Portuguese QR code's text for a stored document. */
export function ptPayloadOf(doc: DocumentRow, seller: DocumentParty, buyer: DocumentParty, vat: readonly VatRow[]): string {
  const date = localDate('PT', new Date(doc.issuedAt));
  const typeCode = portugueseTypeCode(doc.docType as DocumentType);
  return ptQrPayload({
    sellerNif: seller.taxId,
    buyerNif: buyer.taxId || null,
    buyerCountry: buyer.country || 'PT',
    typeCode,
    date: `${date.year}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`,
    documentId: `${typeCode} ${doc.series}${doc.year}/${doc.number}`,
    atcud: doc.atcud ?? '',
    vat,
    vatTotal: doc.vatTotal,
    total: doc.total,
    hash: doc.hash,
    certificate: '0',
  });
}

/** The QR code as filled squares, 30 mm wide as the AT asks, at the left of the footer. */
function drawQr(w: Writer, payload: string) {
  const qr = qrcode(0, 'M');
  qr.addData(payload, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const size = 85;
  const cell = size / count;
  const bottom = w.y - size;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) w.page.drawRectangle({ x: MARGIN + col * cell, y: bottom + (count - 1 - row) * cell, width: cell + 0.05, height: cell + 0.05, color: rgb(0, 0, 0) });
    }
  }
  w.y = bottom - 10;
}
