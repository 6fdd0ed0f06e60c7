/**
 * Tax-exemption certificates (spec §3, §5, §7; docs/account.md "Tax-exemption certificates"): the
 * customer uploads one for a business billing address of theirs and its tax id, staff validate
 * or reject it, the customer may revoke it. Every state change is one conditional UPDATE on the
 * state it leaves (worker/domain/documents/exemption.ts says which), so two decisions racing
 * make one change and the other gets 409. A validated certificate makes the invoices of that
 * address reverse-charge ones (worker/documents/issue.ts).
 */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { billingAddresses, taxCertificates, users } from '../db/schema';
import { addressLabel } from '../domain/identity/address-format';
import { validateTaxId, type BillingType } from '../domain/identity/tax-id';
import { applicableCertificate, certificateTransition, normalisedTaxId, type CertificateAction, type CertificateFacts, type CertificateState } from '../domain/documents/exemption';
import { appError } from '../http/errors';
import { loadOwnedAddress } from '../identity/addresses';
import { tellUser } from '../inbox/messages';
import { certificateFileUrl, certificateKey, type CheckedCertificateFile } from './files';

export type CertificateRow = typeof taxCertificates.$inferSelect;

/** One certificate as the customer's calls and screen show it (spec §3 fields, then state and reason). */
export interface CertificateView {
  id: number;
  nif: string;
  billingAddressId: number;
  uploadedDate: string;
  validatedDate: string | null;
  rejectedDate: string | null;
  revokedDate: string | null;
  /** The file's download address. */
  certificate: string;
  fileName: string;
  state: CertificateState;
  /** Why staff rejected it. */
  reason: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function certificateView(row: CertificateRow): CertificateView {
  return {
    id: row.id,
    nif: row.nif,
    billingAddressId: row.billingAddressId,
    uploadedDate: new Date(row.uploadedAt).toISOString(),
    validatedDate: iso(row.validatedAt),
    rejectedDate: iso(row.rejectedAt),
    revokedDate: iso(row.revokedAt),
    certificate: certificateFileUrl(row.id),
    fileName: row.fileName,
    state: row.state,
    reason: row.rejectionReason,
  };
}

/** The customer's certificates, newest first. */
export async function certificatesOf(db: Db, userId: number): Promise<CertificateView[]> {
  const rows = await db.select().from(taxCertificates).where(eq(taxCertificates.userId, userId)).orderBy(desc(taxCertificates.uploadedAt), desc(taxCertificates.id));
  return rows.map(certificateView);
}

/**
 * Checks what the customer sent against the billing address: theirs (else 404), a business one
 * (company or self-employed), and the tax id valid for its country and type and equal to the
 * address's own. Returns the address's normalised tax id.
 */
export async function checkCertificateRequest(db: Db, input: { userId: number; billingAddressId: number; nif: string }): Promise<string> {
  const address = await loadOwnedAddress(db, 'billing', input.userId, input.billingAddressId);
  const billing = address as typeof billingAddresses.$inferSelect;
  if (billing.billingType === 'individual') throw appError('certificateNeedsBusiness', { field: 'billingAddress' });
  const checked = validateTaxId(billing.countryIso, billing.billingType as BillingType, input.nif);
  if (!checked.ok) throw appError('certificateTaxIdInvalid', { field: 'nif', reason: checked.reason });
  if (checked.normalized !== normalisedTaxId(billing.nif)) throw appError('certificateTaxIdMismatch', { field: 'nif' });
  return checked.normalized;
}

/** Stores the file, then the pending row; a failed insert removes the file again. */
export async function saveCertificate(
  deps: { db: Db; files: R2Bucket; now: Date },
  input: { userId: number; billingAddressId: number; nif: string; file: CheckedCertificateFile },
): Promise<CertificateView> {
  const key = certificateKey(input.userId);
  await deps.files.put(key, input.file.body, { httpMetadata: { contentType: input.file.contentType } });
  try {
    const [row] = await deps.db
      .insert(taxCertificates)
      .values({
        userId: input.userId,
        billingAddressId: input.billingAddressId,
        nif: input.nif,
        fileKey: key,
        fileName: input.file.fileName,
        contentType: input.file.contentType,
        size: input.file.body.byteLength,
        state: 'pending',
        uploadedAt: deps.now.getTime(),
      })
      .returning();
    return certificateView(row!);
  } catch (error) {
    await deps.files.delete(key);
    throw error;
  }
}

/** The states an action may leave (those certificateTransition allows it from). */
const leavableBy = (action: CertificateAction): CertificateState[] => (['pending', 'validated', 'rejected', 'revoked'] as const).filter((s) => certificateTransition(s, action) !== null);

/**
 * Moves a certificate by `action` in one conditional UPDATE. `ownerId` limits it to the owner's
 * (someone else's is the 404 of none). Not allowed from its state → 409 CERTIFICATE_STATE.
 */
async function moveCertificate(db: Db, input: { id: number; ownerId: number | null; action: CertificateAction; now: Date; reason?: string }): Promise<CertificateRow> {
  const at = input.now.getTime();
  const target = input.action === 'validate' ? 'validated' : input.action === 'reject' ? 'rejected' : 'revoked';
  const set =
    input.action === 'validate'
      ? { state: target, validatedAt: at }
      : input.action === 'reject'
        ? { state: target, rejectedAt: at, rejectionReason: input.reason ?? '' }
        : { state: target, revokedAt: at };
  const conditions: SQL[] = [eq(taxCertificates.id, input.id), inArray(taxCertificates.state, leavableBy(input.action))];
  if (input.ownerId !== null) conditions.push(eq(taxCertificates.userId, input.ownerId));
  const [moved] = await db.update(taxCertificates).set(set as Partial<CertificateRow>).where(and(...conditions)).returning();
  if (moved) return moved;
  const [exists] = await db
    .select({ id: taxCertificates.id })
    .from(taxCertificates)
    .where(input.ownerId === null ? eq(taxCertificates.id, input.id) : and(eq(taxCertificates.id, input.id), eq(taxCertificates.userId, input.ownerId)));
  throw appError(exists ? 'certificateStateConflict' : 'notFound');
}

/** The customer revokes their pending or validated certificate; invoices issued from now on charge VAT again. */
export async function revokeCertificate(db: Db, input: { userId: number; id: number; now: Date }): Promise<CertificateView> {
  return certificateView(await moveCertificate(db, { id: input.id, ownerId: input.userId, action: 'revoke', now: input.now }));
}

/** Staff validate or reject a pending certificate; the customer is told in their inbox (once). */
export async function decideCertificate(db: Db, input: { id: number; decision: 'validate' | 'reject'; reason?: string; staffUserId: number; now: Date }): Promise<CertificateView> {
  const row = await moveCertificate(db, { id: input.id, ownerId: null, action: input.decision, now: input.now, reason: input.reason });
  const kind = input.decision === 'validate' ? 'certificate.validated' : 'certificate.rejected';
  const params: Record<string, string | number> = { certificateId: row.id, nif: row.nif, ...(input.reason ? { reason: input.reason } : {}) };
  await tellUser(db, { userId: row.userId, kind, ref: String(row.id), params, at: input.now.getTime() });
  // One line per staff decision in the Worker's log (the store's record of who decided what).
  console.info(JSON.stringify({ event: 'tax-certificate.decision', certificateId: row.id, decision: input.decision, staffUserId: input.staffUserId, at: input.now.toISOString() }));
  return certificateView(row);
}

/** The row of a certificate whose file `userId` may read: their own, or any for staff (`userId` null). */
export async function certificateForDownload(db: Db, id: number, userId: number | null): Promise<CertificateRow> {
  const [row] = await db
    .select()
    .from(taxCertificates)
    .where(userId === null ? eq(taxCertificates.id, id) : and(eq(taxCertificates.id, id), eq(taxCertificates.userId, userId)));
  if (!row) throw appError('notFound');
  return row;
}

const CERTIFICATE_QUEUE_PAGE_SIZE = 20;

export interface QueuedCertificate extends CertificateView {
  userId: number;
  email: string;
  contentType: string;
  size: number;
  /** The billing address as the customer has it now (company or name, address); '' once deleted. */
  billing: string;
  /** The address's tax id now (staff compare it with the certificate's). */
  billingNif: string;
}

/** The staff queue: certificates in a state (pending by default), oldest first so none waits forever. */
export async function certificateQueue(db: Db, input: { state: CertificateState; page: number }): Promise<{ items: QueuedCertificate[]; total: number; page: number; pageSize: number; state: CertificateState }> {
  const pageSize = CERTIFICATE_QUEUE_PAGE_SIZE;
  const where = eq(taxCertificates.state, input.state);
  // Not one batch: D1's batch answers rows as objects, where the joined tables' same-named columns collide.
  const [rows, [counted]] = await Promise.all([
    db
      .select({ certificate: taxCertificates, email: users.email, billing: billingAddresses })
      .from(taxCertificates)
      .innerJoin(users, eq(users.id, taxCertificates.userId))
      .leftJoin(billingAddresses, and(eq(billingAddresses.id, taxCertificates.billingAddressId), eq(billingAddresses.userId, taxCertificates.userId)))
      .where(where)
      .orderBy(taxCertificates.uploadedAt, taxCertificates.id)
      .limit(pageSize)
      .offset((input.page - 1) * pageSize),
    db.select({ n: count() }).from(taxCertificates).where(where),
  ]);
  return {
    items: rows.map(({ certificate, email, billing }) => ({
      ...certificateView(certificate),
      userId: certificate.userId,
      email,
      contentType: certificate.contentType,
      size: certificate.size,
      billing: billing ? addressLabel(billing as unknown as Record<string, unknown>) : '',
      billingNif: billing?.nif ?? '',
    })),
    total: counted?.n ?? 0,
    page: input.page,
    pageSize,
    state: input.state,
  };
}

/**
 * The certificate that makes an invoice of this order a reverse-charge one when issued at `at`,
 * or null (the rule: applicableCertificate). Only that customer's certificates of the order's
 * billing address are read.
 */
export async function reverseChargeCertificate(
  db: Db,
  order: { userId: number; channel: CertificateFactsChannel; sellerKind: string; billingAddress: Record<string, unknown> | null },
  at: Date,
): Promise<CertificateFacts | null> {
  const billing = order.billingAddress;
  const billingId = typeof billing?.id === 'number' ? billing.id : null;
  if (!billing || billingId === null || order.sellerKind === 'marketplace') return null;
  const rows = await db
    .select({ id: taxCertificates.id, userId: taxCertificates.userId, billingAddressId: taxCertificates.billingAddressId, nif: taxCertificates.nif, state: taxCertificates.state, validatedAt: taxCertificates.validatedAt, revokedAt: taxCertificates.revokedAt })
    .from(taxCertificates)
    .where(and(eq(taxCertificates.userId, order.userId), eq(taxCertificates.billingAddressId, billingId), inArray(taxCertificates.state, ['validated', 'revoked'])));
  const text = (key: string) => (typeof billing[key] === 'string' ? (billing[key] as string) : '');
  return applicableCertificate(rows, {
    userId: order.userId,
    channel: order.channel,
    soldByAmpora: order.sellerKind !== 'marketplace',
    billing: { id: billingId, nif: text('nif'), countryIso: text('countryIso'), billingType: text('billingType') },
    at: at.getTime(),
  });
}

type CertificateFactsChannel = Parameters<typeof applicableCertificate>[1]['channel'];
