/**
 * The configurator's words: each slot's name and its "choose" heading, a part's key figures, and
 * every compatibility reason (worker/domain/configurator/rules.ts) as a sentence with its values.
 * Shared by the configurator page and anything else that explains a build (the assistant).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConfigurationSlot, SlotPart } from '../../worker/domain/configurator/parts';
import type { Reason } from '../../worker/domain/configurator/rules';
import { LANGUAGE_INFO, type Language } from '../i18n/languages';

export const SLOT_NAMES: Record<ConfigurationSlot, MessageDescriptor> = {
  cpu: msg`Processor`,
  motherboard: msg`Motherboard`,
  memory: msg`Memory`,
  gpu: msg`Graphics card`,
  storage: msg`Drives`,
  psu: msg`Power supply`,
  case: msg`Case`,
  cooler: msg`CPU cooler`,
  os: msg`Operating system`,
};

export const SLOT_HEADINGS: Record<ConfigurationSlot, MessageDescriptor> = {
  cpu: msg`Choose a processor`,
  motherboard: msg`Choose a motherboard`,
  memory: msg`Choose the memory`,
  gpu: msg`Choose a graphics card`,
  storage: msg`Choose a drive`,
  psu: msg`Choose a power supply`,
  case: msg`Choose a case`,
  cooler: msg`Choose a CPU cooler`,
  os: msg`Choose an operating system`,
};

/** A list of values in the language's own way ("AM5, LGA1700 and LGA1851"). */
function list(values: readonly string[], language: Language): string {
  return new Intl.ListFormat(LANGUAGE_INFO[language].tag, { type: 'conjunction' }).format(values);
}

/** The figures of a part that the rules read, in a short line ("AM5 · 8 cores · 120 W"). */
export function partFacts(part: SlotPart, i18n: I18n, language: Language): string {
  const facts: string[] = [];
  switch (part.slot) {
    case 'cpu': {
      const { socket, cores, tdpW, integratedGraphics } = part.data;
      facts.push(socket, i18n._(msg`${cores} cores`), `${tdpW} W`);
      if (!integratedGraphics) facts.push(i18n._(msg`no integrated graphics`));
      break;
    }
    case 'motherboard': {
      const { chipset, socket, formFactor, memoryType, memorySlots, m2Slots, sataPorts } = part.data;
      facts.push(`${chipset} (${socket})`, formFactor, i18n._(msg`${memorySlots} × ${memoryType}`), i18n._(msg`${m2Slots} M.2`), i18n._(msg`${sataPorts} SATA`));
      break;
    }
    case 'memory': {
      const { type, speedMHz, modules, capacityGB } = part.data;
      facts.push(`${capacityGB} GB`, `${type} ${speedMHz} MHz`, i18n._(msg`${modules} modules`));
      break;
    }
    case 'gpu': {
      const { lengthMm, powerW } = part.data;
      facts.push(i18n._(msg`${lengthMm} mm long`), `${powerW} W`);
      break;
    }
    case 'storage':
      facts.push(part.data.interface === 'm2' ? 'M.2' : 'SATA');
      break;
    case 'psu':
      facts.push(`${part.data.watts} W`);
      break;
    case 'case': {
      const { formFactors, maxGpuLengthMm, maxCoolerHeightMm } = part.data;
      facts.push(list(formFactors, language), i18n._(msg`graphics cards up to ${maxGpuLengthMm} mm`), i18n._(msg`coolers up to ${maxCoolerHeightMm} mm`));
      break;
    }
    case 'cooler': {
      const { type, sockets, heightMm, tdpW } = part.data;
      facts.push(type === 'liquid' ? i18n._(msg`liquid`) : i18n._(msg`air`), list(sockets, language), `${heightMm} mm`, i18n._(msg`up to ${tdpW} W`));
      break;
    }
    case 'os': {
      const { maxMemoryGB } = part.data;
      facts.push(i18n._(msg`up to ${maxMemoryGB} GB of memory`));
      break;
    }
  }
  return facts.join(' · ');
}

/** Why a part does not go with the build, or what to know though it does, as one sentence. */
export function reasonText(reason: Reason, i18n: I18n, language: Language): string {
  switch (reason.code) {
    case 'socket': {
      const { cpuSocket, boardSocket } = reason;
      return i18n._(msg`The processor's socket is ${cpuSocket} and the motherboard's is ${boardSocket}.`);
    }
    case 'chipset': {
      const { cpuVendor, chipset } = reason;
      return i18n._(msg`An ${cpuVendor} processor needs an ${cpuVendor} chipset; this motherboard has an ${chipset}.`);
    }
    case 'overclocking': {
      const { chipset } = reason;
      return i18n._(msg`The ${chipset} chipset cannot overclock this unlocked processor: it runs at its standard speed.`);
    }
    case 'memory-type': {
      const { memoryType, boardMemoryType } = reason;
      return i18n._(msg`This is ${memoryType} memory and the motherboard takes ${boardMemoryType}.`);
    }
    case 'memory-slots': {
      const { modules, boardSlots } = reason;
      return i18n._(msg`The kit has ${modules} modules and the motherboard has ${boardSlots} memory slots.`);
    }
    case 'memory-speed': {
      const { speedMHz, boardMaxMHz } = reason;
      return i18n._(msg`This ${speedMHz} MHz memory will run at ${boardMaxMHz} MHz, the motherboard's maximum.`);
    }
    case 'form-factor': {
      const boardFormFactor = reason.boardFormFactor;
      const caseFormFactors = list(reason.caseFormFactors, language);
      return i18n._(msg`A ${boardFormFactor} motherboard does not fit this case, which takes ${caseFormFactors}.`);
    }
    case 'gpu-length': {
      const { gpuLengthMm, caseMaxGpuLengthMm } = reason;
      return i18n._(msg`The graphics card is ${gpuLengthMm} mm long and the case takes up to ${caseMaxGpuLengthMm} mm.`);
    }
    case 'cooler-height': {
      const { coolerHeightMm, caseMaxCoolerHeightMm } = reason;
      return i18n._(msg`The cooler is ${coolerHeightMm} mm tall and the case takes up to ${caseMaxCoolerHeightMm} mm.`);
    }
    case 'cooler-socket': {
      const cpuSocket = reason.cpuSocket;
      const coolerSockets = list(reason.coolerSockets, language);
      return i18n._(msg`The cooler does not mount on socket ${cpuSocket}; it fits ${coolerSockets}.`);
    }
    case 'cooler-tdp': {
      const { cpuTdpW, coolerTdpW } = reason;
      return i18n._(msg`The cooler removes up to ${coolerTdpW} W and the processor gives off up to ${cpuTdpW} W.`);
    }
    case 'psu-power': {
      const { requiredW, psuW } = reason;
      return i18n._(msg`The build needs ${requiredW} W with a safety margin and this power supply gives ${psuW} W.`);
    }
    case 'm2-slots': {
      const { drives, boardSlots } = reason;
      return i18n._(msg`The build has ${drives} M.2 drives and the motherboard has ${boardSlots} M.2 slots.`);
    }
    case 'sata-ports': {
      const { drives, boardPorts } = reason;
      return i18n._(msg`The build has ${drives} SATA drives and the motherboard has ${boardPorts} SATA ports.`);
    }
    case 'needs-gpu':
      return i18n._(msg`This processor has no integrated graphics: the build needs a graphics card.`);
    case 'os-memory': {
      const { memoryGB, osMinMemoryGB, osMaxMemoryGB } = reason;
      return i18n._(msg`This edition works with ${osMinMemoryGB} to ${osMaxMemoryGB} GB of memory and the build has ${memoryGB} GB.`);
    }
  }
}
