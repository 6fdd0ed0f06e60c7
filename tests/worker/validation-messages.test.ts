/**
 * Field messages of a refused request come in the request's language, chosen from the kind of
 * problem (worker/http/validation-messages.ts), never zod's or a schema's English text.
 */
import { describe, expect, it } from 'vitest';
import { newEmail, TestBrowser } from './browser';

type Issues = { issues: { path: string; message: string }[] };
const messages = (details: unknown) => Object.fromEntries((details as Issues).issues.map((issue) => [issue.path, issue.message]));

describe('validation messages at the API door', () => {
  it('sign-up in French: a bad e-mail, a short password and unticked terms are explained in French', async () => {
    const result = await new TestBrowser('http://fr.localhost').api('POST', '/api/users/signup', { email: 'marie.dupont@', password: 'court', acceptTerms: false }, { 'X-Selected-Language': 'fr_FR' });
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ type: 'validation', code: 'INVALID_REQUEST' });
    expect(messages(result.error!.details)).toEqual({
      email: 'Saisissez une adresse e-mail valide.',
      password: 'Utilisez au moins 8 caractères.',
      acceptTerms: 'Vous devez cocher cette case pour continuer.',
    });
  });

  it('the same request in English and in German reads in each language; a missing field says it is required', async () => {
    const english = await new TestBrowser().api('POST', '/api/users/signup', { email: 'not-an-address', acceptTerms: true }, { 'X-Selected-Language': 'en_EN' });
    expect(messages(english.error!.details)).toEqual({ email: 'Enter a valid e-mail address.', password: 'This field is required.' });
    const german = await new TestBrowser('http://de.localhost').api('POST', '/api/users/login', { email: 'kein@', password: '' }, { 'X-Selected-Language': 'de_DE' });
    expect(german.status).toBe(400);
    expect(messages(german.error!.details).email).toBe('Geben Sie eine gültige E-Mail-Adresse ein.');
  });

  it('without a language header the channel default is used (Spain: Spanish)', async () => {
    const result = await new TestBrowser().api('POST', '/api/users/password/recovery', { email: newEmail('x').replace('@', '') });
    expect(result.status).toBe(400);
    expect(messages(result.error!.details).email).toBe('Introduce un correo electrónico válido.');
  });
});
