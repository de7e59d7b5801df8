import { ByteWriter } from '../codec/bytes.js';
import { toRaw } from '../codec/scale.js';
import { FEC_PAGE } from './fec-pages.js';

// FE-C control pages: reserved bytes are 0xFF, and an optional field left out is sent as its
// "invalid" value so the trainer keeps its own default.

/** Page 48 (0x30) Basic Resistance: 0-100 % of maximum resistance in 0.5 % units. */
export function encodeFecBasicResistance(percent: number): Uint8Array {
  return new ByteWriter()
    .u8(FEC_PAGE.basicResistance)
    .fill(6)
    .u8(toRaw(percent, 0.5, 0, 200))
    .toUint8Array();
}

/** Page 49 (0x31) Target Power: 0-4000 W in 0.25 W units. */
export function encodeFecTargetPower(watts: number): Uint8Array {
  return new ByteWriter()
    .u8(FEC_PAGE.targetPower)
    .fill(5)
    .u16(toRaw(watts, 0.25, 0, 16000))
    .toUint8Array();
}

export interface FecTrackResistance {
  /** -200..+200 %. */
  gradePercent: number;
  /** 0..0.0127 in 5e-5 units; omitted -> 0xFF, the trainer's default (0.004). */
  crr?: number;
}

/** Page 51 (0x33) Track Resistance: grade raw = (grade + 200) * 100 in 0.01 %. */
export function encodeFecTrackResistance(params: FecTrackResistance): Uint8Array {
  const grade = Number.isNaN(params.gradePercent) ? 0 : params.gradePercent;
  return new ByteWriter()
    .u8(FEC_PAGE.trackResistance)
    .fill(4)
    .u16(toRaw(grade + 200, 0.01, 0, 40000))
    .u8(params.crr === undefined ? 0xff : toRaw(params.crr, 0.00005, 0, 254))
    .toUint8Array();
}

export interface FecUserConfiguration {
  /** 0..655.34 kg in 0.01 kg. */
  userWeightKg?: number;
  /** 0..50 kg in 0.05 kg (12 bits). */
  bikeWeightKg?: number;
  /**
   * Wheel diameter, 0..2.549 m. Sent as whole centimetres (byte 6) plus the remaining
   * millimetres as the 0-9 mm "wheel diameter offset" (byte 4, bits 0-3).
   */
  wheelDiameterM?: number;
  /** Front/rear teeth, 0.03..7.65 in 0.03 units. */
  gearRatio?: number;
}

/** Page 55 (0x37) User Configuration. */
export function encodeFecUserConfiguration(config: FecUserConfiguration): Uint8Array {
  const user =
    config.userWeightKg === undefined ? 0xffff : toRaw(config.userWeightKg, 0.01, 0, 65534);
  const bike =
    config.bikeWeightKg === undefined ? 0xfff : toRaw(config.bikeWeightKg, 0.05, 0, 1000);
  let diameterCm = 0xff;
  let offsetMm = 0xf;
  if (config.wheelDiameterM !== undefined) {
    const mm = toRaw(config.wheelDiameterM, 0.001, 0, 2549);
    diameterCm = Math.floor(mm / 10);
    offsetMm = mm % 10;
  }
  const gear = config.gearRatio === undefined ? 0x00 : toRaw(config.gearRatio, 0.03, 1, 255);
  return new ByteWriter()
    .u8(FEC_PAGE.userConfiguration)
    .u16(user)
    .u8(0xff)
    .u8((offsetMm & 0x0f) | ((bike & 0x0f) << 4))
    .u8(bike >> 4)
    .u8(diameterCm)
    .u8(gear)
    .toUint8Array();
}
