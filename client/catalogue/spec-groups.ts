/**
 * The product page's technical sheet in groups. The catalogue stores specs as a flat map
 * (articles.specs) without attribute groups, so the groups come from the attribute keys: a
 * key belongs to the first group that lists it, any other key to "Features" ("capacity" is a
 * memory's, a battery's or a fridge's, so its unit decides). Groups keep the
 * order below, entries the order of the product's specs; empty groups are left out.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type SpecGroupId = 'display' | 'performance' | 'connectivity' | 'power' | 'design' | 'features';

const GROUP_KEYS: Record<Exclude<SpecGroupId, 'features'>, readonly string[]> = {
  display: ['screen', 'resolution', 'refresh', 'panel', 'hdr', 'brightness', 'sensor', 'camera', 'video', 'fps', 'mount', 'filter'],
  performance: ['cpu', 'cores', 'boost', 'socket', 'chipset', 'gpu', 'chip', 'vram', 'ram', 'memtype', 'storage', 'read', 'interface', 'os', 'platform'],
  connectivity: ['connectivity', 'wifi', 'network', 'ports', 'speed', 'poe', 'units', 'devices', 'codec', 'channels'],
  power: ['battery', 'power', 'cert', 'energy', 'runtime', 'flight'],
  design: ['form', 'case', 'layout', 'height', 'width', 'maxload', 'load', 'recline', 'protection', 'waterproof', 'place'],
};

export const SPEC_GROUP_ORDER: readonly SpecGroupId[] = ['display', 'performance', 'connectivity', 'power', 'design', 'features'];

export const SPEC_GROUP_LABELS: Record<SpecGroupId, MessageDescriptor> = {
  display: msg`Display and image`,
  performance: msg`Performance and storage`,
  connectivity: msg`Connectivity`,
  power: msg`Power and battery`,
  design: msg`Design and dimensions`,
  features: msg`Features`,
};

const GROUP_OF = new Map<string, SpecGroupId>(
  (Object.entries(GROUP_KEYS) as [SpecGroupId, readonly string[]][]).flatMap(([group, keys]) => keys.map((key) => [key, group] as const)),
);

export function specGroupOf(key: string, value = ''): SpecGroupId {
  if (key === 'capacity') {
    if (/\b[GT]B\b/.test(value)) return 'performance';
    if (/\b(mAh|Wh)\b/.test(value)) return 'power';
    return 'features';
  }
  return GROUP_OF.get(key) ?? 'features';
}

export interface SpecGroup {
  id: SpecGroupId;
  entries: [key: string, value: string][];
}

export function groupSpecs(specs: Record<string, string>): SpecGroup[] {
  const byGroup = new Map<SpecGroupId, [string, string][]>();
  for (const [key, value] of Object.entries(specs)) {
    const group = specGroupOf(key, value);
    const entries = byGroup.get(group) ?? [];
    entries.push([key, value]);
    byGroup.set(group, entries);
  }
  return SPEC_GROUP_ORDER.flatMap((id) => {
    const entries = byGroup.get(id);
    return entries ? [{ id, entries }] : [];
  });
}
