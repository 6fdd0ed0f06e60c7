/**
 * Postal codes our carriers do not reach for home delivery (spec §8 1149): small islands served
 * only by passenger boat. Operations keep this list in D1; these are the demo rows.
 */
export const BLOCKED_POSTAL_CODES = [
  { country_iso: 'ES', postal_code: '03138', reason: 'Isla de Tabarca: passenger boat only' },
  { country_iso: 'FR', postal_code: '29990', reason: 'Île-de-Sein: passenger boat only' },
  { country_iso: 'IT', postal_code: '92010', reason: 'Linosa: no carrier service' },
  { country_iso: 'IT', postal_code: '92031', reason: 'Lampedusa: no carrier service' },
];
