/**
 * A language's search vocabulary (worker/db/search.ts `Vocabulary`), kept in the isolate: only
 * the full catalogue refresh changes it, and that bumps the catalogue version, so it is keyed by
 * the version and trusted for MEMO_TTL_MS at most (./version-memo.ts). Searches on any page or
 * the API then know their words' corrections without a D1 statement.
 */
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { readVocabulary, type Vocabulary } from '../db/search';
import { memoBindings, versionMemo } from './version-memo';

/** The vocabulary of `language`: the isolate's copy when it is of the current version and fresh, else read from `db`. */
export const keptVocabulary = (env: Env, db: Db, language: Language) => (): Promise<Vocabulary> =>
  versionMemo(memoBindings(env), `vocabulary:${language}`, () => readVocabulary(db, language));
