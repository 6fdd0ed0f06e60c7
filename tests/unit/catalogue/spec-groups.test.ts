// The product page's technical sheet in groups (client/catalogue/spec-groups.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_LABELS } from '../../../client/catalogue/facet-labels';
import { groupSpecs, SPEC_GROUP_ORDER, specGroupOf } from '../../../client/catalogue/spec-groups';

describe('groupSpecs', () => {
  it('groups a laptop sheet by what the attributes describe, in the fixed group order', () => {
    const groups = groupSpecs({ os: 'Windows 11', screen: '14"', battery: '12 h', cpu: 'Ryzen 7', ram: '16 GB', wifi: 'Wi-Fi 7' });
    expect(groups).toEqual([
      { id: 'display', entries: [['screen', '14"']] },
      { id: 'performance', entries: [['os', 'Windows 11'], ['cpu', 'Ryzen 7'], ['ram', '16 GB']] },
      { id: 'connectivity', entries: [['wifi', 'Wi-Fi 7']] },
      { id: 'power', entries: [['battery', '12 h']] },
    ]);
  });

  it('files a capacity by its unit and an unknown key under features', () => {
    expect(specGroupOf('capacity', '32 GB (2x16 GB)')).toBe('performance');
    expect(specGroupOf('capacity', '2 TB')).toBe('performance');
    expect(specGroupOf('capacity', '20000 mAh')).toBe('power');
    expect(specGroupOf('capacity', '390 l')).toBe('features');
    expect(specGroupOf('colour-of-the-box', 'red')).toBe('features');
  });

  it('files every labelled catalogue attribute in a named group but for a few plain features', () => {
    const features = Object.keys(ATTRIBUTE_LABELS).filter((key) => key !== 'capacity' && specGroupOf(key) === 'features');
    expect(features.sort()).toEqual(['dpi', 'noise', 'pegi', 'ppm', 'pressure', 'spin', 'suction', 'switches', 'tank']);
  });

  it('keeps every spec exactly once, no empty group, groups in order and entries in the product order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.constantFrom(...Object.keys(ATTRIBUTE_LABELS)), fc.string({ maxLength: 8 })), fc.string({ maxLength: 12 })), (specs) => {
        const groups = groupSpecs(specs);
        const flat = groups.flatMap((group) => group.entries);
        expect(flat.map(([key]) => key).sort()).toEqual(Object.keys(specs).sort());
        for (const group of groups) {
          expect(group.entries.length).toBeGreaterThan(0);
          for (const [key, value] of group.entries) expect(specGroupOf(key, value)).toBe(group.id);
          const order = group.entries.map(([key]) => Object.keys(specs).indexOf(key));
          expect(order).toEqual([...order].sort((a, b) => a - b));
        }
        const ids = groups.map((group) => SPEC_GROUP_ORDER.indexOf(group.id));
        expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      }),
    );
  });
});
