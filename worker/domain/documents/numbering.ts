/** Document numbers: printed codes and the channel-local date a document is issued on. */
import type { ChannelId } from '../../channel/channels';
import { CHANNEL_TIME_ZONES } from '../catalogue/delivery';

/** The printed number: channel, series, year and the number in six digits ("ES-F-2026-000001"). */
export function documentCode(channel: string, series: string, year: number, number: number): string {
  return `${channel}-${series}-${year}-${String(number).padStart(6, '0')}`;
}

/** The channel's local calendar date of an instant: numbering years and printed dates follow it. */
export function localDate(channel: ChannelId, at: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: CHANNEL_TIME_ZONES[channel], year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The next number of a series and year, given the last one (0 when the year has none): unbroken. */
export const nextNumber = (last: number | null | undefined): number => (last ?? 0) + 1;

/** Quarter (1–4) of a month (1–12). */
export const quarterOf = (month: number): 1 | 2 | 3 | 4 => (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
