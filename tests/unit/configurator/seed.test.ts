/**
 * The configurator's seeded data: every generated component and every extra part has data its
 * slot's schema accepts, every CPU socket has boards and coolers, and the extra parts are sold on
 * every channel with slugs that clash with nothing.
 */
import { describe, expect, it } from 'vitest';
import { generateCatalogue, type SeedRow } from '../../../scripts/seed/generate';
import { EXTRA_PARTS, EXTRA_PARTS_FIRST_ID } from '../../../scripts/seed/pc-parts-extra';
import { CONFIGURATION_SLOTS, parsePart, type ConfigurationSlot } from '../../../worker/domain/configurator/parts';

const catalogue = generateCatalogue({ articles: 600 });
/** Every row of `table`, over all its entries (the extra parts have entries of their own). */
const rows = (table: string): SeedRow[] => catalogue.filter((t) => t.table === table).flatMap((t) => t.rows);
const parts = rows('pc_components').map((r) => ({ id: Number(r.article_id), part: parsePart(r.slot as ConfigurationSlot, JSON.parse(String(r.data))) }));
const extraIds = EXTRA_PARTS.map((_, i) => EXTRA_PARTS_FIRST_ID + i);

describe('seeded configurator data', () => {
  it('gives every generated component article data its slot accepts, and nothing else', () => {
    const articles = rows('articles');
    const categories = rows('category_translations').filter((c) => c.lang === 'en_EN');
    const categoryName = new Map(categories.map((c) => [c.category_id, c.name]));
    const components = ['Processors', 'Motherboards', 'Memory (RAM)', 'Graphics cards', 'SSDs', 'Power supplies', 'PC cases', 'CPU coolers', 'Operating systems'];
    const expected = articles.filter((a) => components.includes(String(categoryName.get(a.category_id)))).map((a) => Number(a.id));
    expect(parts.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    for (const p of parts) expect(p.part, `article ${p.id}`).toBeDefined();
    const slots = new Set(parts.map((p) => p.part!.slot));
    expect([...slots].sort()).toEqual([...CONFIGURATION_SLOTS].sort());
  });

  it('has boards and coolers for every CPU socket, and DDR4 and DDR5 boards for LGA1700', () => {
    const data = parts.map((p) => p.part!);
    // The sockets of the CPU kind (scripts/seed/kinds-components.ts), whichever a small catalogue drew.
    const sockets = ['AM5', 'LGA1700', 'LGA1851'];
    for (const p of data) if (p.slot === 'cpu') expect(sockets).toContain(p.data.socket);
    for (const socket of sockets) {
      expect(data.some((p) => p.slot === 'motherboard' && p.data.socket === socket), socket).toBe(true);
      expect(data.some((p) => p.slot === 'cooler' && p.data.sockets.includes(socket)), socket).toBe(true);
    }
    const lga1700 = data.flatMap((p) => (p.slot === 'motherboard' && p.data.socket === 'LGA1700' ? [p.data.memoryType] : []));
    expect(new Set(lga1700)).toEqual(new Set(['DDR4', 'DDR5']));
  });

  it('sells each extra part on the five channels, named in six languages, with slugs of its own', () => {
    for (const id of extraIds) {
      expect(rows('offers').filter((o) => o.article_id === id).map((o) => o.channel).sort()).toEqual(['DE', 'ES', 'FR', 'IT', 'PT']);
      for (const o of rows('offers').filter((o) => o.article_id === id)) expect(Number.isInteger(o.price) && Number(o.price) > 0).toBe(true);
      expect(rows('article_translations').filter((t) => t.article_id === id)).toHaveLength(6);
    }
    const slugs = rows('slugs').map((s) => `${s.lang}/${s.slug}`);
    expect(new Set(slugs).size).toBe(slugs.length);
    const eans = rows('articles').map((a) => a.ean);
    expect(new Set(eans).size).toBe(eans.length);
  });
});
