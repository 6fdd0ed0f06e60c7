/**
 * /api/user: the signed-in user's own data — birthday, password, two-factor setting — the
 * address-validation call (spec §7) and the shipping and billing address book. Every address
 * route finds the address among the caller's own (worker/identity/owned.ts).
 */
import type { I18n } from '@lingui/core';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { checkBirthday, dayMonthYear, type BirthdayProblem } from '../domain/identity/birthday';
import { sendLater } from '../email/provider';
import { passwordChangedEmail } from '../email/templates';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope, type ErrorName } from '../http/errors';
import { validate } from '../http/validate';
import {
  ADDRESS_TABLES,
  billingInput,
  checkPlace,
  countAddresses,
  defaultStatements,
  listAddresses,
  loadOwnedAddress,
  MAX_ADDRESSES_PER_KIND,
  shippingInput,
  validBilling,
  validShipping,
  type AddressKind,
} from '../identity/addresses';
import { registerOwnedResource } from '../identity/owned';
import { hashPassword, PASSWORD_MAX_LENGTH, verifyPassword } from '../identity/password';
import { limitAttempt } from '../identity/rate-limit';
import { openSession, requireUser, signedInUser } from '../identity/session';
import { newPassword, requireHardPassword, storeLink } from './auth';
import { describe } from '../http/openapi-meta';

const BIRTHDAY_ERRORS: Record<BirthdayProblem, ErrorName> = { format: 'birthdayFormat', future: 'birthdayFuture', tooYoung: 'birthdayTooYoung', tooOld: 'birthdayTooOld' };

const currentPassword = z.string().min(1).max(PASSWORD_MAX_LENGTH);

const validAddressBody = z.object({
  address: z.string().trim().min(3).max(120),
  postalCode: z.string().trim().min(1).max(12),
  city: z.string().trim().min(1).max(80),
  province: z.coerce.number().int().positive(),
  country: z.string().trim().length(2).transform((iso) => iso.toUpperCase()),
  responseId: z.string().max(64).optional(),
});

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** An address that passes every check, for the ownership test's registration. */
const EXAMPLE_PLACE = { name: 'Ana', surname: 'García López', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES' };
const EXAMPLES: Record<AddressKind, object> = {
  shipping: { ...EXAMPLE_PLACE, phone: '612345678', optionalInformation: '3º B' },
  billing: { ...EXAMPLE_PLACE, billingType: 'individual', nif: '12345678Z', cellPhone: '612345678' },
};

export const userApi = new Hono<AppEnv>()
  .post('/valid-address', describe({ summary: 'Check an address (postal code and province)', errors: ['invalidRequest', 'provincePostalMismatch'] }), validate('json', validAddressBody), async (c) => {
    const body = c.req.valid('json');
    const { postalCode } = await checkPlace(c.var.db, c.var.i18n, { postalCode: body.postalCode, provinceId: body.province, countryIso: body.country });
    return c.json(okEnvelope({ valid: true, responseId: body.responseId ?? null, address: body.address, city: body.city, postalCode, province: body.province, country: body.country }));
  })
  .use('*', requireUser)
  .put('/updateBirthday', describe({ summary: "Set the customer's date of birth", security: 'session', errors: ['birthdayFormat', 'birthdayFuture', 'birthdayTooOld', 'birthdayTooYoung', 'unauthorized'] }), validate('json', z.object({ birthday: z.string().max(20) })), async (c) => {
    const checked = checkBirthday(c.req.valid('json').birthday, c.var.now);
    if (!checked.ok) throw appError(BIRTHDAY_ERRORS[checked.problem]);
    await c.var.db.update(users).set({ birthday: checked.iso }).where(eq(users.id, signedInUser(c).id));
    return c.json(okEnvelope({ birthday: dayMonthYear(checked.iso) }));
  })
  .put('/password', describe({ summary: 'Change the password', security: 'session', errors: ['passwordTooEasy', 'tooManyAttempts', 'unauthorized', 'wrongPassword'] }), validate('json', z.object({ currentPassword, newPassword })), async (c) => {
    const body = c.req.valid('json');
    const user = signedInUser(c);
    requireHardPassword(c, body.newPassword, user.email, 'newPassword');
    await limitAttempt(c, 'reauth', user.email);
    if (!(await verifyPassword(body.currentPassword, user.passwordHash))) throw appError('wrongPassword');
    // The epoch rises: every other session of the user ends; this browser gets a new one.
    const [updated] = await c.var.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.newPassword), authEpoch: sql`${users.authEpoch} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    await openSession(c, updated!, 'password-change');
    sendLater(c, passwordChangedEmail(user.email, c.var.i18n, storeLink(c, 'recoveryPassword')));
    return c.json(okEnvelope({ changed: true }));
  })
  .put('/two-factor', describe({ summary: 'Turn two-step sign-in on or off', security: 'session', errors: ['tooManyAttempts', 'unauthorized', 'wrongPassword'] }), validate('json', z.object({ enabled: z.boolean(), password: currentPassword })), async (c) => {
    const body = c.req.valid('json');
    const user = signedInUser(c);
    await limitAttempt(c, 'reauth', user.email);
    if (!(await verifyPassword(body.password, user.passwordHash))) throw appError('wrongPassword');
    await c.var.db.update(users).set({ twoFactorEnabled: body.enabled }).where(eq(users.id, user.id));
    return c.json(okEnvelope({ twoFactorEnabled: body.enabled }));
  })
  .route('/addresses/shipping', addressRoutes('shipping'))
  .route('/addresses/billing', addressRoutes('billing'));

function addressRoutes(kind: AddressKind) {
  const input = kind === 'shipping' ? shippingInput : billingInput;
  const check = (c: { db: Db; i18n: I18n }, body: z.infer<typeof input>) =>
    kind === 'shipping' ? validShipping(c.db, c.i18n, body as z.infer<typeof shippingInput>) : validBilling(c.db, c.i18n, body as z.infer<typeof billingInput>);
  const t = ADDRESS_TABLES[kind];
  const base = `/addresses/${kind}`;
  registerOwnedResource({
    name: `${kind}Address`,
    create: { path: `/api/user${base}`, body: EXAMPLES[kind] },
    list: `/api/user${base}`,
    routes: [
      { method: 'PUT', path: `/api/user${base}/:id`, body: EXAMPLES[kind] },
      { method: 'DELETE', path: `/api/user${base}/:id` },
      { method: 'PUT', path: `/api/user${base}/:id/default` },
    ],
  });
  return new Hono<AppEnv>()
    .get('/', describe({ summary: `The customer's ${kind} addresses`, tag: 'user/addresses' }), async (c) => c.json(okEnvelope(await listAddresses(c.var.db, kind, signedInUser(c).id, c.var.language))))
    .post('/', describe({ summary: `Add a ${kind} address`, tag: 'user/addresses', errors: ['invalidRequest', 'provincePostalMismatch', 'addressLimit'] }), validate('json', input), async (c) => {
      const user = signedInUser(c);
      const values = await check(c.var, c.req.valid('json'));
      if ((await countAddresses(c.var.db, kind, user.id)) >= MAX_ADDRESSES_PER_KIND) throw appError('addressLimit');
      const now = c.var.now.getTime();
      const row = { ...values, userId: user.id, createdAt: now, updatedAt: now };
      const insert = c.var.db.insert(t.table).values(row as typeof t.table.$inferInsert).returning({ id: t.id });
      const clearDefault = c.var.db.update(t.table).set({ isDefault: false }).where(eq(t.userId, user.id));
      const [created] = values.isDefault ? (await c.var.db.batch([clearDefault, insert]))[1] : await insert;
      return c.json(okEnvelope({ id: created!.id }), 201);
    })
    .put('/:id', describe({ summary: `Change a ${kind} address`, tag: 'user/addresses', errors: ['notFound', 'invalidRequest', 'provincePostalMismatch'] }), validate('param', idParam), validate('json', input), async (c) => {
      const user = signedInUser(c);
      const { id } = c.req.valid('param');
      await loadOwnedAddress(c.var.db, kind, user.id, id);
      const values = await check(c.var, c.req.valid('json'));
      const update = c.var.db
        .update(t.table)
        .set({ ...values, updatedAt: c.var.now.getTime() } as Partial<typeof t.table.$inferInsert>)
        .where(and(eq(t.id, id), eq(t.userId, user.id)));
      if (values.isDefault) await c.var.db.batch([update, ...defaultStatements(c.var.db, kind, user.id, id)]);
      else await update;
      return c.json(okEnvelope({ id }));
    })
    .delete('/:id', describe({ summary: `Delete a ${kind} address`, tag: 'user/addresses', errors: ['notFound'] }), validate('param', idParam), async (c) => {
      const user = signedInUser(c);
      const { id } = c.req.valid('param');
      await loadOwnedAddress(c.var.db, kind, user.id, id);
      await c.var.db.delete(t.table).where(and(eq(t.id, id), eq(t.userId, user.id)));
      return c.json(okEnvelope({ id, deleted: true }));
    })
    .put('/:id/default', describe({ summary: `Make a ${kind} address the default one`, tag: 'user/addresses', errors: ['notFound'] }), validate('param', idParam), async (c) => {
      const user = signedInUser(c);
      const { id } = c.req.valid('param');
      await loadOwnedAddress(c.var.db, kind, user.id, id);
      await c.var.db.batch(defaultStatements(c.var.db, kind, user.id, id));
      return c.json(okEnvelope({ id, default: true }));
    });
}

