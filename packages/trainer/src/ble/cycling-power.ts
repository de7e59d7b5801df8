import { asDataView, ByteReader, checkLength, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';
import type { RevolutionData } from './revolutions.js';

/** Cycling Power Measurement (0x2A63). Optional fields are left out when their flag is clear. */
export interface CyclingPowerMeasurement {
  flags: number;
  instantaneousPowerW: number;
  /** Percent (1/2 % resolution) of the pedal named by `reference`. */
  pedalPowerBalance?: { percent: number; reference: 'left' | 'unknown' };
  accumulatedTorque?: { newtonMetres: number; source: 'wheel' | 'crank' };
  /** Cumulative uint32, event time in 1/2048 s. */
  wheel?: RevolutionData;
  /** Cumulative uint16, event time in 1/1024 s. */
  crank?: RevolutionData;
  extremeForce?: { maxN: number; minN: number };
  extremeTorque?: { maxNm: number; minNm: number };
  extremeAngles?: { maxDeg: number; minDeg: number };
  topDeadSpotAngleDeg?: number;
  bottomDeadSpotAngleDeg?: number;
  accumulatedEnergyKJ?: number;
  offsetCompensation: boolean;
}

const FLAG = {
  balance: 1 << 0,
  balanceLeft: 1 << 1,
  torque: 1 << 2,
  torqueCrank: 1 << 3,
  wheel: 1 << 4,
  crank: 1 << 5,
  force: 1 << 6,
  extremeTorque: 1 << 7,
  angles: 1 << 8,
  topDeadSpot: 1 << 9,
  bottomDeadSpot: 1 << 10,
  energy: 1 << 11,
  offsetCompensation: 1 << 12,
} as const;

// Field sizes in spec order, keyed by their presence flag.
const SIZES: readonly (readonly [number, number])[] = [
  [FLAG.balance, 1],
  [FLAG.torque, 2],
  [FLAG.wheel, 6],
  [FLAG.crank, 4],
  [FLAG.force, 4],
  [FLAG.extremeTorque, 4],
  [FLAG.angles, 3],
  [FLAG.topDeadSpot, 2],
  [FLAG.bottomDeadSpot, 2],
  [FLAG.energy, 2],
];

export function cyclingPowerMeasurementLength(flags: number): number {
  return SIZES.reduce((n, [flag, size]) => ((flags & flag) !== 0 ? n + size : n), 4);
}

/**
 * Decodes Cycling Power Measurement. Reserved flag bits and bytes after the flagged fields are
 * ignored (room the spec keeps for later fields). The spec has force and torque extremes
 * exclusive; if a sensor sets both, both are read in spec order, which is unambiguous.
 */
export function decodeCyclingPowerMeasurement(
  input: ByteInput,
): DecodeResult<CyclingPowerMeasurement> {
  const view = asDataView(input);
  if (view.byteLength < 2) return fail('too_short', 'Cycling Power Measurement needs its flags');
  const flags = view.getUint16(0, true);
  const need = cyclingPowerMeasurementLength(flags);
  const short = checkLength(view, need, 'Cycling Power Measurement for its flags');
  if (short) return { ok: false, error: short };
  const has = (flag: number): boolean => (flags & flag) !== 0;
  const r = new ByteReader(view, 2);
  const out: CyclingPowerMeasurement = {
    flags,
    instantaneousPowerW: r.s16(),
    offsetCompensation: has(FLAG.offsetCompensation),
  };
  if (has(FLAG.balance)) {
    out.pedalPowerBalance = {
      percent: r.u8() / 2,
      reference: has(FLAG.balanceLeft) ? 'left' : 'unknown',
    };
  }
  if (has(FLAG.torque)) {
    out.accumulatedTorque = {
      newtonMetres: r.u16() / 32,
      source: has(FLAG.torqueCrank) ? 'crank' : 'wheel',
    };
  }
  if (has(FLAG.wheel))
    out.wheel = { revolutions: r.u32(), eventTime: r.u16(), ticksPerSecond: 2048 };
  if (has(FLAG.crank))
    out.crank = { revolutions: r.u16(), eventTime: r.u16(), ticksPerSecond: 1024 };
  if (has(FLAG.force)) out.extremeForce = { maxN: r.s16(), minN: r.s16() };
  if (has(FLAG.extremeTorque)) out.extremeTorque = { maxNm: r.s16() / 32, minNm: r.s16() / 32 };
  if (has(FLAG.angles)) {
    // Two uint12 in one uint24: maximum in the low 12 bits (spec example 0xABC/0x123 -> 0x123ABC).
    const packed = r.u24();
    out.extremeAngles = { maxDeg: packed & 0xfff, minDeg: packed >>> 12 };
  }
  if (has(FLAG.topDeadSpot)) out.topDeadSpotAngleDeg = r.u16();
  if (has(FLAG.bottomDeadSpot)) out.bottomDeadSpotAngleDeg = r.u16();
  if (has(FLAG.energy)) out.accumulatedEnergyKJ = r.u16();
  return ok(out);
}
