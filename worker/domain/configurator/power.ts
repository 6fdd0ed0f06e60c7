/**
 * The power budget of a build: what each part draws at full load, their sum, and the power supply
 * to recommend. The CPU and the graphics card draw their rated power (TDP, board power); the rest
 * are fixed allowances per part.
 */
import type { Build } from './parts';

/** Watts drawn by the parts whose data carries no power figure. */
export const FIXED_DRAWS_W = {
  motherboard: 50,
  /** Per memory module. */
  memoryModule: 5,
  m2Drive: 8,
  sataDrive: 6,
  airCooler: 5,
  /** Pump and radiator fans. */
  liquidCooler: 15,
} as const;

/**
 * The headroom a power supply should have over the build's full-load draw, as data:
 * recommended = draw × `factor`, rounded up to a multiple of `stepW` (the sizes supplies are sold
 * in), never below `minimumW`. Why 40 %: graphics cards and CPUs peak for milliseconds well above
 * their rated power (transient spikes the supply must ride out without shutting down), a supply
 * runs coolest and most efficiently at about half to two thirds of its rating, and its capacity
 * falls slowly with age. A build drawing 500 W thus gets a 700 W recommendation.
 */
export const POWER_HEADROOM = { factor: 1.4, stepW: 50, minimumW: 400 } as const;

export interface PowerDraw {
  part: 'cpu' | 'gpu' | 'motherboard' | 'memory' | 'storage' | 'cooler';
  watts: number;
}

export interface PowerBudget {
  /** Each drawing part of the build, in slot order. */
  draws: PowerDraw[];
  totalW: number;
  /** The smallest supply the build should have (POWER_HEADROOM). */
  recommendedW: number;
}

/** The recommended supply for a full-load draw of `totalW`. */
export function recommendedPsuWatts(totalW: number): number {
  const { factor, stepW, minimumW } = POWER_HEADROOM;
  return Math.max(minimumW, Math.ceil((totalW * factor) / stepW) * stepW);
}

export function powerBudget(build: Build): PowerBudget {
  const draws: PowerDraw[] = [];
  if (build.cpu) draws.push({ part: 'cpu', watts: build.cpu.tdpW });
  if (build.gpu) draws.push({ part: 'gpu', watts: build.gpu.powerW });
  if (build.motherboard) draws.push({ part: 'motherboard', watts: FIXED_DRAWS_W.motherboard });
  if (build.memory) draws.push({ part: 'memory', watts: build.memory.modules * FIXED_DRAWS_W.memoryModule });
  if (build.storage?.length) {
    const watts = build.storage.reduce((sum, d) => sum + (d.interface === 'm2' ? FIXED_DRAWS_W.m2Drive : FIXED_DRAWS_W.sataDrive), 0);
    draws.push({ part: 'storage', watts });
  }
  if (build.cooler) draws.push({ part: 'cooler', watts: build.cooler.type === 'liquid' ? FIXED_DRAWS_W.liquidCooler : FIXED_DRAWS_W.airCooler });
  const totalW = draws.reduce((sum, d) => sum + d.watts, 0);
  return { draws, totalW, recommendedW: recommendedPsuWatts(totalW) };
}
