/**
 * Delivery agencies for the store's own home deliveries (spec §3 agencies per delivery, the
 * draft's deliveryAgency): which carriers serve a zone, what the faster one adds, and the
 * delivery window each gives. Data, ours: the first agency of a zone is its standard service
 * (no extra cost, the offers' own delivery days); an express service delivers on the earliest
 * of those days for its extra cost. Other sellers ship with their own carriers: a marketplace
 * seller's order goes with the seller's standard service, and premium sellers also offer an
 * express one (MARKETPLACE_AGENCIES), chosen per seller order (spec §3 marketplaceAgencies).
 *
 * Standard services of the main zones let the customer pick the delivery day and a time slot
 * (`scheduling`, worker/domain/checkout/delivery-choices.ts); express and island services do not.
 */
import type { ShippingZone } from './shipping';

export interface Agency {
  id: string;
  name: string;
  zones: readonly ShippingZone[];
  /** Added to the group's shipping cost, in cents. */
  extraCost: number;
  /** Delivers on the earliest day of the offers' window instead of anywhere in it. */
  express: boolean;
  /** The customer may choose the delivery day and time slot. */
  scheduling: boolean;
}

export const AGENCIES: readonly Agency[] = [
  { id: 'seur', name: 'SEUR', zones: ['es-peninsula', 'es-baleares', 'ad'], extraCost: 0, express: false, scheduling: true },
  { id: 'seur-24', name: 'SEUR 24', zones: ['es-peninsula'], extraCost: 399, express: true, scheduling: false },
  { id: 'correos-express', name: 'Correos Express', zones: ['es-canarias', 'es-ceuta', 'es-melilla', 'es-baleares'], extraCost: 0, express: false, scheduling: false },
  { id: 'ctt', name: 'CTT', zones: ['pt-mainland', 'pt-madeira', 'pt-azores'], extraCost: 0, express: false, scheduling: true },
  { id: 'ctt-expresso', name: 'CTT Expresso', zones: ['pt-mainland'], extraCost: 499, express: true, scheduling: false },
  { id: 'colissimo', name: 'Colissimo', zones: ['fr'], extraCost: 0, express: false, scheduling: true },
  { id: 'chronopost', name: 'Chronopost', zones: ['fr'], extraCost: 699, express: true, scheduling: false },
  { id: 'brt', name: 'BRT', zones: ['it'], extraCost: 0, express: false, scheduling: true },
  { id: 'sda-express', name: 'SDA Express', zones: ['it'], extraCost: 599, express: true, scheduling: false },
  { id: 'dhl', name: 'DHL', zones: ['de'], extraCost: 0, express: false, scheduling: true },
  { id: 'dpd-express', name: 'DPD Express', zones: ['de'], extraCost: 599, express: true, scheduling: false },
];

/** A marketplace seller's services: its standard carrier, and an express one for premium sellers. */
export const MARKETPLACE_AGENCIES: readonly (Omit<Agency, 'zones'> & { premiumOnly: boolean })[] = [
  { id: 'seller-standard', name: 'seller-standard', extraCost: 0, express: false, scheduling: false, premiumOnly: false },
  { id: 'seller-express', name: 'seller-express', extraCost: 499, express: true, scheduling: false, premiumOnly: true },
];

/** The services a marketplace seller of this tier offers, standard first. */
export function marketplaceAgenciesFor(tier: 'standard' | 'premium'): Agency[] {
  return MARKETPLACE_AGENCIES.filter((a) => tier === 'premium' || !a.premiumOnly).map(({ premiumOnly: _, ...agency }) => ({ ...agency, zones: [] }));
}

/** The agencies that deliver to a zone at home, standard ones first. */
export function agenciesFor(zone: ShippingZone | null): Agency[] {
  if (!zone) return [];
  return AGENCIES.filter((a) => a.zones.includes(zone)).sort((a, b) => Number(a.express) - Number(b.express));
}

/** The chosen agency when it serves the zone, the standard one when none was chosen, else 'unavailable' (1117). */
export function chooseAgency(available: readonly Agency[], selected: string | null | undefined): Agency | 'unavailable' {
  if (selected) return available.find((a) => a.id === selected) ?? 'unavailable';
  return available[0] ?? 'unavailable';
}

/** The days of the window an agency delivers in, from the offers' own window. */
export function agencyWindow(agency: Agency, minDays: number, maxDays: number): { minDays: number; maxDays: number } {
  return agency.express ? { minDays, maxDays: minDays } : { minDays, maxDays: Math.max(minDays, maxDays) };
}
