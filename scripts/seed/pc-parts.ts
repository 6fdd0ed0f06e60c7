/**
 * The configurator's data (table pc_components, worker/domain/configurator/parts.ts) of every
 * generated component article, read from its specs alone — no random draw, so the catalogue
 * stays as it was: the CPU's socket, cores and model (TDP, graphics, unlocked), the board's
 * chipset and form factor (AM5 and LGA1851 boards are DDR5), the memory kit's type, speed and
 * modules, the graphics card's length and power by chip, the SSD's interface, the supply's watts.
 */
import type { Article } from './articles';
import type { CpuData, GpuData, MotherboardData, SlotPart } from '../../worker/domain/configurator/parts';

/** Rated power (TDP / processor base power) by model. */
const CPU_TDP_W: Record<string, number> = {
  'Ryzen 5 9600X': 65, 'Ryzen 5 8600G': 65, 'Ryzen 7 9700X': 65, 'Ryzen 7 9800X3D': 120, 'Ryzen 9 9950X': 170,
  'Core i5-14400F': 65, 'Core i7-14700K': 125, 'Core Ultra 5 245K': 125, 'Core Ultra 7 265K': 125, 'Core Ultra 9 285K': 125,
};

/** Board power and the length of a two-fan card, by chip. */
const GPU_BY_CHIP: Record<string, GpuData> = {
  'GeForce RTX 5060': { lengthMm: 240, powerW: 145 },
  'GeForce RTX 5060 Ti': { lengthMm: 250, powerW: 180 },
  'GeForce RTX 5070': { lengthMm: 270, powerW: 250 },
  'GeForce RTX 5070 Ti': { lengthMm: 305, powerW: 300 },
  'GeForce RTX 5080': { lengthMm: 320, powerW: 360 },
  'Radeon RX 9060 XT': { lengthMm: 240, powerW: 160 },
  'Radeon RX 9070': { lengthMm: 285, powerW: 220 },
  'Radeon RX 9070 XT': { lengthMm: 305, powerW: 304 },
};
/** Three-fan flagship coolers make a card this much longer. */
const BIG_COOLER_SERIES = new Set(['ROG Astral', 'AORUS Master', 'Gaming Trio', 'Nitro+', 'AMP', 'Hellhound']);
const BIG_COOLER_EXTRA_MM = 38;

/** The fastest memory each chipset is rated for (faster kits run at this speed). */
const CHIPSET_MAX_MHZ: Record<string, number> = { 'AMD B650': 6000, 'AMD X870': 8000, 'Intel B860': 6400, 'Intel Z890': 8000 };
/** Chipsets whose ATX boards have the extra M.2 slot and SATA ports. */
const HIGH_END_CHIPSETS = new Set(['AMD X870', 'Intel Z890']);

function fail(a: Article, what: string): never {
  throw new Error(`pc-parts: article ${a.id} (${a.kind.def.key}) has no known ${what}`);
}

function cpuData(a: Article): CpuData {
  const model = a.series.name;
  const tdpW = CPU_TDP_W[model] ?? fail(a, 'TDP');
  const socket = a.specs.socket ?? fail(a, 'socket');
  const vendor = a.brand === 'AMD' || a.brand === 'Intel' ? a.brand : fail(a, 'vendor');
  // Intel's "F" models have no graphics; K, X and X3D are unlocked.
  return { vendor, socket, cores: Number(a.specs.cores), tdpW, integratedGraphics: !/\d+F$/.test(model), unlocked: /(K|X|X3D)$/.test(model) };
}

function motherboardData(a: Article): MotherboardData {
  const [, chipset, socket] = /^(.+) \((.+)\)$/.exec(a.specs.chipset ?? '') ?? fail(a, 'chipset');
  const formFactor = a.specs.form === 'Mini-ITX' || a.specs.form === 'Micro-ATX' || a.specs.form === 'ATX' ? a.specs.form : fail(a, 'form factor');
  const big = formFactor === 'ATX';
  const highEnd = HIGH_END_CHIPSETS.has(chipset!);
  return {
    socket: socket!,
    chipset: chipset!,
    formFactor,
    // Every AM5 and LGA1851 board takes DDR5 only.
    memoryType: 'DDR5',
    memorySlots: formFactor === 'Mini-ITX' ? 2 : 4,
    maxMemoryMHz: CHIPSET_MAX_MHZ[chipset!] ?? fail(a, 'memory speed'),
    m2Slots: big ? (highEnd ? 4 : 3) : 2,
    sataPorts: formFactor === 'Mini-ITX' ? 2 : big && highEnd ? 6 : 4,
  };
}

/** The configurator's data of a generated article, or null when it is not a PC component. */
export function generatedPart(a: Article): SlotPart | null {
  switch (a.kind.def.key) {
    case 'cpu':
      return { slot: 'cpu', data: cpuData(a) };
    case 'motherboard':
      return { slot: 'motherboard', data: motherboardData(a) };
    case 'ram': {
      const [, capacity, modules] = /^(\d+) GB \((\d+)x\d+ GB\)$/.exec(a.specs.capacity ?? '') ?? fail(a, 'capacity');
      const [, type, speed] = /^(DDR4|DDR5) (\d+) MHz$/.exec(a.specs.memtype ?? '') ?? fail(a, 'memory type');
      return { slot: 'memory', data: { type: type as 'DDR4' | 'DDR5', speedMHz: Number(speed), modules: Number(modules), capacityGB: Number(capacity) } };
    }
    case 'gpu': {
      const base = GPU_BY_CHIP[a.specs.chip ?? ''] ?? fail(a, 'chip');
      return { slot: 'gpu', data: { ...base, lengthMm: base.lengthMm + (BIG_COOLER_SERIES.has(a.series.name) ? BIG_COOLER_EXTRA_MM : 0) } };
    }
    case 'ssd':
      return { slot: 'storage', data: { interface: (a.specs.interface ?? '').startsWith('SATA') ? 'sata' : 'm2' } };
    case 'psu':
      return { slot: 'psu', data: { watts: Number.parseInt(a.specs.power ?? fail(a, 'power'), 10) } };
    default:
      return null;
  }
}
