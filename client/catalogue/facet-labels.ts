/**
 * Labels of the product listing's facets as Lingui descriptors: facet titles, seller kinds,
 * conditions, availability groups, rating steps and the spec attributes of the catalogue
 * (the keys of articles.specs). Translated by the caller's i18n (`i18n._(descriptor)`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Titles of the fixed facets, by filter key. */
export const FACET_TITLES: Record<string, MessageDescriptor> = {
  brand: msg`Brand`,
  seller: msg`Sold by`,
  condition: msg`Condition`,
  availability: msg`Availability`,
  rating: msg`Customer rating`,
  price: msg`Price`,
};

export const SELLER_KIND_LABELS: Record<string, MessageDescriptor> = {
  own: msg`Ampora`,
  marketplace: msg`Marketplace sellers`,
  dropshipping: msg`Shipped by the supplier`,
};

/** Conditions read the same in facets as on the product page. */
export { CONDITION_LABELS } from './labels';

/** Groups of worker/domain/catalogue/listing-query.ts AVAILABILITY_GROUPS. */
export const AVAILABILITY_GROUP_LABELS: Record<string, MessageDescriptor> = {
  'in-stock': msg`In stock`,
  soon: msg`Available soon`,
  'out-of-stock': msg`Out of stock`,
  unavailable: msg`Not available`,
};

/** "4★ & up": products whose average is at least that many stars (no placeholders, so an untranslated catalog still reads right). */
export const RATING_LABELS: Record<number, MessageDescriptor> = {
  5: msg`5★`,
  4: msg`4★ & up`,
  3: msg`3★ & up`,
  2: msg`2★ & up`,
  1: msg`1★ & up`,
};

/** Names of the spec attributes (articles.specs keys) shown as facet titles. */
export const ATTRIBUTE_LABELS: Record<string, MessageDescriptor> = {
  screen: msg`Screen`,
  cpu: msg`Processor`,
  ram: msg`RAM`,
  storage: msg`Storage`,
  os: msg`Operating system`,
  gpu: msg`Graphics`,
  refresh: msg`Refresh rate`,
  layout: msg`Layout`,
  form: msg`Form factor`,
  connectivity: msg`Connectivity`,
  switches: msg`Switches`,
  dpi: msg`Sensitivity`,
  resolution: msg`Resolution`,
  fps: msg`Frame rate`,
  panel: msg`Panel`,
  ppm: msg`Print speed`,
  platform: msg`Platform`,
  devices: msg`Devices`,
  chip: msg`Graphics chip`,
  vram: msg`Video memory`,
  interface: msg`Interface`,
  cores: msg`Cores`,
  boost: msg`Boost clock`,
  socket: msg`Socket`,
  capacity: msg`Capacity`,
  memtype: msg`Type and speed`,
  read: msg`Sequential read`,
  chipset: msg`Chipset`,
  power: msg`Power`,
  cert: msg`Certification`,
  camera: msg`Main camera`,
  network: msg`Network`,
  case: msg`Case size`,
  hdr: msg`HDR`,
  channels: msg`Channels`,
  battery: msg`Battery life`,
  codec: msg`Codecs`,
  protection: msg`Protection`,
  brightness: msg`Brightness`,
  maxload: msg`Maximum load`,
  recline: msg`Recline`,
  pegi: msg`Age rating`,
  height: msg`Height`,
  energy: msg`Energy class`,
  load: msg`Load capacity`,
  spin: msg`Spin speed`,
  width: msg`Width`,
  place: msg`Place settings`,
  noise: msg`Noise level`,
  suction: msg`Suction power`,
  runtime: msg`Runtime`,
  pressure: msg`Pressure`,
  tank: msg`Water tank`,
  sensor: msg`Sensor`,
  video: msg`Video`,
  mount: msg`Mount`,
  filter: msg`Filter thread`,
  waterproof: msg`Waterproof to`,
  flight: msg`Flight time`,
  wifi: msg`Wi-Fi`,
  ports: msg`Ports`,
  units: msg`Units`,
  speed: msg`Speed`,
  poe: msg`PoE`,
};

/** The title of attribute facet `name`, or undefined for an attribute without a label. */
export function attributeLabel(name: string): MessageDescriptor | undefined {
  return Object.hasOwn(ATTRIBUTE_LABELS, name) ? ATTRIBUTE_LABELS[name] : undefined;
}
