/** Money and date formatting per language. Amounts are integer cents everywhere. */
import { LANGUAGE_INFO, type Language } from './languages';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 129900 → "1.299,00 €" in es_ES, "€1,299.00" in en_EN. */
export function formatMoney(cents: number, language: Language, currency = 'EUR'): string {
  const key = `${language}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_INFO[language].tag, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Dates in the language's words; formatters are built once per language and options (building one costs far more than using it). */
export function formatDate(date: Date, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const key = `${language}:${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_INFO[language].tag, { timeZone: 'Europe/Madrid', ...options });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** A day in digits, in the language's order (15/03/2027 in es_ES, 15.03.2027 in de_DE): the account's lists and cards. */
export function formatShortDate(date: Date | string | number, language: Language): string {
  return formatDate(new Date(date), language, { day: '2-digit', month: '2-digit', year: 'numeric' });
}
