/**
 * Every message a refused field can show comes from the translated set of
 * worker/http/validation-messages.ts, whatever zod reports and whatever text the schema gave:
 * in every language other than English it must read differently from the English message (an
 * untranslated catalog entry falls back to English).
 */
import fc from 'fast-check';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from '../../client/i18n/languages';
import { VALIDATION_MESSAGES, issueMessage, refinementMessage, translatedDetails } from '../../worker/http/validation-messages';
import { i18nFor } from '../../worker/i18n/catalogs';
import { billingInput, shippingInput } from '../../worker/identity/addresses';

const english = i18nFor('en_EN');
const others = LANGUAGES.filter((language) => language !== 'en_EN').map((language) => [language, i18nFor(language)] as const);

/** The kinds of checks the API's schemas use (worker/api/*.ts), each with the developer text some give. */
const gallery = z
  .object({
    email: z.email('a valid e-mail address').max(254),
    password: z.string().min(8, 'at least 8 characters').max(128),
    name: z.string().trim().min(1).max(60),
    iso: z.string().trim().length(2),
    id: z.string().regex(/^[0-9a-f-]{36}$/, 'a cart id'),
    day: z.iso.date(),
    qty: z.number().int().positive().max(99),
    distance: z.coerce.number().int('whole kilometres').min(1, 'at least 1 km').max(50),
    kind: z.enum(['company', 'freelance', 'individual']),
    accepted: z.literal(true, 'the terms must be accepted'),
    ids: z.array(z.number().int()).min(1).max(3),
    flag: z.boolean(),
    range: z.object({ from: z.number(), to: z.number() }).refine((r) => r.from <= r.to, 'from before to'),
    pair: z.object({ a: z.string().optional(), b: z.string().optional() }).refine((p) => (p.a === undefined) === (p.b === undefined), refinementMessage(msg`This value is not valid.`)),
  })
  .strict();

const SCHEMAS = { gallery, shippingInput, billingInput } as const;

function issuesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues;
}

describe('validation messages', () => {
  it('every message is translated in every language', () => {
    for (const [language, i18n] of others) {
      for (const [name, descriptor] of Object.entries(VALIDATION_MESSAGES)) {
        const values = { minimum: 3, maximum: 9, length: 2, options: 'a, b', fields: 'x' };
        expect(i18n._({ ...descriptor, values }), `${language}: ${name}`).not.toBe(english._({ ...descriptor, values }));
      }
    }
  });

  it('known problems read as a person would say them, with the limits filled in', () => {
    const issues = issuesOf(gallery, { email: 'nope', password: 'short', name: '  ', iso: 'ESP', qty: 0, kind: 'shop', accepted: false, extra: 1 });
    const input = { email: 'nope', password: 'short', name: '  ', iso: 'ESP', qty: 0, kind: 'shop', accepted: false, extra: 1 };
    const byPath = Object.fromEntries(issues.map((issue) => [issue.path.join('.') || '(body)', issueMessage(issue, input, english)]));
    expect(byPath).toMatchObject({
      email: 'Enter a valid e-mail address.',
      password: 'Use at least 8 characters.',
      name: 'This field is required.',
      iso: 'Use exactly 2 characters.',
      id: 'This field is required.',
      qty: 'Enter a number greater than 0.',
      kind: 'Choose one of: company, freelance, individual.',
      accepted: 'This box must be ticked to continue.',
      '(body)': 'These fields are not expected here: extra.',
    });
    const french = i18nFor('fr_FR');
    const [emailIssue] = issuesOf(z.object({ email: z.email('a valid e-mail address') }), { email: 'x@' });
    expect(issueMessage(emailIssue!, { email: 'x@' }, french)).toBe('Saisissez une adresse e-mail valide.');
  });

  it('whatever the request holds, no issue reaches a person in zod’s or the schema’s English', () => {
    const field = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 5 }), fc.object({ maxDepth: 1 }));
    const body = fc.dictionary(fc.constantFrom('email', 'password', 'name', 'iso', 'id', 'day', 'qty', 'distance', 'kind', 'accepted', 'ids', 'flag', 'range', 'pair', 'surname', 'address', 'streetNumber', 'city', 'postalCode', 'provinceId', 'countryIso', 'phone', 'billingType', 'nif', 'cellPhone', 'other'), field);
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])), fc.oneof(body, field), (schemaName, input) => {
        for (const issue of issuesOf(SCHEMAS[schemaName], input)) {
          const inEnglish = issueMessage(issue, input, english);
          expect(inEnglish).not.toBe(issue.message);
          for (const [, i18n] of others) expect(issueMessage(issue, input, i18n)).not.toBe(inEnglish);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('field issues raised with a message descriptor are translated by the envelope; other details pass unchanged', () => {
    const details = { target: 'json', issues: [{ path: 'shippingAddressId', message: msg`Choose a shipping address.` }, { path: 'x', message: 'already words' }] };
    expect(translatedDetails(details, i18nFor('it_IT'))).toEqual({ target: 'json', issues: [{ path: 'shippingAddressId', message: 'Scegli un indirizzo di spedizione.' }, { path: 'x', message: 'already words' }] });
    expect(translatedDetails({ reasons: ['marketplace'] }, i18nFor('it_IT'))).toEqual({ reasons: ['marketplace'] });
  });
});
