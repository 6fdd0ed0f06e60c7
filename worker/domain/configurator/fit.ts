/**
 * The rules (./rules.ts) run over a build: whether a candidate fits a slot of a partial build and
 * why not, and every problem of a whole build.
 */
import { RULES, type Reason } from './rules';
import { withPart, type Build, type ConfigurationSlot, type SlotPart } from './parts';

export interface Fit {
  /** False when a reason excludes the part. */
  fits: boolean;
  /** Why the part does not go with the build (empty when it fits). */
  reasons: Reason[];
  /** What the shopper should know though it fits (memory slowed to the board's speed, a graphics card still needed…). */
  notices: Reason[];
}

/** The build with `slot` emptied (a candidate replaces what the slot held; drives add up instead). */
function without(build: Build, slot: ConfigurationSlot): Build {
  if (slot === 'storage') return build;
  const { [slot]: _, ...rest } = build;
  return rest;
}

/**
 * Whether `candidate` fits `build` in its slot: the rules that read the candidate's slot, judged
 * with the candidate in place of the slot's current part.
 */
export function candidateFit(build: Build, candidate: SlotPart): Fit {
  const trial = withPart(without(build, candidate.slot), candidate);
  const fit: Fit = { fits: true, reasons: [], notices: [] };
  for (const rule of RULES) {
    if (!rule.slots.includes(candidate.slot)) continue;
    const reason = rule.check(trial);
    if (!reason) continue;
    if (rule.severity === 'exclude') fit.reasons.push(reason);
    else fit.notices.push(reason);
  }
  fit.fits = fit.reasons.length === 0;
  return fit;
}

/** Each candidate with its fit, in the order given. */
export function candidateFits<T extends { part: SlotPart }>(build: Build, candidates: readonly T[]): (T & Fit)[] {
  return candidates.map((c) => ({ ...c, ...candidateFit(build, c.part) }));
}

export interface BuildCheck {
  /** True when no rule excludes a pair of the parts and nothing is missing. */
  ok: boolean;
  /** Parts that do not go together, and parts the build still needs. */
  problems: { severity: 'exclude' | 'missing'; slots: ConfigurationSlot[]; reason: Reason }[];
  notices: { slots: ConfigurationSlot[]; reason: Reason }[];
}

/** Every problem of a build (only the pairs whose both parts are chosen are judged). */
export function checkBuild(build: Build): BuildCheck {
  const check: BuildCheck = { ok: true, problems: [], notices: [] };
  for (const rule of RULES) {
    const reason = rule.check(build);
    if (!reason) continue;
    const slots = rule.slots.filter((slot) => build[slot] !== undefined);
    if (rule.severity === 'notice') check.notices.push({ slots, reason });
    else check.problems.push({ severity: rule.severity, slots, reason });
  }
  check.ok = check.problems.length === 0;
  return check;
}
