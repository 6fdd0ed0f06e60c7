/** Each compatibility rule of the configurator, as a table of parts and the reason expected. */
import { describe, expect, it } from 'vitest';
import {
  boardFitsCase,
  coolerFitsCase,
  coolerSocketFits,
  coolerTdpFits,
  cpuChipsetFits,
  cpuSocketFits,
  gpuFitsCase,
  graphicsPresent,
  m2DrivesFit,
  memorySlotsFit,
  memorySpeedNotice,
  memoryTypeFits,
  osMemoryFits,
  overclockingNotice,
  psuFits,
  sataDrivesFit,
} from '../../../worker/domain/configurator/rules';
import * as P from './fixtures';

describe('CPU and motherboard', () => {
  it.each([
    [P.RYZEN_7_9700X, P.B650_ATX, null],
    [P.CORE_I7_14700K, P.Z790_ATX, null],
    [P.RYZEN_7_9700X, P.Z790_ATX, { code: 'socket', cpuSocket: 'AM5', boardSocket: 'LGA1700' }],
    [P.CORE_ULTRA_9_285K, P.B760M_DDR4, { code: 'socket', cpuSocket: 'LGA1851', boardSocket: 'LGA1700' }],
  ])('socket %#', (cpu, board, reason) => expect(cpuSocketFits(cpu, board)).toEqual(reason));

  it.each([
    [P.RYZEN_7_9700X, P.B650_ATX, null],
    [P.CORE_I5_14400F, P.B760M_DDR4, null],
    [P.RYZEN_7_9700X, { ...P.B650_ATX, chipset: 'Intel B760' }, { code: 'chipset', cpuVendor: 'AMD', chipset: 'Intel B760' }],
  ])('chipset family %#', (cpu, board, reason) => expect(cpuChipsetFits(cpu, board)).toEqual(reason));

  it.each([
    [P.CORE_I7_14700K, P.Z790_ATX, null],
    [P.CORE_I5_14400F, P.B760M_DDR4, null],
    [P.RYZEN_9_9950X, P.B650_ATX, null],
    [P.CORE_I7_14700K, P.B760M_DDR4, { code: 'overclocking', chipset: 'Intel B760' }],
  ])('overclocking notice %#', (cpu, board, reason) => expect(overclockingNotice(cpu, board)).toEqual(reason));
});

describe('memory and motherboard', () => {
  it.each([
    [P.DDR5_6000_2X16, P.B650_ATX, null],
    [P.DDR4_3600_2X8, P.B760M_DDR4, null],
    [P.DDR4_3600_2X8, P.B650_ATX, { code: 'memory-type', memoryType: 'DDR4', boardMemoryType: 'DDR5' }],
    [P.DDR5_6000_2X16, P.B760M_DDR4, { code: 'memory-type', memoryType: 'DDR5', boardMemoryType: 'DDR4' }],
  ])('type %#', (memory, board, reason) => expect(memoryTypeFits(memory, board)).toEqual(reason));

  it.each([
    [P.DDR5_6000_2X16, P.B860_ITX, null],
    [P.DDR5_5600_4X64, P.B650_ATX, null],
    [P.DDR5_5600_4X64, P.B860_ITX, { code: 'memory-slots', modules: 4, boardSlots: 2 }],
  ])('modules against slots %#', (memory, board, reason) => expect(memorySlotsFit(memory, board)).toEqual(reason));

  it.each([
    [P.DDR5_6000_2X16, P.B650_ATX, null],
    [P.DDR5_6400_2X32, P.B860_ITX, null],
    [P.DDR5_6400_2X32, P.B650_ATX, { code: 'memory-speed', speedMHz: 6400, boardMaxMHz: 6000 }],
    [P.DDR4_3600_2X8, P.B760M_DDR4, { code: 'memory-speed', speedMHz: 3600, boardMaxMHz: 3200 }],
  ])('speed above the board’s maximum is a notice %#', (memory, board, reason) => expect(memorySpeedNotice(memory, board)).toEqual(reason));
});

describe('the case', () => {
  it.each([
    [P.B650_ATX, P.ATX_TOWER, null],
    [P.B860_ITX, P.ITX_CASE, null],
    [P.B760M_DDR4, P.ITX_CASE, { code: 'form-factor', boardFormFactor: 'Micro-ATX', caseFormFactors: ['Mini-ITX'] }],
  ])('board form factor %#', (board, pcCase, reason) => expect(boardFitsCase(board, pcCase)).toEqual(reason));

  it.each([
    [P.RTX_5060, P.ITX_CASE, null],
    [{ lengthMm: 360, powerW: 300 }, P.ATX_TOWER, null],
    [P.RTX_5080_BIG, P.ITX_CASE, { code: 'gpu-length', gpuLengthMm: 358, caseMaxGpuLengthMm: 330 }],
  ])('graphics card length %#', (gpu, pcCase, reason) => expect(gpuFitsCase(gpu, pcCase)).toEqual(reason));

  it.each([
    [P.TOWER_COOLER, P.ATX_TOWER, null],
    [P.AIO_360, P.ITX_CASE, null],
    [P.TOWER_COOLER, P.ITX_CASE, { code: 'cooler-height', coolerHeightMm: 168, caseMaxCoolerHeightMm: 155 }],
  ])('cooler height %#', (cooler, pcCase, reason) => expect(coolerFitsCase(cooler, pcCase)).toEqual(reason));
});

describe('the cooler and the CPU', () => {
  it.each([
    [P.SMALL_COOLER, P.RYZEN_7_9700X, null],
    [P.SMALL_COOLER, P.CORE_I7_14700K, { code: 'cooler-socket', cpuSocket: 'LGA1700', coolerSockets: ['AM5'] }],
  ])('socket %#', (cooler, cpu, reason) => expect(coolerSocketFits(cooler, cpu)).toEqual(reason));

  it.each([
    [P.SMALL_COOLER, P.RYZEN_7_9700X, null],
    [P.TOWER_COOLER, P.RYZEN_9_9950X, null],
    [{ ...P.SMALL_COOLER, tdpW: 170 }, P.RYZEN_9_9950X, null],
    [P.SMALL_COOLER, P.RYZEN_9_9950X, { code: 'cooler-tdp', cpuTdpW: 170, coolerTdpW: 105 }],
  ])('TDP %#', (cooler, cpu, reason) => expect(coolerTdpFits(cooler, cpu)).toEqual(reason));
});

describe('power, drives, graphics and the operating system', () => {
  it.each([
    // 170 + 360 + 50 + 10 = 590 W × 1.4 = 826 → 850 W.
    [{ cpu: P.RYZEN_9_9950X, gpu: P.RTX_5080_BIG, motherboard: P.B650_ATX, memory: P.DDR5_6000_2X16 }, 850, null],
    [{ cpu: P.RYZEN_9_9950X, gpu: P.RTX_5080_BIG, motherboard: P.B650_ATX, memory: P.DDR5_6000_2X16 }, 750, { code: 'psu-power', requiredW: 850, psuW: 750 }],
    [{ cpu: P.RYZEN_7_9700X }, 400, null],
  ])('supply against the build’s draw with headroom %#', (build, watts, reason) => expect(psuFits(build, { watts })).toEqual(reason));

  it.each([
    [[P.NVME, P.NVME], P.B860_ITX, null, null],
    [[P.NVME, P.NVME, P.NVME], P.B860_ITX, { code: 'm2-slots', drives: 3, boardSlots: 2 }, null],
    [[P.SATA, P.SATA, P.SATA, P.NVME], P.B860_ITX, null, { code: 'sata-ports', drives: 3, boardPorts: 2 }],
    [[P.SATA, P.SATA, P.NVME, P.NVME], P.B860_ITX, null, null],
  ])('M.2 slots and SATA ports %#', (drives, board, m2, sata) => {
    expect(m2DrivesFit(drives, board)).toEqual(m2);
    expect(sataDrivesFit(drives, board)).toEqual(sata);
  });

  it.each([
    [P.CORE_I5_14400F, undefined, { code: 'needs-gpu', cpuSocket: 'LGA1700' }],
    [P.CORE_I5_14400F, P.RTX_5060, null],
    [P.RYZEN_7_9700X, undefined, null],
  ])('a CPU without graphics needs a card %#', (cpu, gpu, reason) => expect(graphicsPresent(cpu, gpu)).toEqual(reason));

  it.each([
    [P.WINDOWS_HOME, P.DDR5_6400_2X32, null],
    [P.WINDOWS_PRO, P.DDR5_5600_4X64, null],
    [{ ...P.WINDOWS_HOME, minMemoryGB: 32 }, P.DDR4_3600_2X8, { code: 'os-memory', memoryGB: 16, osMinMemoryGB: 32, osMaxMemoryGB: 128 }],
    [P.WINDOWS_HOME, P.DDR5_5600_4X64, { code: 'os-memory', memoryGB: 256, osMinMemoryGB: 4, osMaxMemoryGB: 128 }],
  ])('edition against memory %#', (os, memory, reason) => expect(osMemoryFits(os, memory)).toEqual(reason));
});
