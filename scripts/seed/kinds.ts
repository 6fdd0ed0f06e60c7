/**
 * The category tree of the demo catalogue: super-families (level 1), families (level 2) and
 * sub-families (level 3). Product kinds are the leaves; their data lives in kinds-*.ts.
 */
import { COMPONENT_KINDS } from './kinds-components';
import { COMPUTING_KINDS } from './kinds-computing';
import { DEVICE_KINDS } from './kinds-devices';
import { HOME_KINDS } from './kinds-home';
import type { L6 } from './text';

/** A leaf family and everything needed to invent its products. */
export interface KindDef {
  key: string;
  parent: string;
  /** Icon name: drives the category icon and the generated product image. */
  icon: string;
  /** Relative share of the catalogue (default 1). */
  share?: number;
  /** Category name (a plural, as on a shelf sign). */
  name: L6;
  /** Product noun used in article names ("Portátil", "Notebook"…). */
  noun: L6;
  /** What a buyer is after: completes "for anyone looking for …" in each language. */
  benefit: L6;
  /** Retail price range in euros and weight range in grams. */
  price: [number, number];
  weight: [number, number];
  /** Language-neutral spec options, cheapest first (the position nudges the price). */
  specs: Record<string, string[]>;
  /** Spec keys appended to the article name. */
  title: string[];
  /** Brand → model series. A series may pin options: "MacBook Air|screen=13.6"~15.3"". */
  makers: Record<string, string[]>;
  /** Digital goods: no weight, no shipping, the series is the product name. */
  digital?: boolean;
  /** Opening sentence replacing the generic ones ({series}, {brand}, {benefit}). */
  intro?: L6;
  /** Name endings, one picked per article (digital goods). */
  suffix?: L6[];
  /**
   * A share of the kind's articles sold only on conditions (articles.sale_restriction, spec §8):
   * 'oem' with the PC assembly service (1145), 'companion' never as the only physical article (1146).
   */
  saleRestriction?: { restriction: 'oem' | 'companion'; share: number };
}

interface GroupDef {
  key: string;
  parent: string | null;
  icon: string;
  name: L6;
}

const GROUPS: GroupDef[] = [
  { key: 'computers', parent: null, icon: 'computer', name: ['Informática', 'Computers', 'Informatique', 'Informática', 'Informatica', 'Computer'] },
  { key: 'laptops', parent: 'computers', icon: 'laptop', name: ['Portátiles', 'Laptops', 'Ordinateurs portables', 'Portáteis', 'Notebook', 'Laptops'] },
  { key: 'peripherals', parent: 'computers', icon: 'keyboard', name: ['Periféricos', 'Peripherals', 'Périphériques', 'Periféricos', 'Periferiche', 'PC-Zubehör'] },
  { key: 'components', parent: null, icon: 'cpu', name: ['Componentes', 'PC components', 'Composants PC', 'Componentes', 'Componenti PC', 'PC-Komponenten'] },
  { key: 'phones', parent: null, icon: 'smartphone', name: ['Smartphones y telefonía', 'Phones & smartwatches', 'Téléphonie et objets connectés', 'Telemóveis e smartwatches', 'Telefonia', 'Smartphones & Wearables'] },
  { key: 'tv-sound', parent: null, icon: 'tv', name: ['TV y sonido', 'TV & audio', 'TV et son', 'TV e som', 'TV e audio', 'TV & Audio'] },
  { key: 'gaming', parent: null, icon: 'gamepad', name: ['Gaming', 'Gaming', 'Gaming', 'Gaming', 'Gaming', 'Gaming'] },
  { key: 'appliances', parent: null, icon: 'appliance', name: ['Electrodomésticos', 'Home appliances', 'Électroménager', 'Eletrodomésticos', 'Elettrodomestici', 'Haushaltsgeräte'] },
  { key: 'large-appliances', parent: 'appliances', icon: 'washer', name: ['Gran electrodoméstico', 'Large appliances', 'Gros électroménager', 'Grandes eletrodomésticos', 'Grandi elettrodomestici', 'Großgeräte'] },
  { key: 'small-appliances', parent: 'appliances', icon: 'coffee', name: ['Pequeño electrodoméstico', 'Small appliances', 'Petit électroménager', 'Pequenos eletrodomésticos', 'Piccoli elettrodomestici', 'Kleingeräte'] },
  { key: 'photo', parent: null, icon: 'camera', name: ['Fotografía y vídeo', 'Photo & video', 'Photo et vidéo', 'Fotografia e vídeo', 'Foto e video', 'Foto & Video'] },
  { key: 'networking', parent: null, icon: 'router', name: ['Redes', 'Networking', 'Réseau', 'Redes', 'Networking', 'Netzwerk'] },
];

export const KIND_DEFS: KindDef[] = [...COMPUTING_KINDS, ...COMPONENT_KINDS, ...DEVICE_KINDS, ...HOME_KINDS];

/** A model series with the spec options it pins. */
export interface Series {
  name: string;
  pins: Record<string, string[]>;
}

export interface Category {
  id: number;
  key: string;
  parentId: number | null;
  level: number;
  position: number;
  icon: string;
  name: L6;
  /** Set on leaves only. */
  kind?: Kind;
}

export interface Kind {
  def: KindDef;
  categoryId: number;
  makers: { brand: string; series: Series[] }[];
}

function parseSeries(text: string): Series {
  const [name, ...pins] = text.split('|');
  const pinned: Record<string, string[]> = {};
  for (const pin of pins) {
    const eq = pin.indexOf('=');
    pinned[pin.slice(0, eq)] = pin.slice(eq + 1).split('~');
  }
  return { name: name!, pins: pinned };
}

/** Builds the tree depth-first; ids follow that order, so they are stable for a given data set. */
function buildTree(): { categories: Category[]; kinds: Kind[] } {
  const categories: Category[] = [];
  const kinds: Kind[] = [];
  const visit = (key: string | null, parentId: number | null, level: number): void => {
    const groups = GROUPS.filter((g) => g.parent === key);
    const leaves = KIND_DEFS.filter((k) => k.parent === key);
    let position = 0;
    for (const g of groups) {
      const id = categories.length + 1;
      categories.push({ id, key: g.key, parentId, level, position: position++, icon: g.icon, name: g.name });
      visit(g.key, id, level + 1);
    }
    for (const def of leaves) {
      const id = categories.length + 1;
      const makers = Object.entries(def.makers).map(([brand, series]) => ({ brand, series: series.map(parseSeries) }));
      const kind: Kind = { def, categoryId: id, makers };
      kinds.push(kind);
      categories.push({ id, key: def.key, parentId, level, position: position++, icon: def.icon, name: def.name, kind });
    }
  };
  visit(null, null, 1);
  return { categories, kinds };
}

export const { categories: CATEGORIES, kinds: KINDS } = buildTree();

/** Category by key (throws on an unknown key: the data files are static). */
export function categoryByKey(key: string): Category {
  const found = CATEGORIES.find((c) => c.key === key);
  if (!found) throw new Error(`Unknown category ${key}`);
  return found;
}

/** Ids of `key` and every category below it. */
export function subtreeIds(key: string): Set<number> {
  const ids = new Set([categoryByKey(key).id]);
  for (const c of CATEGORIES) if (c.parentId !== null && ids.has(c.parentId)) ids.add(c.id);
  return ids;
}

/** Every brand that makes something in the catalogue, alphabetically; ids start at 1. */
export const BRANDS: string[] = [...new Set(KIND_DEFS.flatMap((k) => Object.keys(k.makers)))].sort((a, b) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
);
