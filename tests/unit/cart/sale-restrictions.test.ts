import { describe, expect, it } from 'vitest';
import { ASSEMBLY_SERVICE_ID, saleRestrictionErrors, type RestrictionLine } from '../../../worker/domain/checkout/sale-restrictions';

const article = (name: string, saleRestriction: RestrictionLine['saleRestriction'] = null, type = 'normal'): RestrictionLine => ({ name, type, saleRestriction, service: null });
const service = (kind: string, id: number): RestrictionLine => ({ name: `${kind} ${id}`, type: 'service', saleRestriction: null, service: { kind, id } });

const OEM_CPU = article('Processor Ryzen 7 (tray)', 'oem');
const RAM_KIT = article('RAM 32 GB upgrade', 'companion');
const LAPTOP = article('Laptop 15"');
const GAME_KEY = article('Game key', null, 'digital');
const ASSEMBLY = service('service', ASSEMBLY_SERVICE_ID);

describe('OEM articles need the PC assembly service (1145)', () => {
  it.each<[string, RestrictionLine[], { code: number; articleName: string }[]]>([
    ['an OEM article alone', [OEM_CPU], [{ code: 1145, articleName: OEM_CPU.name }]],
    ['with the assembly on any line', [LAPTOP, OEM_CPU, ASSEMBLY], []],
    ['with another extra service only', [OEM_CPU, service('service', ASSEMBLY_SERVICE_ID + 1)], [{ code: 1145, articleName: OEM_CPU.name }]],
    ['with an insurance that has the assembly id', [OEM_CPU, service('insurance', ASSEMBLY_SERVICE_ID)], [{ code: 1145, articleName: OEM_CPU.name }]],
    ['with an installation that has the assembly id', [OEM_CPU, service('installation', ASSEMBLY_SERVICE_ID)], [{ code: 1145, articleName: OEM_CPU.name }]],
    ['two OEM articles, no assembly: one error each', [OEM_CPU, article('Windows OEM', 'oem', 'digital')], [
      { code: 1145, articleName: OEM_CPU.name },
      { code: 1145, articleName: 'Windows OEM' },
    ]],
    ['no restricted article', [LAPTOP, GAME_KEY], []],
    ['an empty cart', [], []],
  ])('%s', (_label, lines, expected) => {
    expect(saleRestrictionErrors(lines)).toEqual(expected);
  });
});

describe('companion articles cannot be the only physical article (1146)', () => {
  it.each<[string, RestrictionLine[], { code: number; articleName: string }[]]>([
    ['alone', [RAM_KIT], [{ code: 1146, articleName: RAM_KIT.name }]],
    ['with a laptop', [RAM_KIT, LAPTOP], []],
    ['with a laptop added after it', [LAPTOP, RAM_KIT], []],
    ['with only a digital article', [GAME_KEY, RAM_KIT], [{ code: 1146, articleName: RAM_KIT.name }]],
    ['with only service lines (they ship nothing)', [RAM_KIT, service('insurance', 1), service('service', 2)], [{ code: 1146, articleName: RAM_KIT.name }]],
    ['two companions do not make each other valid', [RAM_KIT, article('Cable', 'companion')], [
      { code: 1146, articleName: RAM_KIT.name },
      { code: 1146, articleName: 'Cable' },
    ]],
    ['an OEM article is a physical companion for it', [RAM_KIT, OEM_CPU, ASSEMBLY], []],
  ])('%s', (_label, lines, expected) => {
    expect(saleRestrictionErrors(lines)).toEqual(expected);
  });

  it('reports both rules at once, in cart order', () => {
    expect(saleRestrictionErrors([RAM_KIT, GAME_KEY, article('OEM SSD', 'oem', 'digital')]).map((e) => e.code)).toEqual([1146, 1145]);
  });
});
