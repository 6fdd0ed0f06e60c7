/**
 * The configurator's address arithmetic: a build as its `build` parameter
 * ("cpu:12,motherboard:34,storage:5,storage:6", read back by `parseBuildParam`), a build with a
 * part chosen or removed, and the step that comes next. Pure, so the page, the forms and the
 * tests agree on every link.
 */
import { CONFIGURATION_SLOTS, MAX_DRIVES, type ChosenPart, type ConfigurationSlot } from './parts';

/** The parts in slot order (drives in the order chosen), as the `build` parameter. */
export function buildParamOf(parts: readonly ChosenPart[]): string {
  return CONFIGURATION_SLOTS.flatMap((slot) => parts.filter((p) => p.slot === slot).map((p) => `${slot}:${p.articleId}`)).join(',');
}

/** The build with `part` chosen: it replaces its slot's part, or joins the drives (up to MAX_DRIVES, the oldest dropped). */
export function withChosen(parts: readonly ChosenPart[], part: ChosenPart): ChosenPart[] {
  if (part.slot !== 'storage') return [...parts.filter((p) => p.slot !== part.slot), part];
  const drives = parts.filter((p) => p.slot === 'storage');
  const kept = drives.length >= MAX_DRIVES ? drives.slice(drives.length - MAX_DRIVES + 1) : drives;
  return [...parts.filter((p) => p.slot !== 'storage'), ...kept, part];
}

/** The build without the part at `index` of `parts`. */
export function withoutChosen(parts: readonly ChosenPart[], index: number): ChosenPart[] {
  return parts.filter((_, i) => i !== index);
}

/**
 * The step after choosing in `slot`: the first empty slot after it, else the first empty one
 * before it, else null (every slot holds a part).
 */
export function nextStep(parts: readonly ChosenPart[], slot: ConfigurationSlot): ConfigurationSlot | null {
  const empty = CONFIGURATION_SLOTS.filter((s) => !parts.some((p) => p.slot === s));
  const at = CONFIGURATION_SLOTS.indexOf(slot);
  return empty.find((s) => CONFIGURATION_SLOTS.indexOf(s) > at) ?? empty[0] ?? null;
}
