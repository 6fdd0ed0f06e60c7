/**
 * The configurator's address arithmetic (worker/domain/configurator/build-links.ts) and its words
 * (client/configurator/labels.ts): every reason code and every slot's figures read in each of the
 * six languages with their values in place (no missing translation, no raw `{value}`).
 */
import { describe, expect, it } from 'vitest';
import { partFacts, reasonText, SLOT_HEADINGS, SLOT_NAMES } from '../../../client/configurator/labels';
import { createI18n } from '../../../client/i18n/i18n';
import { LANGUAGES } from '../../../client/i18n/languages';
import { buildParamOf, nextStep, withChosen, withoutChosen } from '../../../worker/domain/configurator/build-links';
import { CONFIGURATION_SLOTS, parseBuildParam, type ChosenPart, type SlotPart } from '../../../worker/domain/configurator/parts';
import type { Reason, ReasonCode } from '../../../worker/domain/configurator/rules';
import { messages as de_DE } from '../../../locales/de_DE/messages.po';
import { messages as en_EN } from '../../../locales/en_EN/messages.po';
import { messages as es_ES } from '../../../locales/es_ES/messages.po';
import { messages as fr_FR } from '../../../locales/fr_FR/messages.po';
import { messages as it_IT } from '../../../locales/it_IT/messages.po';
import { messages as pt_PT } from '../../../locales/pt_PT/messages.po';

const CATALOGS = { es_ES, en_EN, fr_FR, pt_PT, it_IT, de_DE };
const p = (slot: ChosenPart['slot'], articleId: number): ChosenPart => ({ slot, articleId });

describe('build links', () => {
  it.each([
    [[], ''],
    [[p('motherboard', 2), p('cpu', 1)], 'cpu:1,motherboard:2'],
    [[p('os', 9), p('storage', 5), p('cpu', 1), p('storage', 4)], 'cpu:1,storage:5,storage:4,os:9'],
  ])('writes %j as %j, which reads back as the same build', (parts, text) => {
    expect(buildParamOf(parts)).toBe(text);
    const read = parseBuildParam(text);
    expect('chosen' in read && buildParamOf(read.chosen)).toBe(text);
  });

  it('replaces a slot’s part, adds drives up to four (dropping the oldest), removes by position', () => {
    const build = [p('cpu', 1), p('motherboard', 2)];
    expect(withChosen(build, p('cpu', 3))).toEqual([p('motherboard', 2), p('cpu', 3)]);
    let drives = build;
    for (const id of [10, 11, 12, 13, 14]) drives = withChosen(drives, p('storage', id));
    expect(drives.filter((d) => d.slot === 'storage').map((d) => d.articleId)).toEqual([11, 12, 13, 14]);
    expect(withoutChosen(drives, 0)).toEqual(drives.slice(1));
    expect(withoutChosen(build, 5)).toEqual(build);
  });

  it.each([
    [[p('cpu', 1)], 'cpu', 'motherboard'],
    [[p('cpu', 1), p('motherboard', 2), p('memory', 3)], 'memory', 'gpu'],
    [[p('gpu', 4)], 'gpu', 'storage'],
    // Nothing empty after the slot: back to the first empty one.
    [[p('os', 9), p('cooler', 8)], 'os', 'cpu'],
    [CONFIGURATION_SLOTS.map((slot, i) => p(slot, i + 1)), 'cpu', null],
  ] as const)('after %j, choosing in %s leads to %s', (parts, slot, next) => {
    expect(nextStep(parts, slot)).toBe(next);
  });
});

const PARTS: SlotPart[] = [
  { slot: 'cpu', data: { vendor: 'AMD', socket: 'AM5', cores: 8, tdpW: 120, integratedGraphics: false, unlocked: true } },
  { slot: 'motherboard', data: { socket: 'AM5', chipset: 'AMD B650', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryMHz: 6000, m2Slots: 2, sataPorts: 4 } },
  { slot: 'memory', data: { type: 'DDR5', speedMHz: 6000, modules: 2, capacityGB: 32 } },
  { slot: 'gpu', data: { lengthMm: 304, powerW: 220 } },
  { slot: 'storage', data: { interface: 'm2' } },
  { slot: 'psu', data: { watts: 750 } },
  { slot: 'case', data: { formFactors: ['Micro-ATX', 'ATX'], maxGpuLengthMm: 360, maxCoolerHeightMm: 165 } },
  { slot: 'cooler', data: { type: 'liquid', sockets: ['AM5', 'LGA1851'], heightMm: 52, tdpW: 250 } },
  { slot: 'os', data: { family: 'windows', edition: 'home', minMemoryGB: 4, maxMemoryGB: 128 } },
];

const REASONS: Record<ReasonCode, Reason> = {
  socket: { code: 'socket', cpuSocket: 'AM5', boardSocket: 'LGA1851' },
  chipset: { code: 'chipset', cpuVendor: 'Intel', chipset: 'AMD B650' },
  overclocking: { code: 'overclocking', chipset: 'Intel B860' },
  'memory-type': { code: 'memory-type', memoryType: 'DDR4', boardMemoryType: 'DDR5' },
  'memory-slots': { code: 'memory-slots', modules: 4, boardSlots: 2 },
  'memory-speed': { code: 'memory-speed', speedMHz: 7200, boardMaxMHz: 6400 },
  'form-factor': { code: 'form-factor', boardFormFactor: 'ATX', caseFormFactors: ['Mini-ITX', 'Micro-ATX'] },
  'gpu-length': { code: 'gpu-length', gpuLengthMm: 340, caseMaxGpuLengthMm: 330 },
  'cooler-height': { code: 'cooler-height', coolerHeightMm: 168, caseMaxCoolerHeightMm: 150 },
  'cooler-socket': { code: 'cooler-socket', cpuSocket: 'LGA1700', coolerSockets: ['AM5', 'LGA1851'] },
  'cooler-tdp': { code: 'cooler-tdp', cpuTdpW: 250, coolerTdpW: 150 },
  'psu-power': { code: 'psu-power', requiredW: 850, psuW: 650 },
  'm2-slots': { code: 'm2-slots', drives: 3, boardSlots: 2 },
  'sata-ports': { code: 'sata-ports', drives: 5, boardPorts: 4 },
  'needs-gpu': { code: 'needs-gpu', cpuSocket: 'LGA1851' },
  'os-memory': { code: 'os-memory', memoryGB: 256, osMinMemoryGB: 4, osMaxMemoryGB: 128 },
};

describe.each(LANGUAGES)('the configurator’s words in %s', (language) => {
  const i18n = createI18n(language, CATALOGS[language]);
  const missing: string[] = [];
  i18n.on('missing', (event) => missing.push(event.id));

  it.each(Object.values(REASONS))('reads the reason $code with its values', (reason) => {
    const text = reasonText(reason, i18n, language);
    expect(text).not.toMatch(/[{}]/);
    for (const [key, value] of Object.entries(reason)) {
      if (key === 'code' || Array.isArray(value) || key === 'cpuSocket' && reason.code === 'needs-gpu') continue;
      expect(text, key).toContain(String(value));
    }
    expect(missing).toEqual([]);
  });

  it('names every slot and its step, and reads every slot’s figures', () => {
    for (const slot of CONFIGURATION_SLOTS) {
      expect(i18n._(SLOT_NAMES[slot])).not.toBe('');
      expect(i18n._(SLOT_HEADINGS[slot])).not.toBe('');
    }
    for (const part of PARTS) expect(partFacts(part, i18n, language), part.slot).not.toMatch(/[{}]|undefined/);
    expect(missing).toEqual([]);
  });
});
