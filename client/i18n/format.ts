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

export function formatDate(date: Date, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return new Intl.DateTimeFormat(LANGUAGE_INFO[language].tag, { timeZone: 'Europe/Madrid', ...options }).format(date);
}
