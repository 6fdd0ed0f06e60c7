/**
 * Dates typed by people (spec §5): day/month/year, "dd/mm/yyyy" style. Day and month may have
 * one or two digits and the separator may be '/', '-' or '.'; the year has four digits. The
 * date must exist (no 31/02). A birthday must also make the person at least 14 years old (the
 * age at which a person may consent to an account in Spain and Italy) and at most 120.
 */
export const MIN_AGE_YEARS = 14;
export const MAX_AGE_YEARS = 120;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const PATTERN = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

export function parseDayMonthYear(text: string): CalendarDate | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : undefined;
}

export function isoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "dd/mm/yyyy" of an ISO date (yyyy-mm-dd). */
export function dayMonthYear(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** Whole years from `date` to `today` (UTC calendar days). */
export function ageOn(date: CalendarDate, today: Date): number {
  const years = today.getUTCFullYear() - date.year;
  const beforeBirthday = today.getUTCMonth() + 1 < date.month || (today.getUTCMonth() + 1 === date.month && today.getUTCDate() < date.day);
  return beforeBirthday ? years - 1 : years;
}

export type BirthdayProblem = 'format' | 'future' | 'tooYoung' | 'tooOld';

export function checkBirthday(text: string, today: Date): { ok: true; iso: string } | { ok: false; problem: BirthdayProblem } {
  const date = parseDayMonthYear(text);
  if (!date) return { ok: false, problem: 'format' };
  if (isoDate(date) > today.toISOString().slice(0, 10)) return { ok: false, problem: 'future' };
  const age = ageOn(date, today);
  if (age < MIN_AGE_YEARS) return { ok: false, problem: 'tooYoung' };
  if (age > MAX_AGE_YEARS) return { ok: false, problem: 'tooOld' };
  return { ok: true, iso: isoDate(date) };
}
