/**
 * `validate(target, schema)`: zValidator whose failures become the catalogue's 400 envelope,
 * listing each bad field (path and zod message) in `details`.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { appError } from './errors';

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw appError(target === 'json' && issues.length === 0 ? 'invalidJson' : 'invalidRequest', { target, issues });
    }
  });
}
