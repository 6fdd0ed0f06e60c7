/**
 * `validate(target, schema)`: zValidator whose failures become the catalogue's 400 envelope,
 * listing each bad field in `details` with its path and a message in the request's language
 * (worker/http/validation-messages.ts).
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import type { AppContext } from './context';
import { appError } from './errors';
import { issueMessage } from './validation-messages';

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessage(issue, result.data, (c as AppContext).var.i18n) }));
      throw appError(target === 'json' && issues.length === 0 ? 'invalidJson' : 'invalidRequest', { target, issues });
    }
  });
}
