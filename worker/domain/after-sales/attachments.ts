/**
 * What a customer may attach to an after-sales case: photos (JPEG, PNG, WebP) and PDF files, at
 * most 5 MB each and 5 per message. The type is read from the file's first bytes, never from the
 * name or the type the browser claims, so an HTML or SVG page renamed `photo.png` is refused and
 * nothing we serve back can run script in the store's origin.
 */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;

export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The type a file's first bytes prove, or undefined when it is none we accept. */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

export const isImageType = (type: string): boolean => type.startsWith('image/');

/**
 * The name kept for a file: its base name without control characters, path separators or
 * quotes, at most 100 characters, with the extension of its real type (a PDF called `a.png`
 * is stored as `a.pdf`).
 */
export function attachmentFileName(name: string, type: AttachmentType): string {
  const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' }[type];
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 90);
  return `${base || 'file'}.${extension}`;
}

/**
 * The `Content-Disposition` of a served attachment: photos `inline` (the case page shows them),
 * PDFs `attachment` (downloaded, not opened in the store's origin); the name as RFC 6266
 * `filename*` with an ASCII fallback.
 */
export function contentDisposition(type: string, fileName: string): string {
  const disposition = isImageType(type) ? 'inline' : 'attachment';
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type AttachmentRefusal = 'attachmentType' | 'attachmentTooLarge';

/** Why a message's files cannot be taken (count, then each file's size and type), or undefined. */
export function checkAttachments(files: readonly { size: number; head: Uint8Array }[]): AttachmentRefusal | undefined {
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE) return 'attachmentTooLarge';
  for (const file of files) {
    if (file.size > MAX_ATTACHMENT_BYTES) return 'attachmentTooLarge';
    if (file.size === 0 || !sniffAttachmentType(file.head)) return 'attachmentType';
  }
  return undefined;
}
