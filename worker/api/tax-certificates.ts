/**
 * The customer's tax-exemption certificates (spec §7; worker/tax-certificates), under /api/user:
 *
 * - `POST /census-certificates/save`: multipart `billingAddress` (the id of one of the caller's
 *   billing addresses), `nif` (that address's tax id) and `file` (PDF, JPEG or PNG by its bytes,
 *   up to 5 MB); JSON with the file in base64 for scripts. A missing field is 400
 *   CERTIFICATE_FIELD_MISSING naming it; someone else's address is the 404 of none. New
 *   certificates are pending until staff decide.
 * - `GET /taxpayerreversalallavailables`: the caller's certificates, newest first.
 * - `GET /tax-certificates/:id/file`: the file, to its owner or staff only.
 * - `POST /taxpayerreversal/revokeCertificate` `{ certificateId }`: pending or validated →
 *   revoked; again → 409 CERTIFICATE_STATE.
 *
 * The documents screen's forms post here without script too (`respond=page`): the answer is a
 * 303 back to the screen, with `?certificate=<done>` or `?certificateError=<code>`.
 */
import { msg } from '@lingui/core/macro';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { Language } from '../../client/i18n/languages';
import { contentDisposition } from '../domain/after-sales/attachments';
import type { AppContext, AppEnv } from '../http/context';
import { AppError, appError, okEnvelope } from '../http/errors';
import { formPage, formTextFields, pageFormFields } from '../http/forms';
import { formOrJson, validate } from '../http/validate';
import { isStaff } from '../admin/access';
import { registerOwnedResource } from '../identity/owned';
import { limitAttempt } from '../identity/rate-limit';
import { requireUser, signedInUser } from '../identity/session';
import { certificateForDownload, certificatesOf, checkCertificateRequest, revokeCertificate, saveCertificate } from '../tax-certificates/certificates';
import { checkCertificateFile, MAX_CERTIFICATE_BYTES } from '../tax-certificates/files';
import { describe } from '../http/openapi-meta';

/** The file and the form's framing; a request declaring more is refused before it is read. */
const MAX_MULTIPART_BYTES = MAX_CERTIFICATE_BYTES + 64 * 1024;
/** The same in base64 inside JSON. */
const MAX_JSON_BYTES = Math.ceil((MAX_CERTIFICATE_BYTES * 4) / 3) + 64 * 1024;
const tooLarge = () => appError('certificateFileTooLarge', { field: 'file', maxBytes: MAX_CERTIFICATE_BYTES });

const { respond, lang } = pageFormFields;
const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });
const revokeBody = z.object({ certificateId: z.coerce.number().int().positive().max(2 ** 31), respond, lang });
const jsonUpload = z.object({
  billingAddress: z.union([z.number(), z.string()]).optional(),
  nif: z.string().max(40).optional(),
  file: z.string().max(MAX_JSON_BYTES).optional(),
  fileName: z.string().max(200).optional(),
  respond,
  lang,
});

interface Upload {
  billingAddress: string;
  nif: string;
  file: { name: string; size: number; bytes: () => Promise<ArrayBuffer | Uint8Array> } | null;
  respond?: 'page' | 'json';
  lang?: Language;
}

function base64Bytes(value: string): Uint8Array {
  try {
    return Uint8Array.from(atob(value.replace(/^data:[^,]*,/, '')), (char) => char.charCodeAt(0));
  } catch {
    throw appError('certificateFileType', { field: 'file' });
  }
}

/** What the upload sent, from a multipart form or JSON; an empty file input is no file. */
async function readUpload(c: AppContext): Promise<Upload> {
  const type = c.req.header('Content-Type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    const form = await c.req.formData().catch(() => {
      throw appError('invalidRequest', { target: 'form', issues: [{ path: '', message: 'not a form' }] });
    });
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const part = form.get('file');
    const file = part && typeof part !== 'string' && (part.size > 0 || part.name !== '') ? { name: part.name, size: part.size, bytes: () => part.arrayBuffer() } : null;
    const respondValue = respond.safeParse(text('respond') || undefined);
    const langValue = lang.safeParse(text('lang') || undefined);
    return { billingAddress: text('billingAddress'), nif: text('nif'), file, respond: respondValue.success ? respondValue.data : undefined, lang: langValue.success ? langValue.data : undefined };
  }
  const parsed = jsonUpload.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw appError('invalidJson');
  const body = parsed.data;
  const bytes = body.file ? base64Bytes(body.file) : null;
  return {
    billingAddress: body.billingAddress === undefined ? '' : String(body.billingAddress).trim(),
    nif: (body.nif ?? '').trim(),
    file: bytes && bytes.byteLength > 0 ? { name: body.fileName ?? 'certificate', size: bytes.byteLength, bytes: async () => bytes } : null,
    respond: body.respond,
    lang: body.lang,
  };
}

const FIELD_MESSAGES = {
  billingAddress: msg`Choose the billing address the certificate is for.`,
  nif: msg`Enter the tax ID of the billing address.`,
  file: msg`Choose the certificate's file.`,
};

/** 400 naming the first field missing (spec §5: a billing address, a nif and a file). */
function missing(c: AppContext, field: keyof typeof FIELD_MESSAGES): AppError {
  return appError('certificateFieldMissing', { field, issues: [{ path: field, message: c.var.i18n._(FIELD_MESSAGES[field]) }] });
}

/** Field-level issues of a refusal that concerns one field, so the form marks it. */
function withIssue(c: AppContext, error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const details = error.details as { field?: string; issues?: unknown } | undefined;
  if (!details?.field || details.issues) return error;
  return new AppError(error.entry, { ...details, issues: [{ path: details.field, message: c.var.i18n._(error.entry.message) }] });
}

const documentsPage = (c: AppContext, language: Language | undefined, query: Record<string, string>) => formPage(c, 'accountDocuments', language, query, 'tax-certificates');

type FormFields = { respond?: 'page' | 'json'; lang?: Language };

/**
 * Reads the body, does the work and answers JSON — or, for a form sent without script
 * (`respond=page`, or a body too bad to read from a page that asked for HTML), a 303 back to the
 * documents screen with what happened (`certificate=<done>`) or the refusal's code
 * (`certificateError=<code>`).
 */
async function answer<P extends FormFields, Data>(c: AppContext, done: 'uploaded' | 'revoked', read: () => Promise<P>, work: (input: P) => Promise<Data>) {
  let input: P | undefined;
  try {
    input = await read();
    const data = await work(input);
    if (input.respond === 'page') return c.redirect(documentsPage(c, input.lang, { certificate: done }), 303);
    return c.json(okEnvelope(data), done === 'uploaded' ? 201 : 200);
  } catch (error) {
    const asPage = input ? input.respond === 'page' : /\btext\/html\b/.test(c.req.header('Accept') ?? '');
    if (!asPage || !(error instanceof AppError)) throw withIssue(c, error);
    return c.redirect(documentsPage(c, input?.lang, { certificateError: String(error.entry.code) }), 303);
  }
}

/** A real one-page PDF header and body, the upload the cross-user test makes. */
const OWNERSHIP_PDF = btoa('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

registerOwnedResource({
  name: 'taxCertificate',
  create: {
    before: [
      {
        method: 'POST',
        path: '/api/user/addresses/billing',
        body: { name: 'Marta', surname: 'Ruiz', companyName: 'Talleres Ruiz S.L.', address: 'Calle Mayor', streetNumber: '5', city: 'Murcia', postalCode: '30001', provinceId: 30, countryIso: 'ES', billingType: 'company', nif: 'B12345674', cellPhone: '612345678' },
        save: { billingAddressId: 'id' },
      },
    ],
    path: '/api/user/census-certificates/save',
    body: { billingAddress: ':billingAddressId', nif: 'B12345674', file: OWNERSHIP_PDF, fileName: 'certificado.pdf' },
  },
  list: '/api/user/taxpayerreversalallavailables',
  routes: [
    // The answer is the file, not JSON: the owner's download is tested in tests/worker/tax-certificates.test.ts.
    { method: 'GET', path: '/api/user/tax-certificates/:id/file', ownerPass: false },
    { method: 'POST', path: '/api/user/taxpayerreversal/revokeCertificate', body: { certificateId: ':id' } },
  ],
});

const revokeInput = formOrJson(revokeBody, formTextFields);

export const taxCertificatesApi = new Hono<AppEnv>()
  .post(
    '/census-certificates/save', describe({ summary: 'Upload a tax-exemption certificate', security: 'session', errors: ['certificateFieldMissing', 'certificateFileTooLarge', 'certificateFileType', 'certificateNeedsBusiness', 'certificateTaxIdInvalid', 'certificateTaxIdMismatch', 'invalidJson', 'invalidRequest', 'notFound', 'tooManyAttempts', 'unauthorized'] }),
    requireUser,
    async (c, next) => {
      // Refused on what the request declares, before any of its body is read.
      const isJson = /\bapplication\/json\b/i.test(c.req.header('Content-Type') ?? '');
      if (Number(c.req.header('Content-Length') ?? 0) > (isJson ? MAX_JSON_BYTES : MAX_MULTIPART_BYTES)) {
        // A form sent without script (a page asking for HTML) comes back to the screen with the refusal.
        if (!isJson && /\btext\/html\b/.test(c.req.header('Accept') ?? '')) return c.redirect(documentsPage(c, undefined, { certificateError: String(tooLarge().entry.code) }), 303);
        throw tooLarge();
      }
      await next();
    },
    // A body sent without a length (chunked) is cut off at the same bound while it streams in.
    bodyLimit({ maxSize: MAX_JSON_BYTES, onError: () => { throw tooLarge(); } }),
    async (c) => {
      const user = signedInUser(c);
      return answer(c, 'uploaded', () => readUpload(c), async (upload) => {
        if (upload.billingAddress === '') throw missing(c, 'billingAddress');
        if (upload.nif === '') throw missing(c, 'nif');
        if (!upload.file) throw missing(c, 'file');
        if (!/^\d{1,10}$/.test(upload.billingAddress)) throw appError('notFound');
        const billingAddressId = Number(upload.billingAddress);
        const nif = await checkCertificateRequest(c.var.db, { userId: user.id, billingAddressId, nif: upload.nif });
        const file = await checkCertificateFile(upload.file);
        // Counted once the upload is acceptable: what the limit protects is the storage.
        await limitAttempt(c, 'taxCertificateUpload', `user:${user.id}`);
        return saveCertificate({ db: c.var.db, files: c.env.FILES, now: c.var.now }, { userId: user.id, billingAddressId, nif, file });
      });
    },
  )
  .get('/taxpayerreversalallavailables', describe({ summary: "The customer's tax-exemption certificates", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ certificates: await certificatesOf(c.var.db, signedInUser(c).id) }));
  })
  .get('/tax-certificates/:id/file', describe({ summary: 'Download a tax-exemption certificate file', success: { description: 'The file (PDF, JPEG or PNG).', contentType: 'application/octet-stream' }, security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    // Staff read any certificate (the back-office queue links here); everyone else only their own.
    const reader = isStaff(user) ? null : signedInUser(c).id;
    const row = await certificateForDownload(c.var.db, c.req.valid('param').id, reader);
    const object = await c.env.FILES.get(row.fileKey);
    if (!object) throw appError('notFound');
    return new Response(object.body, {
      headers: {
        // The type checked from the file's bytes when it arrived (never HTML or SVG).
        'Content-Type': row.contentType,
        'Content-Disposition': contentDisposition(row.contentType, row.fileName),
        'Content-Length': String(object.size),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
    });
  })
  .post('/taxpayerreversal/revokeCertificate', describe({ summary: 'Revoke a tax-exemption certificate', security: 'session', errors: ['certificateStateConflict', 'notFound', 'unauthorized'] }), revokeInput, requireUser, async (c) => {
    const user = signedInUser(c);
    return answer(
      c,
      'revoked',
      () => revokeInput.read(c),
      (body) => revokeCertificate(c.var.db, { userId: user.id, id: body.certificateId, now: c.var.now }),
    );
  });
