import { describe, expect, it } from 'vitest';
import { agenciesFor, agencyWindow, chooseAgency } from '../../../worker/domain/checkout/agencies';

describe('delivery agencies', () => {
  it.each([
    ['es-peninsula', ['seur', 'seur-24']],
    ['es-canarias', ['correos-express']],
    ['es-baleares', ['seur', 'correos-express']],
    ['pt-mainland', ['ctt', 'ctt-expresso']],
    ['fr', ['colissimo', 'chronopost']],
    ['it', ['brt', 'sda-express']],
    ['de', ['dhl', 'dpd-express']],
  ] as const)('%s → %j, standard first', (zone, ids) => {
    expect(agenciesFor(zone).map((a) => a.id)).toEqual(ids);
  });

  it('has no agency without a zone', () => {
    expect(agenciesFor(null)).toEqual([]);
  });

  it('keeps a chosen agency that serves the zone, defaults to the standard one, refuses the others', () => {
    const peninsula = agenciesFor('es-peninsula');
    expect(chooseAgency(peninsula, 'seur-24')).toMatchObject({ id: 'seur-24', extraCost: 399 });
    expect(chooseAgency(peninsula, null)).toMatchObject({ id: 'seur', extraCost: 0 });
    expect(chooseAgency(peninsula, 'chronopost')).toBe('unavailable');
    expect(chooseAgency([], null)).toBe('unavailable');
  });

  it('gives express the earliest day of the window', () => {
    const [standard, express] = agenciesFor('es-peninsula');
    expect(agencyWindow(standard!, 1, 3)).toEqual({ minDays: 1, maxDays: 3 });
    expect(agencyWindow(express!, 1, 3)).toEqual({ minDays: 1, maxDays: 1 });
  });
});
