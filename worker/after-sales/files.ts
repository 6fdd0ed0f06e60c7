/**
 * Case attachments in R2 (binding FILES). Keys are `after-sales/cases/{caseId}/{uuid}`: the case
 * id groups a case's files (one prefix to list or remove), the random part makes a key
 * unguessable and never reused; the name the customer gave lives only in D1. Every file is
 * checked before the first one is stored (worker/domain/after-sales/attachments.ts).
 */
import { appError } from '../http/errors';
import { attachmentFileName, checkAttachments, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, sniffAttachmentType, type AttachmentType } from '../domain/after-sales/attachments';

/** A file as it arrived (multipart part). */
export interface IncomingFile {
  name: string;
  size: number;
  bytes(): Promise<ArrayBuffer>;
}

/** A checked file, ready to store. */
export interface CheckedFile {
  fileName: string;
  contentType: AttachmentType;
  size: number;
  body: ArrayBuffer;
}

export interface StoredFile extends CheckedFile {
  r2Key: string;
}

/** Reads and checks a message's files; refuses the whole message (nothing stored) on the first bad one. */
export async function checkFiles(files: readonly IncomingFile[]): Promise<CheckedFile[]> {
  // Count and declared sizes first, so an oversized upload is refused before it is read.
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE || files.some((file) => file.size > MAX_ATTACHMENT_BYTES)) throw appError('attachmentTooLarge', { maxFiles: MAX_ATTACHMENTS_PER_MESSAGE, maxBytes: MAX_ATTACHMENT_BYTES });
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const body = await file.bytes();
    const head = new Uint8Array(body, 0, Math.min(16, body.byteLength));
    const refusal = checkAttachments([{ size: body.byteLength, head }]);
    if (refusal) throw appError(refusal, { file: file.name.slice(0, 100), maxFiles: MAX_ATTACHMENTS_PER_MESSAGE, maxBytes: MAX_ATTACHMENT_BYTES });
    const contentType = sniffAttachmentType(head)!;
    checked.push({ fileName: attachmentFileName(file.name, contentType), contentType, size: body.byteLength, body });
  }
  return checked;
}

export const caseFilePrefix = (caseId: number) => `after-sales/cases/${caseId}/`;

/** Stores the files under the case; on a failure removes what it stored and rethrows. */
export async function storeFiles(bucket: R2Bucket, caseId: number, files: readonly CheckedFile[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const r2Key = `${caseFilePrefix(caseId)}${crypto.randomUUID()}`;
      await bucket.put(r2Key, file.body, { httpMetadata: { contentType: file.contentType } });
      stored.push({ ...file, r2Key });
    }
  } catch (error) {
    await removeFiles(bucket, stored);
    throw error;
  }
  return stored;
}

export async function removeFiles(bucket: R2Bucket, files: readonly { r2Key: string }[]): Promise<void> {
  if (files.length > 0) await bucket.delete(files.map((file) => file.r2Key)).catch((error: unknown) => console.error('Removing case files failed', error));
}
