/** Candidates judged against a partial build, whole builds checked, the power budget and OS advice. */
import { describe, expect, it } from 'vitest';
import { candidateFit, candidateFits, checkBuild } from '../../../worker/domain/configurator/fit';
import { editionFor, recommendOs } from '../../../worker/domain/configurator/os';
import { buildOf } from '../../../worker/domain/configurator/parts';
import { powerBudget, recommendedPsuWatts } from '../../../worker/domain/configurator/power';
import * as P from './fixtures';

describe('powerBudget', () => {
  it('sums each part’s draw and recommends the supply with 40 % headroom in 50 W steps', () => {
    const budget = powerBudget({ cpu: P.CORE_I7_14700K, gpu: P.RTX_5060, motherboard: P.Z790_ATX, memory: P.DDR5_5600_4X64, storage: [P.NVME, P.SATA], cooler: P.AIO_360 });
    expect(budget.draws).toEqual([
      { part: 'cpu', watts: 125 },
      { part: 'gpu', watts: 145 },
      { part: 'motherboard', watts: 50 },
      { part: 'memory', watts: 20 },
      { part: 'storage', watts: 14 },
      { part: 'cooler', watts: 15 },
    ]);
    expect(budget.totalW).toBe(369);
    // 369 × 1.4 = 516.6 → 550.
    expect(budget.recommendedW).toBe(550);
  });

  it.each([
    [0, 400],
    [250, 400],
    [300, 450],
    [500, 700],
    [590, 850],
    [700, 1000],
  ])('%i W drawn → %i W supply', (total, recommended) => expect(recommendedPsuWatts(total)).toBe(recommended));
});

describe('candidateFit', () => {
  const build = { cpu: P.RYZEN_7_9700X, case: P.ITX_CASE };

  it('judges a candidate with the rules of its slot, with the reasons and their values', () => {
    expect(candidateFit(build, { slot: 'motherboard', data: P.B860_ITX })).toEqual({
      fits: false,
      reasons: [
        { code: 'socket', cpuSocket: 'AM5', boardSocket: 'LGA1851' },
        { code: 'chipset', cpuVendor: 'AMD', chipset: 'Intel B860' },
      ],
      notices: [],
    });
    expect(candidateFit(build, { slot: 'motherboard', data: { ...P.B650_ATX, formFactor: 'Mini-ITX' } })).toEqual({ fits: true, reasons: [], notices: [] });
    expect(candidateFit(build, { slot: 'motherboard', data: P.B650_ATX }).reasons).toEqual([{ code: 'form-factor', boardFormFactor: 'ATX', caseFormFactors: ['Mini-ITX'] }]);
  });

  it('replaces the slot’s current part rather than judging against it', () => {
    const withBoard = { ...build, motherboard: P.B860_ITX };
    expect(candidateFit(withBoard, { slot: 'cpu', data: P.CORE_ULTRA_9_285K }).fits).toBe(true);
    expect(candidateFit(withBoard, { slot: 'cpu', data: P.RYZEN_7_9700X }).fits).toBe(false);
  });

  it('adds a drive to those already chosen', () => {
    const twoDrives = { motherboard: P.B860_ITX, storage: [P.NVME, P.NVME] };
    expect(candidateFit(twoDrives, { slot: 'storage', data: P.NVME }).reasons).toEqual([{ code: 'm2-slots', drives: 3, boardSlots: 2 }]);
    expect(candidateFit(twoDrives, { slot: 'storage', data: P.SATA }).fits).toBe(true);
  });

  it('keeps a slower-running memory and a CPU still needing a graphics card as notices, not exclusions', () => {
    expect(candidateFit({ motherboard: P.B650_ATX }, { slot: 'memory', data: P.DDR5_6400_2X32 })).toEqual({
      fits: true,
      reasons: [],
      notices: [{ code: 'memory-speed', speedMHz: 6400, boardMaxMHz: 6000 }],
    });
    expect(candidateFit({}, { slot: 'cpu', data: P.CORE_I5_14400F })).toEqual({ fits: true, reasons: [], notices: [{ code: 'needs-gpu', cpuSocket: 'LGA1700' }] });
  });

  it('excludes a CPU or a graphics card that would overload the chosen supply', () => {
    const small = { psu: { watts: 550 }, cpu: P.RYZEN_9_9950X, motherboard: P.B650_ATX };
    expect(candidateFit(small, { slot: 'gpu', data: P.RTX_5060 }).fits).toBe(true);
    expect(candidateFit(small, { slot: 'gpu', data: P.RTX_5080_BIG }).reasons).toEqual([{ code: 'psu-power', requiredW: 850, psuW: 550 }]);
  });

  it('keeps the candidates’ order and own fields', () => {
    const fits = candidateFits({ cpu: P.CORE_I7_14700K }, [
      { id: 1, part: { slot: 'cooler', data: P.SMALL_COOLER } },
      { id: 2, part: { slot: 'cooler', data: P.TOWER_COOLER } },
    ]);
    expect(fits.map((f) => [f.id, f.fits, f.reasons.map((r) => r.code)])).toEqual([
      [1, false, ['cooler-socket', 'cooler-tdp']],
      [2, true, []],
    ]);
  });
});

describe('checkBuild', () => {
  it('finds every problem of a whole build, with the slots involved', () => {
    const build = buildOf([
      { slot: 'cpu', data: P.CORE_I5_14400F },
      { slot: 'motherboard', data: P.B650_ATX },
      { slot: 'memory', data: P.DDR4_3600_2X8 },
      { slot: 'case', data: P.ITX_CASE },
      { slot: 'cooler', data: P.SMALL_COOLER },
      { slot: 'psu', data: { watts: 550 } },
      { slot: 'storage', data: P.NVME },
    ]);
    const check = checkBuild(build);
    expect(check.ok).toBe(false);
    expect(check.problems.map((p) => [p.severity, p.reason.code, p.slots])).toEqual([
      ['exclude', 'socket', ['cpu', 'motherboard']],
      ['exclude', 'chipset', ['cpu', 'motherboard']],
      ['exclude', 'memory-type', ['memory', 'motherboard']],
      ['exclude', 'form-factor', ['motherboard', 'case']],
      ['exclude', 'cooler-socket', ['cooler', 'cpu']],
      ['missing', 'needs-gpu', ['cpu']],
    ]);
    expect(check.notices).toEqual([]);
  });

  it('passes a compatible build and keeps its notices', () => {
    const check = checkBuild({ cpu: P.RYZEN_7_9700X, motherboard: P.B650_ATX, memory: P.DDR5_6400_2X32, case: P.ATX_TOWER, cooler: P.TOWER_COOLER, psu: { watts: 550 }, storage: [P.NVME, P.SATA], gpu: P.RTX_5060, os: P.WINDOWS_HOME });
    expect(check).toEqual({ ok: true, problems: [], notices: [{ slots: ['memory', 'motherboard'], reason: { code: 'memory-speed', speedMHz: 6400, boardMaxMHz: 6000 } }] });
    expect(checkBuild({})).toEqual({ ok: true, problems: [], notices: [] });
  });
});

describe('recommendOs', () => {
  const systems = [
    { articleId: 11, data: P.WINDOWS_PRO },
    { articleId: 10, data: P.WINDOWS_HOME },
  ];

  it.each([
    [{}, 'home'],
    [{ cpu: P.RYZEN_7_9700X, memory: P.DDR5_6000_2X16 }, 'home'],
    [{ cpu: P.RYZEN_9_9950X }, 'pro'],
    [{ memory: P.DDR5_6400_2X32 }, 'pro'],
  ])('edition for %j → %s', (build, edition) => expect(editionFor(build)).toBe(edition));

  it('puts the edition the build calls for first and marks it recommended', () => {
    expect(recommendOs({ cpu: P.RYZEN_7_9700X }, systems).map((o) => [o.articleId, o.recommended, o.fits])).toEqual([
      [10, true, true],
      [11, false, true],
    ]);
    expect(recommendOs({ cpu: P.RYZEN_9_9950X }, systems).map((o) => [o.articleId, o.recommended])).toEqual([
      [11, true],
      [10, false],
    ]);
  });

  it('puts a system that cannot address the memory last, with its reason', () => {
    const ranked = recommendOs({ memory: P.DDR5_5600_4X64 }, systems);
    expect(ranked.map((o) => [o.articleId, o.fits, o.recommended])).toEqual([
      [11, true, true],
      [10, false, false],
    ]);
    expect(ranked[1]!.reasons).toEqual([{ code: 'os-memory', memoryGB: 256, osMinMemoryGB: 4, osMaxMemoryGB: 128 }]);
  });
});
