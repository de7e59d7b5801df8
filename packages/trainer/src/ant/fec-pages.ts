import { hex, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';
import { decodeFeStatus, type FeStatus } from './fe-state.js';
import { pageOf, pageView, u8OrNull } from './page.js';

export const FEC_PAGE = {
  generalFeData: 0x10,
  generalSettings: 0x11,
  trainerData: 0x19,
  basicResistance: 0x30,
  targetPower: 0x31,
  trackResistance: 0x33,
  userConfiguration: 0x37,
} as const;

export type FecEquipmentType =
  | 'general'
  | 'treadmill'
  | 'elliptical'
  | 'rower'
  | 'climber'
  | 'nordic_skier'
  | 'trainer'
  | 'reserved';

// Equipment type codes (bits 0-4 of page 16 byte 1); 25 is "Trainer/Stationary Bike".
const EQUIPMENT: Readonly<Record<number, FecEquipmentType>> = {
  16: 'general',
  19: 'treadmill',
  20: 'elliptical',
  22: 'rower',
  23: 'climber',
  24: 'nordic_skier',
  25: 'trainer',
};

export type FecHeartRateSource = 'none' | 'ant_plus' | 'em_5khz' | 'hand_contact';
const HR_SOURCES: readonly FecHeartRateSource[] = ['none', 'ant_plus', 'em_5khz', 'hand_contact'];

/** Page 16 (0x10) General FE Data. */
export interface FecGeneralData extends FeStatus {
  page: 0x10;
  equipmentType: FecEquipmentType;
  equipmentTypeCode: number;
  /** 0.25 s resolution, wraps at 64 s: feed a RolloverAccumulator(256) with `elapsedTimeRaw`. */
  elapsedTimeS: number;
  elapsedTimeRaw: number;
  /** Wraps at 256 m; only meaningful when `distanceEnabled`. */
  distanceM: number;
  /** Null when the equipment sends 0xFFFF (invalid). */
  speedMps: number | null;
  heartRateBpm: number | null;
  heartRateSource: FecHeartRateSource;
  distanceEnabled: boolean;
  /** True when speed is computed (virtual) rather than measured. */
  virtualSpeed: boolean;
}

/** Page 17 (0x11) General Settings. */
export interface FecGeneralSettings extends FeStatus {
  page: 0x11;
  cycleLengthM: number | null;
  /** -100..100 %, null when invalid (0x7FFF) or out of range. */
  inclinePercent: number | null;
  /** 0..100 % of the maximum resistance, null when invalid. */
  resistancePercent: number | null;
}

export type FecTargetPowerLimit =
  'at_target' | 'speed_too_low' | 'speed_too_high' | 'limit_reached';
const TARGET_LIMITS: readonly FecTargetPowerLimit[] = [
  'at_target',
  'speed_too_low',
  'speed_too_high',
  'limit_reached',
];

/** Page 25 (0x19) Specific Trainer/Stationary Bike Data. */
export interface FecTrainerData extends FeStatus {
  page: 0x19;
  /** Wraps at 256. */
  updateEventCount: number;
  cadenceRpm: number | null;
  /** Wraps at 65536 W; see averagePowerBetweenEvents. */
  accumulatedPowerW: number;
  /** 12 bits, null when invalid (0xFFF). */
  instantaneousPowerW: number | null;
  trainerStatus: {
    bicyclePowerCalibrationRequired: boolean;
    resistanceCalibrationRequired: boolean;
    userConfigurationRequired: boolean;
  };
  targetPowerLimit: FecTargetPowerLimit;
}

export type FecDataPage = FecGeneralData | FecGeneralSettings | FecTrainerData;

function generalData(view: DataView): FecGeneralData {
  const typeCode = view.getUint8(1) & 0x1f;
  const elapsedTimeRaw = view.getUint8(2);
  const speed = view.getUint16(4, true);
  const caps = view.getUint8(7);
  return {
    page: 0x10,
    equipmentType: EQUIPMENT[typeCode] ?? 'reserved',
    equipmentTypeCode: typeCode,
    elapsedTimeS: elapsedTimeRaw / 4,
    elapsedTimeRaw,
    distanceM: view.getUint8(3),
    speedMps: speed === 0xffff ? null : speed / 1000,
    heartRateBpm: u8OrNull(view, 6),
    heartRateSource: HR_SOURCES[caps & 0x03] ?? 'none',
    distanceEnabled: (caps & 0x04) !== 0,
    virtualSpeed: (caps & 0x08) !== 0,
    ...decodeFeStatus(caps),
  };
}

function generalSettings(view: DataView): FecGeneralSettings {
  const cycle = u8OrNull(view, 3);
  const incline = view.getInt16(4, true);
  const resistance = view.getUint8(6);
  return {
    page: 0x11,
    cycleLengthM: cycle === null ? null : cycle / 100,
    inclinePercent: incline >= -10000 && incline <= 10000 ? incline / 100 : null,
    resistancePercent: resistance <= 200 ? resistance / 2 : null,
    ...decodeFeStatus(view.getUint8(7)),
  };
}

function trainerData(view: DataView): FecTrainerData {
  const powerLsb = view.getUint8(5);
  const powerMsnAndStatus = view.getUint8(6);
  const power = powerLsb | ((powerMsnAndStatus & 0x0f) << 8);
  const flags = view.getUint8(7);
  return {
    page: 0x19,
    updateEventCount: view.getUint8(1),
    cadenceRpm: u8OrNull(view, 2),
    accumulatedPowerW: view.getUint16(3, true),
    instantaneousPowerW: power === 0xfff ? null : power,
    trainerStatus: {
      bicyclePowerCalibrationRequired: (powerMsnAndStatus & 0x10) !== 0,
      resistanceCalibrationRequired: (powerMsnAndStatus & 0x20) !== 0,
      userConfigurationRequired: (powerMsnAndStatus & 0x40) !== 0,
    },
    targetPowerLimit: TARGET_LIMITS[flags & 0x03] ?? 'at_target',
    ...decodeFeStatus(flags),
  };
}

export function decodeFecGeneralData(input: ByteInput): DecodeResult<FecGeneralData> {
  const v = pageOf(input, FEC_PAGE.generalFeData, 'FE-C General FE Data');
  return v.ok ? ok(generalData(v.value)) : v;
}

export function decodeFecGeneralSettings(input: ByteInput): DecodeResult<FecGeneralSettings> {
  const v = pageOf(input, FEC_PAGE.generalSettings, 'FE-C General Settings');
  return v.ok ? ok(generalSettings(v.value)) : v;
}

export function decodeFecTrainerData(input: ByteInput): DecodeResult<FecTrainerData> {
  const v = pageOf(input, FEC_PAGE.trainerData, 'FE-C Trainer Data');
  return v.ok ? ok(trainerData(v.value)) : v;
}

/** Decodes whichever of pages 16, 17 and 25 the bytes hold; other pages are unsupported. */
export function decodeFecPage(input: ByteInput): DecodeResult<FecDataPage> {
  const v = pageView(input, 'FE-C data page');
  if (!v.ok) return v;
  const page = v.value.getUint8(0);
  switch (page) {
    case FEC_PAGE.generalFeData:
      return ok(generalData(v.value));
    case FEC_PAGE.generalSettings:
      return ok(generalSettings(v.value));
    case FEC_PAGE.trainerData:
      return ok(trainerData(v.value));
    default:
      return fail('unsupported', `FE-C page ${hex(page)} is not decoded`);
  }
}
