/**
 * Account screens of tax documents (docs/after-sales.md "Documents"): every document
 * (`accountDocuments`), credit notes (`accountCreditNotes`), credit notes of returns
 * (`accountReturnInvoices`), and the PDF download (`accountInvoiceDownload`,
 * /pedido/{orderId}/descargar/{invoiceType}[?id=]). The download is a page whose loader answers
 * `{ response }` (worker/ssr/pages/types.ts): the registry's session check and 404 page apply
 * to it like to any account screen, and it answers a PDF instead of HTML.
 */
import { msg } from '@lingui/core/macro';
import { desc, eq } from 'drizzle-orm';
import { lazy } from 'react';
import type { AccountDocumentRow, AccountDocumentsData, DocumentsView, TaxCertificatesData } from '../../../client/pages/account-documents';
import type { RouteId } from '../../../client/routes';
import { billingAddresses } from '../../db/schema';
import { documentPdf } from '../../documents/pdf';
import { isRenderedType, orderSheetPdf } from '../../documents/order-sheet';
import { downloadableDocument, userDocuments, userModel347, type DocumentSummary } from '../../documents/read';
import { addressLabel } from '../../domain/identity/address-format';
import { certificatesOf } from '../../tax-certificates/certificates';
import { frameOf } from './account-frame';
import { definePage, formRefusal, type LoadContext, type PageDefinition } from './types';

const TITLES = { all: msg`Tax documents`, creditNotes: msg`Credit notes`, returnInvoices: msg`Return invoices` };
const ROUTES: Record<DocumentsView, RouteId> = { all: 'accountDocuments', creditNotes: 'accountCreditNotes', returnInvoices: 'accountReturnInvoices' };

const inView = (view: DocumentsView, doc: DocumentSummary) =>
  view === 'all' || (doc.docType === 'corrective' && (view === 'creditNotes' || doc.returnId !== null));

function documentsPage(view: DocumentsView) {
  return definePage<AccountDocumentsData>({
    access: 'user',
    component: lazy(() => import('../../../client/pages/account-documents')),
    async load({ db, i18n, user, channel, url }: LoadContext) {
      const { id } = user!;
      const [all, billing] = await Promise.all([
        userDocuments(db, id),
        db.select().from(billingAddresses).where(eq(billingAddresses.userId, id)).orderBy(desc(billingAddresses.isDefault), billingAddresses.id),
      ]);
      // A ticket converts while its order has no invoice and nothing has rectified it.
      const invoiced = new Set(all.filter((d) => d.docType === 'invoice').map((d) => d.orderNumber));
      const rectified = new Set(all.map((d) => d.rectifies).filter(Boolean));
      const rows = all.filter((doc) => inView(view, doc));
      const years = [...new Set(rows.map((d) => d.year))].sort((a, b) => b - a);
      const spanishYears = new Set(all.filter((d) => d.code.startsWith('ES-')).map((d) => d.year));
      const model347s = await Promise.all(years.map((year) => (view === 'all' && channel.id === 'ES' && spanishYears.has(year) ? userModel347(db, id, year) : null)));
      return {
        data: {
          frame: frameOf(user!, ROUTES[view]),
          view,
          years: years.map((year, index) => ({
            year,
            documents: rows
              .filter((d) => d.year === year)
              .map(
                (d): AccountDocumentRow => ({
                  id: d.id,
                  docType: d.docType,
                  code: d.code,
                  orderNumber: d.orderNumber,
                  issuedAt: d.issuedAt,
                  total: d.total,
                  currency: d.currency,
                  rectifies: d.rectifies,
                  convertible: d.docType === 'ticket' && !invoiced.has(d.orderNumber) && !rectified.has(d.code),
                }),
              ),
            model347: model347s[index] ?? null,
          })),
          billing: billing.filter((b) => b.nif.trim() !== '').map((b) => ({ id: b.id, label: `${addressLabel(b as unknown as Record<string, unknown>)} · ${b.nif}` })),
          certificates: view === 'all' ? await certificatesSection(db, id, url, i18n, billing) : null,
        },
        meta: { title: `${i18n._(TITLES[view])} | Ampora`, noIndex: true },
      };
    },
  });
}

/**
 * The tax-exemption certificates part of /mis-documentos (docs/account.md): the customer's
 * certificates, the business billing addresses one can be uploaded for, and what a form sent
 * without script came back with (`?certificate=uploaded|revoked`, `?certificateError=<code>`).
 */
async function certificatesSection(db: LoadContext['db'], userId: number, url: URL, i18n: LoadContext['i18n'], billing: (typeof billingAddresses.$inferSelect)[]): Promise<TaxCertificatesData> {
  const label = (b: typeof billingAddresses.$inferSelect) => addressLabel(b as unknown as Record<string, unknown>);
  const byId = new Map(billing.map((b) => [b.id, b]));
  const done = url.searchParams.get('certificate');
  return {
    items: (await certificatesOf(db, userId)).map((c) => ({ ...c, address: byId.has(c.billingAddressId) ? label(byId.get(c.billingAddressId)!) : '' })),
    addresses: billing.filter((b) => b.billingType !== 'individual' && b.nif.trim() !== '').map((b) => ({ id: b.id, label: label(b), nif: b.nif })),
    done: done === 'uploaded' || done === 'revoked' ? done : null,
    error: formRefusal(url, i18n, 'certificateError'),
  };
}

const pdfResponse = (bytes: Uint8Array, filename: string) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });

/**
 * The PDF of one of the user's documents, or of the proforma or order summary rendered from the
 * order (worker/documents/order-sheet.ts); another user's order, an unknown type or none → the 404 page.
 */
const accountInvoiceDownload = definePage<never>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-documents')) as never,
  async load({ db, user, params, url, language, i18n }: LoadContext) {
    const raw = url.searchParams.get('id');
    const id = raw === null ? undefined : /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    if (Number.isNaN(id)) return null;
    const type = params.invoiceType ?? '';
    if (isRenderedType(type)) {
      const sheet = await orderSheetPdf(db, { userId: user!.id, orderNumber: params.orderId ?? '', type, language, i18n, now: new Date() });
      return sheet ? { response: pdfResponse(sheet.bytes, sheet.filename) } : null;
    }
    const found = await downloadableDocument(db, user!.id, params.orderId ?? '', params.invoiceType ?? '', id);
    if (!found) return null;
    const bytes = await documentPdf({ document: found.document, rectifiedCode: found.rectifiedCode, language, i18n });
    return { response: pdfResponse(bytes, `${found.document.code}.pdf`) };
  },
});

export const accountDocumentsPages: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  accountDocuments: documentsPage('all'),
  accountCreditNotes: documentsPage('creditNotes'),
  accountReturnInvoices: documentsPage('returnInvoices'),
  accountInvoiceDownload,
};
