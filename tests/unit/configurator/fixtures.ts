/** Parts for the configurator's rule tables: real-world figures, named by what they are. */
import type { CaseData, CoolerData, CpuData, GpuData, MemoryData, MotherboardData, OsData, StorageData } from '../../../worker/domain/configurator/parts';

export const RYZEN_7_9700X: CpuData = { vendor: 'AMD', socket: 'AM5', cores: 8, tdpW: 65, integratedGraphics: true, unlocked: true };
export const RYZEN_9_9950X: CpuData = { vendor: 'AMD', socket: 'AM5', cores: 16, tdpW: 170, integratedGraphics: true, unlocked: true };
export const CORE_I5_14400F: CpuData = { vendor: 'Intel', socket: 'LGA1700', cores: 10, tdpW: 65, integratedGraphics: false, unlocked: false };
export const CORE_I7_14700K: CpuData = { vendor: 'Intel', socket: 'LGA1700', cores: 20, tdpW: 125, integratedGraphics: true, unlocked: true };
export const CORE_ULTRA_9_285K: CpuData = { vendor: 'Intel', socket: 'LGA1851', cores: 24, tdpW: 125, integratedGraphics: true, unlocked: true };

export const B650_ATX: MotherboardData = { socket: 'AM5', chipset: 'AMD B650', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryMHz: 6000, m2Slots: 3, sataPorts: 4 };
export const B760M_DDR4: MotherboardData = { socket: 'LGA1700', chipset: 'Intel B760', formFactor: 'Micro-ATX', memoryType: 'DDR4', memorySlots: 4, maxMemoryMHz: 3200, m2Slots: 2, sataPorts: 4 };
export const Z790_ATX: MotherboardData = { socket: 'LGA1700', chipset: 'Intel Z790', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryMHz: 7200, m2Slots: 4, sataPorts: 6 };
export const B860_ITX: MotherboardData = { socket: 'LGA1851', chipset: 'Intel B860', formFactor: 'Mini-ITX', memoryType: 'DDR5', memorySlots: 2, maxMemoryMHz: 6400, m2Slots: 2, sataPorts: 2 };

export const DDR5_6000_2X16: MemoryData = { type: 'DDR5', speedMHz: 6000, modules: 2, capacityGB: 32 };
export const DDR5_6400_2X32: MemoryData = { type: 'DDR5', speedMHz: 6400, modules: 2, capacityGB: 64 };
export const DDR5_5600_4X64: MemoryData = { type: 'DDR5', speedMHz: 5600, modules: 4, capacityGB: 256 };
export const DDR4_3600_2X8: MemoryData = { type: 'DDR4', speedMHz: 3600, modules: 2, capacityGB: 16 };

export const RTX_5060: GpuData = { lengthMm: 240, powerW: 145 };
export const RTX_5080_BIG: GpuData = { lengthMm: 358, powerW: 360 };

export const NVME: StorageData = { interface: 'm2' };
export const SATA: StorageData = { interface: 'sata' };

export const ATX_TOWER: CaseData = { formFactors: ['ATX', 'Micro-ATX', 'Mini-ITX'], maxGpuLengthMm: 360, maxCoolerHeightMm: 170 };
export const ITX_CASE: CaseData = { formFactors: ['Mini-ITX'], maxGpuLengthMm: 330, maxCoolerHeightMm: 155 };

export const TOWER_COOLER: CoolerData = { type: 'air', sockets: ['AM5', 'LGA1700', 'LGA1851'], heightMm: 168, tdpW: 250 };
export const SMALL_COOLER: CoolerData = { type: 'air', sockets: ['AM5'], heightMm: 93, tdpW: 105 };
export const AIO_360: CoolerData = { type: 'liquid', sockets: ['AM5', 'LGA1700', 'LGA1851'], heightMm: 52, tdpW: 300 };

export const WINDOWS_HOME: OsData = { family: 'windows', edition: 'home', minMemoryGB: 4, maxMemoryGB: 128 };
export const WINDOWS_PRO: OsData = { family: 'windows', edition: 'pro', minMemoryGB: 4, maxMemoryGB: 2048 };
