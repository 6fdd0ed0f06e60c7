/**
 * `validate(target, schema)`: zValidator whose failures become the catalogue's 400 envelope,
 * listing each bad field in `details` with its path and a message in the request's language
 * (worker/http/validation-messages.ts).
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z, type output, type ZodType } from 'zod';
import type { Language } from '../../client/i18n/languages';
import type { AppContext } from './context';
import { appError } from './errors';
import { declare, declareFormOrJson, type FormOrJsonDeclaration } from './openapi-meta';
import { issueMessage } from './validation-messages';

/** A list's `page` query parameter: 1 when absent, else a whole number from 1 to 10,000 (anything else is the 400). */
export const pageParam = z.coerce.number().int().min(1).max(10_000).default(1);

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const middleware = zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessage(issue, result.data, (c as AppContext).var.i18n) }));
      throw appError(target === 'json' && issues.length === 0 ? 'invalidJson' : 'invalidRequest', { target, issues });
    }
  });
  // The OpenAPI document (worker/http/openapi.ts) reads the input of the route from here.
  return declare(middleware, { kind: 'input', input: { target, schema } });
}

/**
 * The body of a call that browser forms also send without script: a form (urlencoded or
 * multipart), turned into fields by `fromForm`, or JSON; an empty body is `undefined`. Checked
 * with zod, its failures the same 400 envelope as `validate()`.
 */
export async function formOrJsonBody<S extends ZodType>(c: AppContext, schema: S, fromForm: (form: FormData) => unknown): Promise<output<S>> {
  const type = c.req.header('Content-Type') ?? '';
  let fields: unknown;
  let target: 'form' | 'json' = 'json';
  if (/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) {
    target = 'form';
    const form = await c.req.formData().catch(() => {
      throw appError('invalidRequest', { target, issues: [{ path: '', message: 'not a form' }] });
    });
    fields = fromForm(form);
  } else if (c.req.header('Content-Length') === '0' || (!type && Number(c.req.header('Content-Length') ?? '0') === 0)) {
    fields = undefined;
  } else {
    fields = await c.req.json().catch(() => {
      throw appError('invalidJson');
    });
  }
  const result = schema.safeParse(fields);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessage(issue, fields, c.var.i18n) }));
    throw appError('invalidRequest', { target, issues });
  }
  return result.data as output<S>;
}

/**
 * `formOrJsonBody` declared on the route, so the OpenAPI document shows its schema:
 * `const body = formOrJson(schema, fromForm)`, then `.post('/x', body, async (c) => { const fields = await body.read(c); … })`.
 * A handler that collects more from the form (files…) passes its own `fromForm` to `read`.
 */
export function formOrJson<S extends ZodType>(schema: S, fromForm?: (form: FormData) => unknown): FormOrJsonDeclaration<S> {
  return declareFormOrJson(schema, (c, override) => {
    const read = override ?? fromForm;
    if (!read) throw new Error('formOrJson: no fromForm for this body');
    return formOrJsonBody(c, schema, read);
  });
}

/** The language a form sent without script asked its answer page in (`lang`), when the channel offers it; else the request's. */
export function formLanguage(c: AppContext, language: Language | undefined): Language {
  return language && c.var.channel.languages.includes(language) ? language : c.var.language;
}
