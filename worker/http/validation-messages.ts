/**
 * The words a person reads when a field is refused at the API's door. A schema's own message
 * text is for developers and is English; what goes out in the 400's details is chosen from the
 * issue's kind (required, too short, not an e-mail address…) and its limits, and translated into
 * the request's language, so every schema of every API file is covered without each one having
 * to name its messages. A refinement that needs its own words passes them with
 * `refinementMessage(msg`…`)`.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { core } from 'zod';

export const VALIDATION_MESSAGES = {
  required: msg`This field is required.`,
  invalid: msg`This value is not valid.`,
  email: msg`Enter a valid e-mail address.`,
  url: msg`Enter a valid web address.`,
  date: msg`Enter a valid date.`,
  format: msg`This value does not have the expected format.`,
  textTooShort: msg`Use at least {minimum} characters.`,
  textTooLong: msg`Use at most {maximum} characters.`,
  textExactLength: msg`Use exactly {length} characters.`,
  number: msg`Enter a number.`,
  wholeNumber: msg`Enter a whole number.`,
  numberAtLeast: msg`Enter a number of {minimum} or more.`,
  numberAbove: msg`Enter a number greater than {minimum}.`,
  numberAtMost: msg`Enter a number of {maximum} or less.`,
  numberBelow: msg`Enter a number less than {maximum}.`,
  fewerItems: msg`Choose at least {minimum}.`,
  tooManyItems: msg`Choose at most {maximum}.`,
  mustAccept: msg`This box must be ticked to continue.`,
  oneOf: msg`Choose one of: {options}.`,
  option: msg`Choose one of the options.`,
  unexpectedFields: msg`These fields are not expected here: {fields}.`,
} satisfies Record<string, MessageDescriptor>;

/** A refinement's own message, translated when it reaches a person: `.refine(check, refinementMessage(msg`…`))`. */
export function refinementMessage(descriptor: MessageDescriptor): { message: string; params: { descriptor: MessageDescriptor } } {
  return { message: descriptor.message ?? descriptor.id, params: { descriptor } };
}

/**
 * Field issues raised by code without the request's language at hand carry a message
 * descriptor; the envelope translates them (worker/app.ts). Anything else passes unchanged.
 */
export function translatedDetails(details: unknown, i18n: I18n | undefined): unknown {
  const issues = typeof details === 'object' && details !== null ? (details as { issues?: unknown }).issues : undefined;
  if (!i18n || !Array.isArray(issues)) return details;
  return { ...(details as object), issues: issues.map((issue: { message?: unknown }) => (isDescriptor(issue.message) ? { ...issue, message: i18n._(issue.message) } : issue)) };
}

/** What the request held at `path` (to tell a missing field from a wrong one). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const OPTIONS_LISTED = 8;

function isDescriptor(value: unknown): value is MessageDescriptor {
  return typeof value === 'object' && value !== null && typeof (value as MessageDescriptor).id === 'string';
}

/** The person-facing message of one zod issue, in the language of `i18n`. */
export function issueMessage(issue: core.$ZodIssue, input: unknown, i18n: I18n): string {
  const M = VALIDATION_MESSAGES;
  const say = (descriptor: MessageDescriptor, values?: Record<string, unknown>) => i18n._(values ? { ...descriptor, values } : descriptor);
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      if (value === undefined || value === null || value === '') return say(M.required);
      if (issue.expected === 'int') return say(M.wholeNumber);
      if (issue.expected === 'number' || issue.expected === 'bigint') return say(M.number);
      return say(M.invalid);
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (minimum <= 1) return say(M.required);
        return issue.exact ? say(M.textExactLength, { length: minimum }) : say(M.textTooShort, { minimum });
      }
      if (issue.origin === 'number' || issue.origin === 'bigint') return say(issue.inclusive === false ? M.numberAbove : M.numberAtLeast, { minimum: String(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return minimum <= 1 ? say(M.required) : say(M.fewerItems, { minimum });
      return say(M.invalid);
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return issue.exact ? say(M.textExactLength, { length: maximum }) : say(M.textTooLong, { maximum });
      if (issue.origin === 'number' || issue.origin === 'bigint') return say(issue.inclusive === false ? M.numberBelow : M.numberAtMost, { maximum: String(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return say(M.tooManyItems, { maximum });
      return say(M.invalid);
    }
    case 'invalid_format':
      if (issue.format === 'email') return say(M.email);
      if (issue.format === 'url') return say(M.url);
      if (issue.format === 'date' || issue.format === 'datetime') return say(M.date);
      return say(M.format);
    case 'not_multiple_of':
      return issue.divisor === 1 ? say(M.wholeNumber) : say(M.invalid);
    case 'invalid_value': {
      if (issue.values.length === 1 && issue.values[0] === true) return say(M.mustAccept);
      const listable = issue.values.length <= OPTIONS_LISTED && issue.values.every((value) => typeof value === 'string' || typeof value === 'number');
      return listable ? say(M.oneOf, { options: issue.values.join(', ') }) : say(M.option);
    }
    case 'unrecognized_keys':
      return say(M.unexpectedFields, { fields: issue.keys.join(', ') });
    case 'custom': {
      const descriptor: unknown = issue.params?.descriptor;
      return isDescriptor(descriptor) ? say(descriptor) : say(M.invalid);
    }
    default:
      return say(M.invalid);
  }
}
