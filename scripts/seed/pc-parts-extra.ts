/**
 * PC parts the generated catalogue lacks, so that every slot of the configurator has articles
 * and every CPU socket has boards: cases, CPU coolers and operating systems (three new
 * categories under "PC components") and LGA1700 boards, DDR4 and DDR5 (in the motherboards
 * category). Fixed data, each with its configurator data, in its own id range
 * (EXTRA_PARTS_FIRST_ID on) so no generated article changes; sold by the retailer on all five
 * channels (./pc-part-tables.ts writes the rows).
 */
import { FORM_FACTORS, type CaseData, type CoolerData, type MotherboardData, type OsData, type SlotPart } from '../../worker/domain/configurator/parts';
import type { L6 } from './text';

/** After the gift cards' ids (scripts/seed/gift-cards.ts, 900_001 on). */
export const EXTRA_PARTS_FIRST_ID = 910_001;
export const EXTRA_PARTS_FIRST_OFFER_ID = 91_000_001;

export interface ExtraCategory {
  key: 'pc-cases' | 'cpu-coolers' | 'operating-systems';
  icon: string;
  name: L6;
}

export const EXTRA_CATEGORIES: ExtraCategory[] = [
  { key: 'pc-cases', icon: 'desktop', name: ['Cajas de PC', 'PC cases', 'Boîtiers PC', 'Caixas de PC', 'Case PC', 'PC-Gehäuse'] },
  { key: 'cpu-coolers', icon: 'cooler', name: ['Refrigeración CPU', 'CPU coolers', 'Refroidissement CPU', 'Refrigeração CPU', 'Dissipatori CPU', 'CPU-Kühler'] },
  { key: 'operating-systems', icon: 'software', name: ['Sistemas operativos', 'Operating systems', 'Systèmes d’exploitation', 'Sistemas operativos', 'Sistemi operativi', 'Betriebssysteme'] },
];

export type ExtraSlot = 'case' | 'cooler' | 'os' | 'motherboard';

export interface ExtraPart {
  /** A new category's key, or 'motherboard' for the generated motherboards category. */
  category: ExtraCategory['key'] | 'motherboard';
  icon: string;
  brand: string;
  model: string;
  /** Language-neutral specs, as articles.specs holds them; the first is appended to the name. */
  specs: Record<string, string>;
  /** Retail price on the Spanish channel, cents. */
  price: number;
  weight: number;
  part: Extract<SlotPart, { slot: ExtraSlot }>;
}

const pcCase = (brand: string, model: string, price: number, weight: number, data: CaseData): ExtraPart => ({
  category: 'pc-cases', icon: 'desktop', brand, model, price, weight,
  // The largest board it takes (the listing's form-factor filter); the limits are in the description.
  specs: { form: FORM_FACTORS.findLast((f) => data.formFactors.includes(f))! },
  part: { slot: 'case', data },
});

const cooler = (brand: string, model: string, price: number, weight: number, data: CoolerData): ExtraPart => ({
  category: 'cpu-coolers', icon: 'cooler', brand, model, price, weight,
  specs: { socket: data.sockets.join(', '), power: `${data.tdpW} W`, height: `${data.heightMm} mm` },
  part: { slot: 'cooler', data },
});

const os = (model: string, price: number, data: OsData): ExtraPart => ({
  category: 'operating-systems', icon: 'software', brand: 'Microsoft', model, price, weight: 120,
  specs: { os: model, platform: '64-bit' },
  part: { slot: 'os', data },
});

const board = (brand: string, model: string, price: number, weight: number, data: MotherboardData): ExtraPart => ({
  category: 'motherboard', icon: 'motherboard', brand, model, price, weight,
  specs: { chipset: `${data.chipset} (${data.socket})`, form: data.formFactor, memtype: data.memoryType },
  part: { slot: 'motherboard', data },
});

const ALL_SOCKETS = ['AM5', 'LGA1700', 'LGA1851'];
const ALL_FORMS: CaseData['formFactors'] = ['ATX', 'Micro-ATX', 'Mini-ITX'];

/** In id order: the first is EXTRA_PARTS_FIRST_ID. */
export const EXTRA_PARTS: ExtraPart[] = [
  pcCase('Corsair', '4000D Airflow', 9499, 7800, { formFactors: ALL_FORMS, maxGpuLengthMm: 360, maxCoolerHeightMm: 170 }),
  pcCase('NZXT', 'H5 Flow', 9999, 6700, { formFactors: ALL_FORMS, maxGpuLengthMm: 365, maxCoolerHeightMm: 165 }),
  pcCase('be quiet!', 'Pure Base 500DX', 11999, 7000, { formFactors: ALL_FORMS, maxGpuLengthMm: 369, maxCoolerHeightMm: 190 }),
  pcCase('ASUS', 'Prime AP201', 8499, 6200, { formFactors: ['Micro-ATX', 'Mini-ITX'], maxGpuLengthMm: 338, maxCoolerHeightMm: 170 }),
  pcCase('Cooler Master', 'MasterBox Q300L', 4999, 4100, { formFactors: ['Micro-ATX', 'Mini-ITX'], maxGpuLengthMm: 360, maxCoolerHeightMm: 159 }),
  pcCase('Cooler Master', 'MasterBox NR200P', 10999, 4700, { formFactors: ['Mini-ITX'], maxGpuLengthMm: 330, maxCoolerHeightMm: 155 }),
  pcCase('Corsair', '2000D Airflow', 13999, 5200, { formFactors: ['Mini-ITX'], maxGpuLengthMm: 365, maxCoolerHeightMm: 70 }),
  cooler('be quiet!', 'Pure Rock 2', 3999, 600, { type: 'air', sockets: ALL_SOCKETS, heightMm: 155, tdpW: 150 }),
  cooler('Cooler Master', 'Hyper 212 Black', 3499, 700, { type: 'air', sockets: ALL_SOCKETS, heightMm: 159, tdpW: 180 }),
  cooler('be quiet!', 'Dark Rock Pro 5', 9999, 1200, { type: 'air', sockets: ALL_SOCKETS, heightMm: 168, tdpW: 270 }),
  cooler('AMD', 'Wraith Prism', 3999, 500, { type: 'air', sockets: ['AM5'], heightMm: 93, tdpW: 105 }),
  cooler('NZXT', 'Kraken 240', 12999, 1400, { type: 'liquid', sockets: ALL_SOCKETS, heightMm: 52, tdpW: 250 }),
  cooler('Corsair', 'iCUE Link H150i RGB', 19999, 1900, { type: 'liquid', sockets: ALL_SOCKETS, heightMm: 52, tdpW: 300 }),
  os('Windows 11 Home', 14499, { family: 'windows', edition: 'home', minMemoryGB: 4, maxMemoryGB: 128 }),
  os('Windows 11 Pro', 25999, { family: 'windows', edition: 'pro', minMemoryGB: 4, maxMemoryGB: 2048 }),
  os('Windows 11 Pro for Workstations', 43999, { family: 'windows', edition: 'workstations', minMemoryGB: 4, maxMemoryGB: 6144 }),
  board('ASUS', 'Prime B760M-A D4', 11999, 900, { socket: 'LGA1700', chipset: 'Intel B760', formFactor: 'Micro-ATX', memoryType: 'DDR4', memorySlots: 4, maxMemoryMHz: 3200, m2Slots: 2, sataPorts: 4 }),
  board('MSI', 'PRO B760-P DDR4 II', 12999, 1100, { socket: 'LGA1700', chipset: 'Intel B760', formFactor: 'ATX', memoryType: 'DDR4', memorySlots: 4, maxMemoryMHz: 3200, m2Slots: 2, sataPorts: 4 }),
  board('ASRock', 'B760M-ITX/D4 WiFi', 12499, 700, { socket: 'LGA1700', chipset: 'Intel B760', formFactor: 'Mini-ITX', memoryType: 'DDR4', memorySlots: 2, maxMemoryMHz: 3200, m2Slots: 2, sataPorts: 2 }),
  board('Gigabyte', 'B760M AORUS Elite', 14999, 1000, { socket: 'LGA1700', chipset: 'Intel B760', formFactor: 'Micro-ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryMHz: 5600, m2Slots: 2, sataPorts: 4 }),
  board('ASUS', 'ROG Strix Z790-F Gaming WiFi II', 32999, 1400, { socket: 'LGA1700', chipset: 'Intel Z790', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryMHz: 7800, m2Slots: 5, sataPorts: 4 }),
];

/** The product noun of the new kinds of part ("Caja PC Corsair 4000D Airflow"); boards take the motherboards' own. */
export const EXTRA_NOUNS: Record<Exclude<ExtraSlot, 'motherboard'>, L6> = {
  case: ['Caja PC', 'PC case', 'Boîtier PC', 'Caixa PC', 'Case PC', 'PC-Gehäuse'],
  cooler: ['Disipador CPU', 'CPU cooler', 'Ventirad CPU', 'Cooler CPU', 'Dissipatore CPU', 'CPU-Kühler'],
  os: ['Sistema operativo', 'Operating system', 'Système d’exploitation', 'Sistema operativo', 'Sistema operativo', 'Betriebssystem'],
};

/** One description per kind of part; {model} and the part's figures are filled in. */
export const EXTRA_DESCRIPTIONS: Record<ExtraSlot, L6> = {
  case: [
    'La caja {model} admite placas base {forms}, tarjetas gráficas de hasta {gpu} mm y disipadores de CPU de hasta {cooler} mm de altura.',
    'The {model} case takes {forms} motherboards, graphics cards up to {gpu} mm long and CPU coolers up to {cooler} mm tall.',
    'Le boîtier {model} accueille les cartes mères {forms}, les cartes graphiques jusqu’à {gpu} mm et les ventirads jusqu’à {cooler} mm de hauteur.',
    'A caixa {model} aceita motherboards {forms}, placas gráficas até {gpu} mm e coolers de CPU até {cooler} mm de altura.',
    'Il case {model} accoglie schede madri {forms}, schede video fino a {gpu} mm e dissipatori CPU alti fino a {cooler} mm.',
    'Das Gehäuse {model} nimmt {forms}-Mainboards, Grafikkarten bis {gpu} mm Länge und CPU-Kühler bis {cooler} mm Höhe auf.',
  ],
  cooler: [
    '{model}: refrigeración {type} para procesadores de hasta {tdp} W, compatible con los sockets {sockets}. Altura: {height} mm.',
    '{model}: {type} cooling for processors up to {tdp} W, for sockets {sockets}. Height: {height} mm.',
    '{model} : refroidissement {type} pour processeurs jusqu’à {tdp} W, compatible sockets {sockets}. Hauteur : {height} mm.',
    '{model}: refrigeração {type} para processadores até {tdp} W, compatível com os sockets {sockets}. Altura: {height} mm.',
    '{model}: raffreddamento {type} per processori fino a {tdp} W, compatibile con i socket {sockets}. Altezza: {height} mm.',
    '{model}: {type} für Prozessoren bis {tdp} W, passend für die Sockel {sockets}. Höhe: {height} mm.',
  ],
  os: [
    '{model}, edición de 64 bits con licencia para un PC. Admite hasta {memory} GB de memoria.',
    '{model}, 64-bit edition licensed for one PC. Addresses up to {memory} GB of memory.',
    '{model}, édition 64 bits avec licence pour un PC. Prend en charge jusqu’à {memory} Go de mémoire.',
    '{model}, edição de 64 bits com licença para um PC. Suporta até {memory} GB de memória.',
    '{model}, edizione a 64 bit con licenza per un PC. Supporta fino a {memory} GB di memoria.',
    '{model}, 64-Bit-Edition mit Lizenz für einen PC. Unterstützt bis zu {memory} GB Arbeitsspeicher.',
  ],
  motherboard: [
    'Placa base {model} con chipset {chipset}, socket {socket} y memoria {memtype}: {slots} ranuras de memoria, {m2} ranuras M.2 y {sata} puertos SATA.',
    'The {model} motherboard with the {chipset} chipset, socket {socket} and {memtype} memory: {slots} memory slots, {m2} M.2 slots and {sata} SATA ports.',
    'Carte mère {model} avec chipset {chipset}, socket {socket} et mémoire {memtype} : {slots} emplacements mémoire, {m2} emplacements M.2 et {sata} ports SATA.',
    'Motherboard {model} com chipset {chipset}, socket {socket} e memória {memtype}: {slots} ranhuras de memória, {m2} ranhuras M.2 e {sata} portas SATA.',
    'Scheda madre {model} con chipset {chipset}, socket {socket} e memoria {memtype}: {slots} slot di memoria, {m2} slot M.2 e {sata} porte SATA.',
    'Mainboard {model} mit {chipset}-Chipsatz, Sockel {socket} und {memtype}-Speicher: {slots} Speicherbänke, {m2} M.2-Steckplätze und {sata} SATA-Anschlüsse.',
  ],
};

/** "air" and "liquid" in each language, as the cooler description uses them. */
export const COOLING_WORDS: Record<CoolerData['type'], L6> = {
  air: ['por aire', 'air', 'à air', 'a ar', 'ad aria', 'Luftkühlung'],
  liquid: ['líquida', 'liquid', 'liquide', 'líquida', 'a liquido', 'Wasserkühlung'],
};
