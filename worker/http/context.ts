/**
 * The typed per-request context: set once by middleware on `c.var`, read by every handler.
 */
import type { I18n } from '@lingui/core';
import type { Context } from 'hono';
import type { Language } from '../../client/i18n/languages';
import type { Channel, ChannelId } from '../channel/channels';
import type { Db, RequestDb } from '../db/client';
import type { UserRow } from '../identity/session';

export interface AppVariables {
  channel: Channel;
  /** Every channel's configuration in force (hreflang, sitemaps and country links need them all). */
  channels: Record<ChannelId, Channel>;
  language: Language;
  i18n: I18n;
  db: Db;
  /** Where this request's D1 reads stand, for a session opened elsewhere (worker/db/client.ts `requestDb`). */
  d1Session: Pick<RequestDb, 'startAt' | 'observe'>;
  /** CSP nonce of this response; every inline script must carry it. */
  nonce: string;
  /** The clock of this request; tests inject one through the `now` option of createApp. */
  now: Date;
  /** The signed-in user once looked up (worker/identity/session.ts): null for anonymous visitors. */
  user: UserRow | null;
  /** This page hosts the card form: its CSP lets in the provider's frames (security-headers.ts). */
  cardForm?: boolean;
  /** Set on the gateway pages: the page posts a signed form to, or frames, a payment provider's page. */
  gatewayPage?: boolean;
  /** The API reference page (/api/docs): its script adds inline styles (security-headers.ts). */
  apiReference?: boolean;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
export type AppContext = Context<AppEnv>;
