/**
 * The return label: an A4 PDF (pdf-lib, standard Helvetica) the customer prints and sticks on
 * the parcel — the carrier's collection code in large type and as a barcode, from (the
 * customer's address) and to (our returns centre, or the marketplace seller), the order and
 * the units going back. Standard fonts only cover WinAnsi, so text is folded to it first.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export interface LabelInput {
  labelCode: string;
  orderNumber: string;
  returnId: number;
  from: string[];
  to: string[];
  lines: { name: string; qty: number }[];
  /** Printed headings, already in the customer's language. */
  text: { title: string; from: string; to: string; order: string; items: string; instructions: string };
}

/** Characters WinAnsi can print; anything else loses its accent or becomes "?". */
export function winAnsi(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff€]/g, '?');
}

/**
 * A Code 39–style bar pattern of the code: each character's 9 elements (3 wide), narrow gaps
 * between characters, start and stop "*". Enough for a carrier's scanner in a test print; the
 * code is printed in clear under it too.
 */
const CODE39: Record<string, string> = {
  '0': 'nnnwwnwnn', '1': 'wnnwnnnnw', '2': 'nnwwnnnnw', '3': 'wnwwnnnnn', '4': 'nnnwwnnnw', '5': 'wnnwwnnnn', '6': 'nnwwwnnnn', '7': 'nnnwnnwnw',
  '8': 'wnnwnnwnn', '9': 'nnwwnnwnn', A: 'wnnnnwnnw', B: 'nnwnnwnnw', C: 'wnwnnwnnn', D: 'nnnnwwnnw', E: 'wnnnwwnnn', F: 'nnwnwwnnn',
  G: 'nnnnnwwnw', H: 'wnnnnwwnn', I: 'nnwnnwwnn', J: 'nnnnwwwnn', K: 'wnnnnnnww', L: 'nnwnnnnww', M: 'wnwnnnnwn', N: 'nnnnwnnww',
  O: 'wnnnwnnwn', P: 'nnwnwnnwn', Q: 'nnnnnnwww', R: 'wnnnnnwwn', S: 'nnwnnnwwn', T: 'nnnnwnwwn', U: 'wwnnnnnnw', V: 'nwwnnnnnw',
  W: 'wwwnnnnnn', X: 'nwnnwnnnw', Y: 'wwnnwnnnn', Z: 'nwwnwnnnn', '-': 'nwnnnnwnw', '*': 'nwnnwnwnn',
};

function drawBarcode(page: PDFPage, code: string, x: number, y: number, height: number): void {
  const narrow = 1.2;
  const wide = 3;
  let at = x;
  for (const char of `*${code.toUpperCase()}*`) {
    const pattern = CODE39[char] ?? CODE39['-']!;
    [...pattern].forEach((element, i) => {
      const width = element === 'w' ? wide : narrow;
      if (i % 2 === 0) page.drawRectangle({ x: at, y, width, height, color: rgb(0, 0, 0) });
      at += width;
    });
    at += narrow;
  }
}

function block(page: PDFPage, font: PDFFont, bold: PDFFont, heading: string, lines: string[], x: number, y: number): void {
  page.drawText(winAnsi(heading), { x, y, size: 11, font: bold });
  lines.slice(0, 6).forEach((line, i) => page.drawText(winAnsi(line).slice(0, 60), { x, y: y - 16 - i * 14, size: 11, font }));
}

export async function returnLabelPdf(input: LabelInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${input.text.title} ${input.labelCode}`));
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 50;
  page.drawText(winAnsi(input.text.title), { x: left, y: 790, size: 20, font: bold });
  page.drawRectangle({ x: left - 10, y: 560, width: 515, height: 210, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  page.drawText(input.labelCode, { x: left, y: 735, size: 28, font: bold });
  drawBarcode(page, input.labelCode, left, 660, 60);
  page.drawText(input.labelCode, { x: left, y: 645, size: 10, font });
  page.drawText(winAnsi(`${input.text.order}: ${input.orderNumber} · RMA ${input.returnId}`), { x: left, y: 600, size: 12, font });
  block(page, font, bold, input.text.from, input.from, left, 520);
  block(page, font, bold, input.text.to, input.to, 310, 520);
  page.drawText(winAnsi(input.text.items), { x: left, y: 400, size: 11, font: bold });
  input.lines.slice(0, 15).forEach((line, i) => page.drawText(winAnsi(`${line.qty} × ${line.name}`).slice(0, 90), { x: left, y: 384 - i * 14, size: 10, font }));
  page.drawText(winAnsi(input.text.instructions).slice(0, 110), { x: left, y: 120, size: 10, font, color: rgb(0.2, 0.2, 0.2) });
  return pdf.save();
}
