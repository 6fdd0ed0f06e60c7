/**
 * The configurator's compatibility rules, one small pure function each. A rule takes the two (or
 * more) parts it is about and answers `null` when they go together, else a reason: a code with
 * the values the shopper needs to understand it, so the screens (and the chatbot) word it in
 * their own language. `RULES` says which slots each rule joins and whether its reason excludes a
 * part or is only a notice; ./fit.ts runs them over a build.
 */
import { powerBudget } from './power';
import type { Build, CaseData, CoolerData, CpuData, GpuData, MemoryData, MotherboardData, OsData, PsuData, StorageData, ConfigurationSlot } from './parts';

export type Reason =
  | { code: 'socket'; cpuSocket: string; boardSocket: string }
  | { code: 'chipset'; cpuVendor: string; chipset: string }
  | { code: 'overclocking'; chipset: string }
  | { code: 'memory-type'; memoryType: string; boardMemoryType: string }
  | { code: 'memory-slots'; modules: number; boardSlots: number }
  | { code: 'memory-speed'; speedMHz: number; boardMaxMHz: number }
  | { code: 'form-factor'; boardFormFactor: string; caseFormFactors: string[] }
  | { code: 'gpu-length'; gpuLengthMm: number; caseMaxGpuLengthMm: number }
  | { code: 'cooler-height'; coolerHeightMm: number; caseMaxCoolerHeightMm: number }
  | { code: 'cooler-socket'; cpuSocket: string; coolerSockets: string[] }
  | { code: 'cooler-tdp'; cpuTdpW: number; coolerTdpW: number }
  | { code: 'psu-power'; requiredW: number; psuW: number }
  | { code: 'm2-slots'; drives: number; boardSlots: number }
  | { code: 'sata-ports'; drives: number; boardPorts: number }
  | { code: 'needs-gpu'; cpuSocket: string }
  | { code: 'os-memory'; memoryGB: number; osMinMemoryGB: number; osMaxMemoryGB: number };
export type ReasonCode = Reason['code'];

/** The CPU goes only into a board of its socket. */
export function cpuSocketFits(cpu: CpuData, board: MotherboardData): Reason | null {
  return cpu.socket === board.socket ? null : { code: 'socket', cpuSocket: cpu.socket, boardSocket: board.socket };
}

/** The board's chipset is of the CPU's maker (an AMD processor needs an AMD chipset). */
export function cpuChipsetFits(cpu: CpuData, board: MotherboardData): Reason | null {
  return board.chipset.startsWith(`${cpu.vendor} `) ? null : { code: 'chipset', cpuVendor: cpu.vendor, chipset: board.chipset };
}

/**
 * A notice: an unlocked Intel processor (K) on a chipset that is not a Z one cannot be
 * overclocked. It works at its stock clocks; AMD's B and X chipsets all allow it.
 */
export function overclockingNotice(cpu: CpuData, board: MotherboardData): Reason | null {
  if (!cpu.unlocked || cpu.vendor !== 'Intel' || /^Intel Z/.test(board.chipset)) return null;
  return { code: 'overclocking', chipset: board.chipset };
}

/** DDR4 and DDR5 modules have different notches: only the board's type fits. */
export function memoryTypeFits(memory: MemoryData, board: MotherboardData): Reason | null {
  return memory.type === board.memoryType ? null : { code: 'memory-type', memoryType: memory.type, boardMemoryType: board.memoryType };
}

/** The kit's modules need as many slots. */
export function memorySlotsFit(memory: MemoryData, board: MotherboardData): Reason | null {
  return memory.modules <= board.memorySlots ? null : { code: 'memory-slots', modules: memory.modules, boardSlots: board.memorySlots };
}

/** A notice: memory faster than the board supports runs at the board's maximum, it still works. */
export function memorySpeedNotice(memory: MemoryData, board: MotherboardData): Reason | null {
  return memory.speedMHz <= board.maxMemoryMHz ? null : { code: 'memory-speed', speedMHz: memory.speedMHz, boardMaxMHz: board.maxMemoryMHz };
}

/** The case must take the board's form factor. */
export function boardFitsCase(board: MotherboardData, pcCase: CaseData): Reason | null {
  return pcCase.formFactors.includes(board.formFactor) ? null : { code: 'form-factor', boardFormFactor: board.formFactor, caseFormFactors: pcCase.formFactors };
}

export function gpuFitsCase(gpu: GpuData, pcCase: CaseData): Reason | null {
  return gpu.lengthMm <= pcCase.maxGpuLengthMm ? null : { code: 'gpu-length', gpuLengthMm: gpu.lengthMm, caseMaxGpuLengthMm: pcCase.maxGpuLengthMm };
}

/** An air cooler's tower must fit under the side panel; a liquid cooler's block always does. */
export function coolerFitsCase(cooler: CoolerData, pcCase: CaseData): Reason | null {
  return cooler.heightMm <= pcCase.maxCoolerHeightMm ? null : { code: 'cooler-height', coolerHeightMm: cooler.heightMm, caseMaxCoolerHeightMm: pcCase.maxCoolerHeightMm };
}

export function coolerSocketFits(cooler: CoolerData, cpu: CpuData): Reason | null {
  return cooler.sockets.includes(cpu.socket) ? null : { code: 'cooler-socket', cpuSocket: cpu.socket, coolerSockets: cooler.sockets };
}

/** The cooler must carry away at least the heat the CPU makes at its rated power. */
export function coolerTdpFits(cooler: CoolerData, cpu: CpuData): Reason | null {
  return cooler.tdpW >= cpu.tdpW ? null : { code: 'cooler-tdp', cpuTdpW: cpu.tdpW, coolerTdpW: cooler.tdpW };
}

/** The power supply must give what the build draws plus the headroom (./power.ts). */
export function psuFits(build: Build, psu: PsuData): Reason | null {
  const { recommendedW } = powerBudget(build);
  return psu.watts >= recommendedW ? null : { code: 'psu-power', requiredW: recommendedW, psuW: psu.watts };
}

/** M.2 drives need an M.2 slot each. */
export function m2DrivesFit(drives: readonly StorageData[], board: MotherboardData): Reason | null {
  const m2 = drives.filter((d) => d.interface === 'm2').length;
  return m2 <= board.m2Slots ? null : { code: 'm2-slots', drives: m2, boardSlots: board.m2Slots };
}

/** SATA drives need a SATA port each. */
export function sataDrivesFit(drives: readonly StorageData[], board: MotherboardData): Reason | null {
  const sata = drives.filter((d) => d.interface === 'sata').length;
  return sata <= board.sataPorts ? null : { code: 'sata-ports', drives: sata, boardPorts: board.sataPorts };
}

/** A CPU without graphics of its own shows nothing without a graphics card. */
export function graphicsPresent(cpu: CpuData, gpu: GpuData | undefined): Reason | null {
  return cpu.integratedGraphics || gpu ? null : { code: 'needs-gpu', cpuSocket: cpu.socket };
}

/** The build's memory must be within what the edition needs and addresses (Windows 11: 4 GB at least; Home stops at 128 GB). */
export function osMemoryFits(os: OsData, memory: MemoryData): Reason | null {
  if (memory.capacityGB >= os.minMemoryGB && memory.capacityGB <= os.maxMemoryGB) return null;
  return { code: 'os-memory', memoryGB: memory.capacityGB, osMinMemoryGB: os.minMemoryGB, osMaxMemoryGB: os.maxMemoryGB };
}

/**
 * How a rule's reason counts: `exclude` — the parts do not go together; `notice` — they work,
 * with the limit the reason names; `missing` — the build needs another part (an error of a whole
 * build, only a notice on a candidate, since the shopper can still add it).
 */
export type Severity = 'exclude' | 'notice' | 'missing';

export interface Rule {
  /** The slots whose parts the rule reads: it is run for a candidate of any of them. */
  slots: readonly ConfigurationSlot[];
  severity: Severity;
  check: (build: Build) => Reason | null;
}

/** A rule over two slots, run only when both are filled. */
function pair<A extends Exclude<ConfigurationSlot, 'storage'>, B extends Exclude<ConfigurationSlot, 'storage'>>(
  a: A,
  b: B,
  severity: Severity,
  rule: (x: NonNullable<Build[A]>, y: NonNullable<Build[B]>) => Reason | null,
): Rule {
  return { slots: [a, b], severity, check: (build) => (build[a] && build[b] ? rule(build[a]!, build[b]!) : null) };
}

/** A rule of the drives against the board. */
function drives(rule: (drives: readonly StorageData[], board: MotherboardData) => Reason | null): Rule {
  return { slots: ['storage', 'motherboard'], severity: 'exclude', check: (build) => (build.storage?.length && build.motherboard ? rule(build.storage, build.motherboard) : null) };
}

export const RULES: readonly Rule[] = [
  pair('cpu', 'motherboard', 'exclude', cpuSocketFits),
  pair('cpu', 'motherboard', 'exclude', cpuChipsetFits),
  pair('cpu', 'motherboard', 'notice', overclockingNotice),
  pair('memory', 'motherboard', 'exclude', memoryTypeFits),
  pair('memory', 'motherboard', 'exclude', memorySlotsFit),
  pair('memory', 'motherboard', 'notice', memorySpeedNotice),
  pair('motherboard', 'case', 'exclude', boardFitsCase),
  pair('gpu', 'case', 'exclude', gpuFitsCase),
  pair('cooler', 'case', 'exclude', coolerFitsCase),
  pair('cooler', 'cpu', 'exclude', coolerSocketFits),
  pair('cooler', 'cpu', 'exclude', coolerTdpFits),
  pair('os', 'memory', 'exclude', osMemoryFits),
  drives(m2DrivesFit),
  drives(sataDrivesFit),
  // The power supply against everything that draws power.
  { slots: ['psu', 'cpu', 'gpu', 'motherboard', 'memory', 'storage', 'cooler'], severity: 'exclude', check: (build) => (build.psu ? psuFits(build, build.psu) : null) },
  { slots: ['cpu', 'gpu'], severity: 'missing', check: (build) => (build.cpu ? graphicsPresent(build.cpu, build.gpu) : null) },
];
