/**
 * Account records: creating users, finding them by e-mail, and the User info entity (spec §3)
 * the client receives.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articleTranslations, orders, productReviews, userPurchases, users } from '../db/schema';
import { boughtPurchase } from '../ugc/reviews';
import type { Language } from '../../client/i18n/languages';
import { randomToken } from './crypto';
import { newCartId } from './cart-cookie';
import type { UserRow } from './session';

export const ROLE_CUSTOMER = 'customer';
export const ROLE_BUSINESS = 'business';
export const ROLE_PREMIUM = 'premium';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  channel: string;
  language: Language;
  now: Date;
  verified?: boolean;
}

export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      hashId: randomToken(12),
      email: normalizeEmail(input.email),
      emailVerifiedAt: input.verified ? input.now.getTime() : null,
      passwordHash: input.passwordHash,
      channel: input.channel,
      language: input.language,
      cartId: newCartId(),
      createdAt: input.now.getTime(),
    })
    .returning();
  return row!;
}

/** The roles list of user info: every user is a customer; business and premium add theirs. */
export function rolesOf(user: UserRow): string[] {
  const stored = JSON.parse(user.roles) as unknown;
  const roles = new Set(Array.isArray(stored) ? stored.filter((r): r is string => typeof r === 'string') : [ROLE_CUSTOMER]);
  roles.add(ROLE_CUSTOMER);
  if (user.isB2b) roles.add(ROLE_BUSINESS);
  if (user.isPremium) roles.add(ROLE_PREMIUM);
  return [...roles];
}

/** User info (spec §3) for a signed-in user. */
export function userInfo(user: UserRow, encryptedCartId: string, products: number) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    isLoggedIn: true,
    userId: user.hashId,
    idUser: user.hashId,
    hashId: user.hashId,
    nick: user.nick,
    username: user.nick ?? user.email,
    email: user.email,
    roles: rolesOf(user),
    isPremium: user.isPremium,
    isB2b: user.isB2b,
    idCart: user.cartId,
    encryptedCartId,
    products,
    registrationDate: iso(user.createdAt),
    firstPurchaseDate: iso(user.firstPurchaseAt),
    lastPurchaseDate: iso(user.lastPurchaseAt),
    firstPurchase: user.totalPurchases === 0,
    totalPurchases: user.totalPurchases,
    totalSpent: user.totalSpentCents,
    birthday: user.birthday,
    hasSpecialRates: user.hasSpecialRates,
  };
}

/** User info for an anonymous visitor: not logged in, with the browser's cart. */
export function anonymousInfo(cartId: string, encryptedCartId: string, products: number) {
  return { isLoggedIn: false, roles: [] as string[], isPremium: false, isB2b: false, idCart: cartId, encryptedCartId, products };
}

/** Articles the user bought (worker/ugc/reviews.ts `boughtPurchase`: not awaiting payment nor cancelled) and has not reviewed yet, newest purchase first. */
export async function pendingReviews(db: Db, userId: number, language: Language) {
  return db
    .select({ articleId: userPurchases.articleId, orderNumber: userPurchases.orderNumber, purchasedAt: userPurchases.purchasedAt, name: articleTranslations.name })
    .from(userPurchases)
    .leftJoin(productReviews, and(eq(productReviews.userId, userPurchases.userId), eq(productReviews.articleId, userPurchases.articleId)))
    .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, userPurchases.articleId), eq(articleTranslations.lang, language)))
    .leftJoin(orders, eq(orders.orderNumber, userPurchases.orderNumber))
    .where(and(eq(userPurchases.userId, userId), isNull(productReviews.id), boughtPurchase()))
    .groupBy(userPurchases.articleId)
    .orderBy(desc(sql`max(${userPurchases.purchasedAt})`))
    .limit(50);
}
