/**
 * What the configurator knows about each component article, slot by slot, and the zod schemas
 * that check it where it comes out of the database (`pc_components.data`, a JSON column). Plain
 * values: the rules (./rules.ts) read nothing else.
 */
import { z } from 'zod';

/** The slots a build fills, in the order the configurator shows them. */
export const CONFIGURATION_SLOTS = ['cpu', 'motherboard', 'memory', 'gpu', 'storage', 'psu', 'case', 'cooler', 'os'] as const;
export type ConfigurationSlot = (typeof CONFIGURATION_SLOTS)[number];

export const FORM_FACTORS = ['Mini-ITX', 'Micro-ATX', 'ATX'] as const;
export const MEMORY_TYPES = ['DDR4', 'DDR5'] as const;

const watts = z.number().int().min(0).max(5000);
const millimetres = z.number().int().min(1).max(1000);
const formFactor = z.enum(FORM_FACTORS);
const memoryType = z.enum(MEMORY_TYPES);
const socket = z.string().min(1).max(20);
const count = z.number().int().min(0).max(16);

export const PART_SCHEMAS = {
  cpu: z.object({ vendor: z.enum(['AMD', 'Intel']), socket, cores: z.number().int().min(1).max(256), tdpW: watts, integratedGraphics: z.boolean(), unlocked: z.boolean() }),
  motherboard: z.object({
    socket,
    /** "AMD B650", "Intel Z790": vendor and chipset, without the socket. */
    chipset: z.string().min(1).max(40),
    formFactor,
    memoryType,
    memorySlots: count,
    maxMemoryMHz: z.number().int().min(1000).max(20_000),
    m2Slots: count,
    sataPorts: count,
  }),
  memory: z.object({ type: memoryType, speedMHz: z.number().int().min(1000).max(20_000), modules: z.number().int().min(1).max(16), capacityGB: z.number().int().min(1).max(4096) }),
  gpu: z.object({ lengthMm: millimetres, powerW: watts }),
  storage: z.object({ interface: z.enum(['m2', 'sata']) }),
  psu: z.object({ watts }),
  case: z.object({ formFactors: z.array(formFactor).min(1), maxGpuLengthMm: millimetres, maxCoolerHeightMm: millimetres }),
  cooler: z.object({ type: z.enum(['air', 'liquid']), sockets: z.array(socket).min(1), heightMm: millimetres, tdpW: watts }),
  os: z.object({ family: z.literal('windows'), edition: z.enum(['home', 'pro', 'workstations']), minMemoryGB: z.number().int().min(1), maxMemoryGB: z.number().int().min(1) }),
} satisfies Record<ConfigurationSlot, z.ZodType>;

export type PartData = { [S in ConfigurationSlot]: z.infer<(typeof PART_SCHEMAS)[S]> };
export type CpuData = PartData['cpu'];
export type MotherboardData = PartData['motherboard'];
export type MemoryData = PartData['memory'];
export type GpuData = PartData['gpu'];
export type StorageData = PartData['storage'];
export type PsuData = PartData['psu'];
export type CaseData = PartData['case'];
export type CoolerData = PartData['cooler'];
export type OsData = PartData['os'];
export type FormFactor = (typeof FORM_FACTORS)[number];

/** One slot's data with its slot, as a table row holds it. */
export type SlotPart = { [S in ConfigurationSlot]: { slot: S; data: PartData[S] } }[ConfigurationSlot];

/** The drives a build may hold (the other slots take one part each). */
export const MAX_DRIVES = 4;

/**
 * A build as the rules see it: one part per slot, several drives. Any slot may be empty: the
 * rules only judge the pairs whose both parts are there.
 */
export type Build = Partial<Omit<PartData, 'storage'>> & { storage?: StorageData[] };

/** The row's data checked against its slot's schema (undefined when it does not match). */
export function parsePart(slot: ConfigurationSlot, data: unknown): SlotPart | undefined {
  const parsed = PART_SCHEMAS[slot].safeParse(data);
  return parsed.success ? ({ slot, data: parsed.data } as SlotPart) : undefined;
}

/** `build` with `part` put in its slot (a drive is added to the drives; any other slot is replaced). */
export function withPart(build: Build, part: SlotPart): Build {
  if (part.slot === 'storage') return { ...build, storage: [...(build.storage ?? []), part.data] };
  return { ...build, [part.slot]: part.data };
}

/** A build from parts in any order (what the API reads from its `build` parameter). */
export function buildOf(parts: readonly SlotPart[]): Build {
  return parts.reduce<Build>(withPart, {});
}

/** A part chosen for a slot, by article id (what the configurator's address and calls carry). */
export interface ChosenPart {
  slot: ConfigurationSlot;
  articleId: number;
}

/**
 * The `build` parameter of the configurator's calls, "cpu:12,motherboard:34,storage:5,storage:6":
 * the chosen article of each slot (several drives), or why it is not one.
 */
export function parseBuildParam(text: string): { chosen: ChosenPart[] } | { error: string } {
  const chosen: ChosenPart[] = [];
  for (const item of text.split(',').filter((s) => s !== '')) {
    const match = /^([a-z]+):([1-9]\d{0,9})$/.exec(item);
    const slot = match?.[1] as ConfigurationSlot | undefined;
    const articleId = Number(match?.[2]);
    if (!slot || !CONFIGURATION_SLOTS.includes(slot) || articleId > 2 ** 31) return { error: `"${item.slice(0, 40)}" is not slot:articleId` };
    const taken = chosen.filter((c) => c.slot === slot).length;
    if (taken >= (slot === 'storage' ? MAX_DRIVES : 1)) return { error: `too many parts in slot ${slot}` };
    chosen.push({ slot, articleId });
  }
  return { chosen };
}
