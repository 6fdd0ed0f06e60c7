/**
 * The certificate's file: a PDF, JPEG or PNG of at most 5 MB, its type read from its first bytes
 * (never from the name or the type the browser claims; the after-sales attachments' sniffing),
 * kept in R2 (binding FILES) under `certificates/<user>/<uuid>`: the user groups one customer's
 * files, the random part makes a key unguessable and never reused. The customer's file name
 * lives only in D1.
 */
import { attachmentFileName, sniffAttachmentType } from '../domain/after-sales/attachments';
import { appError } from '../http/errors';

export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;
const CERTIFICATE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export interface CheckedCertificateFile {
  fileName: string;
  contentType: CertificateType;
  body: Uint8Array;
}

const tooLarge = () => appError('certificateFileTooLarge', { field: 'file', maxBytes: MAX_CERTIFICATE_BYTES });

/** The declared size is checked before the bytes are read; the bytes decide the type. */
export async function checkCertificateFile(file: { name: string; size: number; bytes: () => Promise<ArrayBuffer | Uint8Array> }): Promise<CheckedCertificateFile> {
  if (file.size > MAX_CERTIFICATE_BYTES) throw tooLarge();
  const raw = await file.bytes();
  const body = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
  if (body.byteLength > MAX_CERTIFICATE_BYTES) throw tooLarge();
  const sniffed = sniffAttachmentType(body.subarray(0, 16));
  if (!sniffed || !(CERTIFICATE_TYPES as readonly string[]).includes(sniffed)) throw appError('certificateFileType', { field: 'file', accepted: CERTIFICATE_TYPES });
  const contentType = sniffed as CertificateType;
  return { fileName: attachmentFileName(file.name || 'certificate', contentType), contentType, body };
}

export const certificateKey = (userId: number) => `certificates/${userId}/${crypto.randomUUID()}`;

/** Where the file is downloaded from (its owner or staff: worker/api/tax-certificates.ts). */
export const certificateFileUrl = (id: number) => `/api/user/tax-certificates/${id}/file`;
