/**
 * Calls that the account screens' plain forms also send without script. Such a form adds
 * `respond=page` (and `lang`, the language of the page it was sent from) to the fields a script
 * would send as JSON, and is answered with a 303 to a page instead of JSON: where the change
 * leads on success, or back to its screen with the refusal's code when the store refused it.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { href, type RouteId } from '../../client/routes';
import type { AppContext } from './context';
import { AppError, okEnvelope } from './errors';
import { formLanguage } from './validate';

/** The fields a form sent without script adds (spread into a call's body schema). */
export const pageFormFields = { respond: z.enum(['page', 'json']).optional(), lang: z.enum(LANGUAGES).optional() };

/** A form's text fields (file parts left out), what `formOrJsonBody` reads from a form. */
export function formTextFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A screen's address in the form's language (`formLanguage`), with `query` when it has any and an optional `#hash`. */
export function formPage(c: AppContext, route: RouteId, language: Language | undefined, query: Record<string, string> = {}, hash = ''): string {
  const search = new URLSearchParams(query).toString();
  return `${href(route, formLanguage(c, language), c.var.channel)}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

/** Where a form sent without script goes: on success (given what the work returned), and when refused (given the error's code). */
export interface FormPages<T> {
  done: (result: T) => string;
  refused: (code: string) => string;
}

/**
 * Runs `work` and answers a script with its result as JSON (`status`), or a form sent without
 * script (`pages` given) with a 303 to `pages.done`; a refusal (an AppError) sends that form back
 * to `pages.refused`. Anything else, and every refusal of a script's call, is thrown as usual.
 */
export async function answerForm<T>(c: AppContext, pages: FormPages<T> | null, work: () => Promise<T>, status: 200 | 201 = 200) {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (!pages || !(error instanceof AppError)) throw error;
    return c.redirect(pages.refused(String(error.entry.code)), 303);
  }
  return pages ? c.redirect(pages.done(result), 303) : c.json(okEnvelope(result), status);
}
