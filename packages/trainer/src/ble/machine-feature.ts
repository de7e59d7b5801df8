import { asDataView, checkLength, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';

// Bit order of the Fitness Machine Features field (FTMS 4.3.1.1); later bits are reserved.
const MACHINE_FEATURES = [
  'averageSpeed',
  'cadence',
  'totalDistance',
  'inclination',
  'elevationGain',
  'pace',
  'stepCount',
  'resistanceLevel',
  'strideCount',
  'expendedEnergy',
  'heartRateMeasurement',
  'metabolicEquivalent',
  'elapsedTime',
  'remainingTime',
  'powerMeasurement',
  'forceOnBeltAndPowerOutput',
  'userDataRetention',
] as const;

// Bit order of the Target Setting Features field (FTMS 4.3.1.2).
const TARGET_SETTING_FEATURES = [
  'speedTarget',
  'inclinationTarget',
  'resistanceTarget',
  'powerTarget',
  'heartRateTarget',
  'targetedExpendedEnergy',
  'targetedStepNumber',
  'targetedStrideNumber',
  'targetedDistance',
  'targetedTrainingTime',
  'targetedTimeInTwoHeartRateZones',
  'targetedTimeInThreeHeartRateZones',
  'targetedTimeInFiveHeartRateZones',
  'indoorBikeSimulationParameters',
  'wheelCircumference',
  'spinDownControl',
  'targetedCadence',
] as const;

export type MachineFeatureName = (typeof MACHINE_FEATURES)[number];
export type TargetSettingFeatureName = (typeof TARGET_SETTING_FEATURES)[number];

/** Fitness Machine Feature (0x2ACC): each flag true when the machine says it is supported. */
export interface FitnessMachineFeature {
  machineFeatureBits: number;
  targetSettingBits: number;
  machine: Record<MachineFeatureName, boolean>;
  targetSetting: Record<TargetSettingFeatureName, boolean>;
}

function namedBits<N extends string>(names: readonly N[], bits: number): Record<N, boolean> {
  const out = {} as Record<N, boolean>;
  names.forEach((name, i) => {
    out[name] = ((bits >>> i) & 1) === 1;
  });
  return out;
}

export function decodeFitnessMachineFeature(input: ByteInput): DecodeResult<FitnessMachineFeature> {
  const view = asDataView(input);
  const short = checkLength(view, 8, 'Fitness Machine Feature');
  if (short) return { ok: false, error: short };
  const machineFeatureBits = view.getUint32(0, true);
  const targetSettingBits = view.getUint32(4, true);
  return ok({
    machineFeatureBits,
    targetSettingBits,
    machine: namedBits(MACHINE_FEATURES, machineFeatureBits),
    targetSetting: namedBits(TARGET_SETTING_FEATURES, targetSettingBits),
  });
}

/** Supported Power Range (0x2AD8). */
export interface SupportedPowerRange {
  minW: number;
  maxW: number;
  incrementW: number;
}

/** Supported Inclination Range (0x2AD5), converted from 0.1 % units to percent. */
export interface SupportedInclinationRange {
  minPercent: number;
  maxPercent: number;
  incrementPercent: number;
}

function decodeRange(
  input: ByteInput,
  what: string,
  divisor: number,
): DecodeResult<{ min: number; max: number; increment: number }> {
  const view = asDataView(input);
  const short = checkLength(view, 6, what);
  if (short) return { ok: false, error: short };
  const min = view.getInt16(0, true);
  const max = view.getInt16(2, true);
  const increment = view.getUint16(4, true);
  // A range upside down is unusable for clamping; better no range than a wrong one.
  if (min > max) return fail('malformed', `${what} has minimum ${min} above maximum ${max}`);
  // Dividing by the integer divisor (not multiplying by 0.1) keeps 37 -> 3.7 exact in print.
  return ok({ min: min / divisor, max: max / divisor, increment: increment / divisor });
}

export function decodeSupportedPowerRange(input: ByteInput): DecodeResult<SupportedPowerRange> {
  const r = decodeRange(input, 'Supported Power Range', 1);
  if (!r.ok) return r;
  return ok({ minW: r.value.min, maxW: r.value.max, incrementW: r.value.increment });
}

export function decodeSupportedInclinationRange(
  input: ByteInput,
): DecodeResult<SupportedInclinationRange> {
  const r = decodeRange(input, 'Supported Inclination Range', 10);
  if (!r.ok) return r;
  return ok({
    minPercent: r.value.min,
    maxPercent: r.value.max,
    incrementPercent: r.value.increment,
  });
}
