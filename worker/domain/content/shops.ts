/**
 * Facts of a physical shop page (spec §2, §9): the map link, the phone link and the opening
 * hours, which the seed stores in OpenStreetMap syntax ("Mo-Fr 09:30-14:00,17:00-21:00").
 */

/** Monday = 0 … Sunday = 6, as OpenStreetMap writes them. */
const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

export interface OpeningHoursLine {
  /** First and last day of the range, Monday = 0; null when the line could not be read. */
  days: { from: number; to: number } | null;
  /** Opening intervals as "HH:MM" pairs. */
  intervals: [open: string, close: string][];
  /** The line as stored, shown as it is when it could not be read. */
  raw: string;
}

const LINE = /^([A-Z][a-z])(?:-([A-Z][a-z]))?\s+((?:\d{2}:\d{2}-\d{2}:\d{2})(?:,\d{2}:\d{2}-\d{2}:\d{2})*)$/;

/** Reads "Mo-Sa 10:00-21:30" lines; lines in other shapes keep only `raw`. */
export function parseOpeningHours(lines: readonly string[]): OpeningHoursLine[] {
  return lines.map((raw) => {
    const match = LINE.exec(raw.trim());
    const from = match ? DAYS.indexOf(match[1] as (typeof DAYS)[number]) : -1;
    const to = match?.[2] ? DAYS.indexOf(match[2] as (typeof DAYS)[number]) : from;
    if (!match || from < 0 || to < from) return { days: null, intervals: [], raw };
    const intervals = match[3]!.split(',').map((pair) => pair.split('-') as [string, string]);
    return { days: { from, to }, intervals, raw };
  });
}

/** OpenStreetMap with a marker on the shop; coordinates are stored in millionths of a degree. */
export function mapUrl(latitudeE6: number, longitudeE6: number): string {
  const lat = (latitudeE6 / 1e6).toFixed(6);
  const lon = (longitudeE6 / 1e6).toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** `tel:` link for a phone written for people ("+34 910 482 130" → "tel:+34910482130"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
