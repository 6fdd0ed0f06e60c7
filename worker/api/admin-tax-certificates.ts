/**
 * The staff side of tax-exemption certificates, mounted under /api/admin/tax-certificates (staff
 * only: requireStaff answers STAFF_ONLY, 403, before any parameter is read, like every
 * /api/admin call). A decision is made once, on a pending certificate; the customer is told in
 * their inbox (certificate.validated / certificate.rejected).
 *
 * - `GET /?state=pending&page`: the queue, oldest first, with the file's download address.
 * - `POST /:id/validate`: pending → validated (its invoices are reverse-charge from then on).
 * - `POST /:id/reject` `{ reason }`: pending → rejected, with the reason the customer reads.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { requireStaff, staffUser } from '../admin/access';
import { CERTIFICATE_STATES } from '../domain/documents/exemption';
import type { AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { pageParam, validate } from '../http/validate';
import { certificateQueue, decideCertificate } from '../tax-certificates/certificates';
import { describe } from '../http/openapi-meta';

const queueQuery = z.object({
  state: z.enum(CERTIFICATE_STATES).default('pending'),
  page: pageParam,
});
const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });
const rejectBody = z.object({ reason: z.string().trim().min(2).max(500) });

export const adminTaxCertificatesApi = new Hono<AppEnv>()
  .use('*', requireStaff)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/', describe({ summary: 'Staff: list tax-exemption certificates awaiting review' }), validate('query', queueQuery), async (c) => c.json(okEnvelope(await certificateQueue(c.var.db, c.req.valid('query')))))
  .post('/:id/validate', describe({ summary: 'Staff: validate a tax-exemption certificate', errors: ['certificateStateConflict', 'notFound', 'staffOnly'] }), validate('param', idParam), async (c) => {
    return c.json(okEnvelope(await decideCertificate(c.var.db, { id: c.req.valid('param').id, decision: 'validate', staffUserId: staffUser(c).id, now: c.var.now })));
  })
  .post('/:id/reject', describe({ summary: 'Staff: reject a tax-exemption certificate', errors: ['certificateStateConflict', 'notFound', 'staffOnly'] }), validate('param', idParam), validate('json', rejectBody), async (c) => {
    const { reason } = c.req.valid('json');
    return c.json(okEnvelope(await decideCertificate(c.var.db, { id: c.req.valid('param').id, decision: 'reject', reason, staffUserId: staffUser(c).id, now: c.var.now })));
  });
