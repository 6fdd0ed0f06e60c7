// The configurator's calls through the real Worker on the seeded catalogue: candidates with their
// fit and reasons, a whole build's check, the operating-system recommendations and an article's
// configurator data; bad input is the 400 envelope, an unknown article the 404.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { EXTRA_PARTS, EXTRA_PARTS_FIRST_ID } from '../../scripts/seed/pc-parts-extra';
import { apiCall, host, request } from './helpers';

const ES = host('ES');
const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

/** The first part of `slot` sold on ES whose data matches `where` (SQL over `d`, the JSON data). */
async function partId(slot: string, where = '1'): Promise<number> {
  const [row] = await all<{ id: number }>(
    `SELECT p.article_id AS id FROM pc_components p JOIN listings l ON l.article_id = p.article_id AND l.channel = 'ES' AND l.price IS NOT NULL,
     json_each(p.data) AS j WHERE p.slot = ? AND ${where} GROUP BY p.article_id ORDER BY p.article_id LIMIT 1`,
    slot,
  );
  if (!row) throw new Error(`no ${slot} where ${where}`);
  return row.id;
}
const socketIs = (socket: string) => `json_extract(p.data, '$.socket') = '${socket}'`;
const extraId = (model: string) => EXTRA_PARTS_FIRST_ID + EXTRA_PARTS.findIndex((p) => p.model === model);

type Reason = { code: string } & Record<string, unknown>;
type Candidate = { id: number; name: string; slug: string; imageKey: string; price: number; availabilityCode: number; fits: boolean; reasons: Reason[]; notices: Reason[]; part: { slot: string; data: Record<string, unknown> } };
type CandidatePage = { slot: string; items: Candidate[]; page: number; pageSize: number; total: number; fitting: number; power: { totalW: number; recommendedW: number; draws: { part: string; watts: number }[] } };

describe('GET /api/configurator/candidates', () => {
  it('lists a slot’s parts sold on the channel as cards, those that fit first, with the reasons of the others', async () => {
    const cpu = await partId('cpu', socketIs('AM5'));
    const { status, body } = await apiCall<CandidatePage>(`${ES}/api/configurator/candidates?slot=motherboard&build=cpu:${cpu}&pageSize=50`);
    expect(status).toBe(200);
    const page = body.data!;
    expect(page).toMatchObject({ slot: 'motherboard', page: 1, pageSize: 50 });
    const [{ n }] = (await all<{ n: number }>("SELECT count(*) AS n FROM pc_components p JOIN listings l ON l.article_id = p.article_id AND l.channel = 'ES' AND l.price IS NOT NULL WHERE p.slot = 'motherboard'")) as [{ n: number }];
    expect(page.total).toBe(n);
    expect(page.fitting).toBeGreaterThan(0);
    expect(page.fitting).toBeLessThan(page.total);
    const fits = page.items.map((i) => i.fits);
    expect(fits).toEqual([...fits].sort((a, b) => Number(b) - Number(a)));
    for (const item of page.items) {
      expect(item.price).toBeGreaterThan(0);
      expect(item.slug).toMatch(new RegExp(`-${item.id}$`));
      if (item.part.data.socket === 'AM5') expect(item).toMatchObject({ fits: true, reasons: [] });
      else expect(item.reasons).toContainEqual({ code: 'socket', cpuSocket: 'AM5', boardSocket: item.part.data.socket });
    }
    expect(page.power.draws.map((d) => d.part)).toEqual(['cpu']);
  });

  it('pages through the candidates and judges the seeded cases, coolers and systems too', async () => {
    const first = (await apiCall<CandidatePage>(`${ES}/api/configurator/candidates?slot=case&pageSize=3`)).body.data!;
    const second = (await apiCall<CandidatePage>(`${ES}/api/configurator/candidates?slot=case&pageSize=3&page=2`)).body.data!;
    expect(first.total).toBe(EXTRA_PARTS.filter((p) => p.part.slot === 'case').length);
    expect(first.items).toHaveLength(3);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]!.id);

    const tall = extraId('Dark Rock Pro 5');
    const cases = (await apiCall<CandidatePage>(`${ES}/api/configurator/candidates?slot=case&build=cooler:${tall}&pageSize=50`)).body.data!;
    expect(cases.items.find((i) => i.id === extraId('2000D Airflow'))?.reasons).toEqual([{ code: 'cooler-height', coolerHeightMm: 168, caseMaxCoolerHeightMm: 70 }]);
    expect(cases.items.find((i) => i.id === extraId('Pure Base 500DX'))?.fits).toBe(true);
  });

  it('answers 400 with the envelope for bad input', async () => {
    for (const query of ['', 'slot=ram', 'slot=cpu&build=cpu', 'slot=cpu&build=cpu:1,cpu:2', 'slot=cpu&build=gpu:-4', 'slot=cpu&page=0', 'slot=cpu&pageSize=51', `slot=cpu&build=${'cpu:1,'.repeat(80)}`]) {
      const { status, body, error } = await apiCall(`${ES}/api/configurator/candidates?${query}`);
      expect(status, query).toBe(400);
      expect(body.ok).toBe(false);
      expect(error).toMatchObject({ type: 'validation', code: 'INVALID_REQUEST' });
    }
  });

  it('answers 404 for an article that is no part of its slot', async () => {
    const cpu = await partId('cpu');
    for (const build of ['cpu:99999999', `gpu:${cpu}`]) {
      const { status, error } = await apiCall(`${ES}/api/configurator/candidates?slot=psu&build=${build}`);
      expect(status, build).toBe(404);
      expect(error).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('GET /api/configurator/check', () => {
  it('lists every problem of a build with the slots involved, and its power budget', async () => {
    const cpu = await partId('cpu', socketIs('AM5'));
    const board = extraId('PRO B760-P DDR4 II');
    const pcCase = extraId('MasterBox NR200P');
    const { status, body } = await apiCall<{ ok: boolean; problems: { severity: string; slots: string[]; reason: Reason }[]; parts: unknown[]; power: { totalW: number } }>(
      `${ES}/api/configurator/check?build=cpu:${cpu},motherboard:${board},case:${pcCase}`,
    );
    expect(status).toBe(200);
    const check = body.data!;
    expect(check.ok).toBe(false);
    expect(check.parts).toEqual([{ slot: 'cpu', articleId: cpu }, { slot: 'motherboard', articleId: board }, { slot: 'case', articleId: pcCase }]);
    expect(check.problems.map((p) => p.reason.code)).toEqual(expect.arrayContaining(['socket', 'chipset', 'form-factor']));
    expect(check.problems.find((p) => p.reason.code === 'form-factor')).toEqual({ severity: 'exclude', slots: ['motherboard', 'case'], reason: { code: 'form-factor', boardFormFactor: 'ATX', caseFormFactors: ['Mini-ITX'] } });
    expect(check.power.totalW).toBeGreaterThan(50);
  });

  it('passes a compatible build, and refuses a missing or bad build', async () => {
    const board = extraId('Prime B760M-A D4');
    const ok = (await apiCall<{ ok: boolean; problems: unknown[] }>(`${ES}/api/configurator/check?build=motherboard:${board},case:${extraId('4000D Airflow')},os:${extraId('Windows 11 Home')}`)).body.data!;
    expect(ok).toMatchObject({ ok: true, problems: [] });
    expect((await apiCall(`${ES}/api/configurator/check`)).status).toBe(400);
    expect((await apiCall(`${ES}/api/configurator/check?build=os:x`)).status).toBe(400);
    expect((await apiCall(`${ES}/api/configurator/check?build=os:${board}`)).status).toBe(404);
  });
});

describe('operating-system recommendations', () => {
  type OsCard = { id: number; name: string; fits: boolean; recommended: boolean; reasons: Reason[] };
  const systems = EXTRA_PARTS.filter((p) => p.part.slot === 'os').length;

  it('GET /api/articles/{id}/pccom-os ranks the systems for the article, in the Content-Language asked for', async () => {
    const cpu = await partId('cpu', "json_extract(p.data, '$.cores') < 16");
    const response = await request(`${ES}/api/articles/${cpu}/pccom-os`, { headers: { 'Content-Language': 'en_EN' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Language')).toBe('en_EN');
    const list = ((await response.json()) as { data: OsCard[] }).data;
    expect(list).toHaveLength(systems);
    expect(list[0]).toMatchObject({ id: extraId('Windows 11 Home'), recommended: true, fits: true, name: 'Microsoft Windows 11 Home Operating System' });
    const notAPart = (await all<{ id: number }>('SELECT id FROM articles WHERE id NOT IN (SELECT article_id FROM pc_components) LIMIT 1'))[0]!.id;
    expect((await apiCall<OsCard[]>(`${ES}/api/articles/${notAPart}/pccom-os`)).body.data).toHaveLength(systems);
  });

  it('GET /api/checkout/articles/os-recommendations?build ranks them for a build', async () => {
    const memory = await partId('memory', "json_extract(p.data, '$.capacityGB') >= 64");
    const { status, body } = await apiCall<OsCard[]>(`${ES}/api/checkout/articles/os-recommendations?build=memory:${memory}`);
    expect(status).toBe(200);
    expect(body.data![0]).toMatchObject({ id: extraId('Windows 11 Pro'), recommended: true });
    expect(body.data!.filter((o) => o.recommended)).toHaveLength(1);
  });

  it('answers 400 for bad input and 404 for unknown articles', async () => {
    expect((await apiCall(`${ES}/api/articles/abc/pccom-os`)).status).toBe(400);
    expect((await apiCall(`${ES}/api/checkout/articles/os-recommendations?build=os`)).error).toMatchObject({ code: 'INVALID_REQUEST' });
    expect((await apiCall(`${ES}/api/articles/99999999/pccom-os`)).error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await apiCall(`${ES}/api/checkout/articles/os-recommendations?build=cpu:99999999`)).status).toBe(404);
  });
});

describe('GET /api/checkout/articles/{id}/filters', () => {
  it('gives a part’s slot and data, and null for an article that is no PC part', async () => {
    const board = extraId('B760M AORUS Elite');
    const { status, body } = await apiCall(`${ES}/api/checkout/articles/${board}/filters`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      articleId: board,
      slot: 'motherboard',
      data: { socket: 'LGA1700', chipset: 'Intel B760', formFactor: 'Micro-ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryMHz: 5600, m2Slots: 2, sataPorts: 4 },
    });
    const notAPart = (await all<{ id: number }>('SELECT id FROM articles WHERE id NOT IN (SELECT article_id FROM pc_components) LIMIT 1'))[0]!.id;
    expect((await apiCall(`${ES}/api/checkout/articles/${notAPart}/filters`)).body.data).toEqual({ articleId: notAPart, slot: null, data: null });
  });

  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    expect((await apiCall(`${ES}/api/checkout/articles/0/filters`)).status).toBe(400);
    const { status, error } = await apiCall(`${ES}/api/checkout/articles/99999999/filters`);
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'NOT_FOUND', details: { articleId: 99999999 } });
  });
});
