/**
 * Shipping and billing addresses (spec §3, §4): the input shapes, the server's validation
 * (country and province from the database, postal code format and its province — error 1201 —,
 * phone per country, tax id per country and billing type), and the reads and writes, always
 * through the caller's own rows. Each user may keep up to 20 addresses of each kind. At most
 * one address of a kind is the default; none marked means the last one is used (spec §4).
 */
import type { I18n } from '@lingui/core';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { billingAddresses, countries, countryTranslations, provinces, shippingAddresses } from '../db/schema';
import { checkedAddressId, sortAddresses } from '../domain/identity/address-defaults';
import { validatePhone } from '../domain/identity/phone';
import { normalizePostalCode, provinceMatchesPostalCode } from '../domain/identity/postal-code';
import { validateTaxId } from '../domain/identity/tax-id';
import { AppError, ERRORS, appError } from '../http/errors';
import { ADDRESS_MESSAGES, TAX_ID_MESSAGES } from './address-messages';
import { loadOwned } from './owned';

export const MAX_ADDRESSES_PER_KIND = 20;

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

const placeFields = {
  name: text(1, 60),
  surname: text(1, 80),
  address: text(3, 120),
  streetNumber: text(1, 20),
  city: text(1, 80),
  postalCode: text(1, 12),
  provinceId: z.number().int().positive(),
  countryIso: z.string().trim().length(2).transform((iso) => iso.toUpperCase()),
  isDefault: z.boolean().default(false),
};

export const shippingInput = z.object({ ...placeFields, phone: text(1, 30), optionalInformation: z.string().trim().max(200).default('') }).strict();
export const billingInput = z
  .object({ ...placeFields, billingType: z.enum(['company', 'freelance', 'individual']), companyName: z.string().trim().max(120).default(''), nif: z.string().trim().max(30), cellPhone: text(1, 30) })
  .strict();

export type ShippingInput = z.infer<typeof shippingInput>;
export type BillingInput = z.infer<typeof billingInput>;

/** The fields the address-validation call (spec §7) checks. */
export interface PlaceToCheck {
  postalCode: string;
  provinceId: number;
  countryIso: string;
}

interface FieldIssue {
  path: string;
  message: string;
}

function fieldError(issues: FieldIssue[]): AppError {
  return appError('invalidRequest', { target: 'json', issues });
}

/**
 * Checks country, province and postal code against the database; returns the normalized postal
 * code, or throws the 400 (bad fields) or the 1201 error (postal code of another province).
 */
export async function checkPlace(db: Db, i18n: I18n, place: PlaceToCheck): Promise<{ postalCode: string }> {
  const [found] = await db
    .select({ countryIso: countries.iso, postalPrefixes: provinces.postalPrefixes })
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(eq(provinces.id, place.provinceId));
  const [country] = await db.select({ iso: countries.iso }).from(countries).where(eq(countries.iso, place.countryIso));
  if (!country) throw fieldError([{ path: 'countryIso', message: i18n._(ADDRESS_MESSAGES.countryUnknown) }]);
  if (!found || found.countryIso !== country.iso) throw fieldError([{ path: 'provinceId', message: i18n._(ADDRESS_MESSAGES.provinceUnknown) }]);
  const postal = normalizePostalCode(country.iso, place.postalCode);
  if (!postal.ok) throw fieldError([{ path: 'postalCode', message: i18n._(postal.reason === 'required' ? ADDRESS_MESSAGES.postalCodeRequired : ADDRESS_MESSAGES.postalCodeFormat) }]);
  if (!provinceMatchesPostalCode(postal.postalCode, found.postalPrefixes)) throw new AppError(ERRORS.provincePostalMismatch, { field: 'postalCode' });
  return { postalCode: postal.postalCode };
}

function checkPhone(i18n: I18n, countryIso: string, raw: string, path: string): string {
  const phone = validatePhone(countryIso, raw);
  if (!phone.ok) throw fieldError([{ path, message: i18n._(phone.reason === 'required' ? ADDRESS_MESSAGES.phoneRequired : ADDRESS_MESSAGES.phoneFormat) }]);
  return phone.e164;
}

function checkTaxId(i18n: I18n, input: BillingInput): string {
  const result = validateTaxId(input.countryIso, input.billingType, input.nif);
  if (result.ok) return result.normalized;
  const messages = TAX_ID_MESSAGES[input.countryIso];
  const message = result.reason === 'required' || !messages ? ADDRESS_MESSAGES.taxIdRequired : input.billingType === 'company' ? messages.company : messages.person;
  throw fieldError([{ path: 'nif', message: i18n._(message) }]);
}

export async function validShipping(db: Db, i18n: I18n, input: ShippingInput) {
  const { postalCode } = await checkPlace(db, i18n, input);
  return { ...input, postalCode, phone: checkPhone(i18n, input.countryIso, input.phone, 'phone'), validated: true };
}

export async function validBilling(db: Db, i18n: I18n, input: BillingInput) {
  if (input.billingType === 'company' && input.companyName === '') throw fieldError([{ path: 'companyName', message: i18n._(ADDRESS_MESSAGES.companyNameRequired) }]);
  const { postalCode } = await checkPlace(db, i18n, input);
  return {
    ...input,
    companyName: input.billingType === 'company' ? input.companyName : '',
    postalCode,
    cellPhone: checkPhone(i18n, input.countryIso, input.cellPhone, 'cellPhone'),
    nif: checkTaxId(i18n, input),
  };
}

export const ADDRESS_TABLES = {
  shipping: { table: shippingAddresses, id: shippingAddresses.id, userId: shippingAddresses.userId, isDefault: shippingAddresses.isDefault, provinceId: shippingAddresses.provinceId, countryIso: shippingAddresses.countryIso },
  billing: { table: billingAddresses, id: billingAddresses.id, userId: billingAddresses.userId, isDefault: billingAddresses.isDefault, provinceId: billingAddresses.provinceId, countryIso: billingAddresses.countryIso },
} as const;

export type AddressKind = keyof typeof ADDRESS_TABLES;

/** The user's addresses of a kind, the checked one first (spec §4), with province (name, code) and country names. */
export async function listAddresses(db: Db, kind: AddressKind, userId: number, language: Language) {
  const t = ADDRESS_TABLES[kind];
  const rows = await db
    .select({ address: t.table, provinceName: provinces.name, provinceCode: provinces.code, countryName: countryTranslations.name })
    .from(t.table)
    .leftJoin(provinces, eq(provinces.id, t.provinceId))
    .leftJoin(countries, eq(countries.iso, t.countryIso))
    .leftJoin(countryTranslations, and(eq(countryTranslations.countryId, countries.id), eq(countryTranslations.lang, language)))
    .where(eq(t.userId, userId))
    .orderBy(asc(t.id));
  const addresses = rows.map(({ address, provinceName, provinceCode, countryName }) => ({
    ...(address as typeof shippingAddresses.$inferSelect & typeof billingAddresses.$inferSelect),
    // The code lets the address be written the country's way (Italy's sigla: worker/domain/identity/address-format.ts).
    province: { id: address.provinceId, name: provinceName ?? '', code: provinceCode ?? '' },
    country: { iso: address.countryIso, name: countryName ?? address.countryIso },
  }));
  const checked = checkedAddressId(addresses);
  return sortAddresses(addresses).map(({ userId: _user, createdAt: _created, ...rest }) => ({ ...rest, default: rest.id === checked }));
}

export async function countAddresses(db: Db, kind: AddressKind, userId: number): Promise<number> {
  const t = ADDRESS_TABLES[kind];
  const [row] = await db.select({ n: count() }).from(t.table).where(eq(t.userId, userId));
  return row?.n ?? 0;
}

/** Marks one address the default and clears the mark on the user's others, in one batch. */
export function defaultStatements(db: Db, kind: AddressKind, userId: number, id: number) {
  const t = ADDRESS_TABLES[kind];
  return [db.update(t.table).set({ isDefault: false }).where(and(eq(t.userId, userId), ne(t.id, id))), db.update(t.table).set({ isDefault: true }).where(and(eq(t.userId, userId), eq(t.id, id)))] as const;
}

export function loadOwnedAddress(db: Db, kind: AddressKind, userId: number, id: number) {
  return loadOwned(db, ADDRESS_TABLES[kind], userId, id);
}
