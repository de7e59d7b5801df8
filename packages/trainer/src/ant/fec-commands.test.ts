import { describe, expect, it } from 'vitest';
import {
  encodeFecBasicResistance,
  encodeFecTargetPower,
  encodeFecTrackResistance,
  encodeFecUserConfiguration,
} from './fec-commands.js';

const bytes = (u: Uint8Array): number[] => Array.from(u);
const FF = 0xff;

describe('FE-C page 48 Basic Resistance', () => {
  it('sends 0.5 % units in byte 7, rounded and clamped to 0-100 %', () => {
    expect(bytes(encodeFecBasicResistance(50))).toEqual([0x30, FF, FF, FF, FF, FF, FF, 100]);
    expect(bytes(encodeFecBasicResistance(33.3))).toEqual([0x30, FF, FF, FF, FF, FF, FF, 67]);
    expect(encodeFecBasicResistance(150)[7]).toBe(200);
    expect(encodeFecBasicResistance(-5)[7]).toBe(0);
  });
});

describe('FE-C page 49 Target Power', () => {
  it('sends 0.25 W units in bytes 6-7, clamped to 0-4000 W', () => {
    expect(bytes(encodeFecTargetPower(250))).toEqual([0x31, FF, FF, FF, FF, FF, 0xe8, 0x03]);
    expect(bytes(encodeFecTargetPower(100.1)).slice(6)).toEqual([0x90, 0x01]);
    expect(bytes(encodeFecTargetPower(5000)).slice(6)).toEqual([0x80, 0x3e]);
    expect(bytes(encodeFecTargetPower(-10)).slice(6)).toEqual([0, 0]);
  });
});

describe('FE-C page 51 Track Resistance', () => {
  it('sends grade as (grade + 200) * 100 and Crr in 5e-5 units', () => {
    // 0 % -> 20000 = 0x4E20; Crr omitted -> 0xFF (trainer default).
    expect(bytes(encodeFecTrackResistance({ gradePercent: 0 }))).toEqual([
      0x33,
      FF,
      FF,
      FF,
      FF,
      0x20,
      0x4e,
      FF,
    ]);
    // 5.5 % -> 20550 = 0x5046; Crr 0.004 -> 80.
    expect(bytes(encodeFecTrackResistance({ gradePercent: 5.5, crr: 0.004 }))).toEqual([
      0x33,
      FF,
      FF,
      FF,
      FF,
      0x46,
      0x50,
      80,
    ]);
    // -10 % -> 19000 = 0x4A38.
    expect(bytes(encodeFecTrackResistance({ gradePercent: -10 })).slice(5, 7)).toEqual([
      0x38, 0x4a,
    ]);
  });

  it('clamps grade to -200..+200 % and Crr to 0..0.0127', () => {
    expect(bytes(encodeFecTrackResistance({ gradePercent: 250, crr: 0.02 })).slice(5)).toEqual([
      0x40, 0x9c, 254,
    ]);
    expect(bytes(encodeFecTrackResistance({ gradePercent: -250, crr: -1 })).slice(5)).toEqual([
      0, 0, 0,
    ]);
    expect(bytes(encodeFecTrackResistance({ gradePercent: Number.NaN })).slice(5, 7)).toEqual([
      0x20, 0x4e,
    ]);
  });
});

describe('FE-C page 55 User Configuration', () => {
  it('packs weights, wheel diameter with its mm offset, and gear ratio', () => {
    // User 75 kg = 7500 = 0x1D4C; bike 8.5 kg = 170 = 0x0AA (LSN 0xA in byte 4 bits 4-7,
    // 0x0A in byte 5); wheel 0.622 m = 62 cm + 2 mm offset; gear 53/11 -> 161 * 0.03.
    const page = encodeFecUserConfiguration({
      userWeightKg: 75,
      bikeWeightKg: 8.5,
      wheelDiameterM: 0.622,
      gearRatio: 53 / 11,
    });
    expect(bytes(page)).toEqual([0x37, 0x4c, 0x1d, FF, 0xa2, 0x0a, 62, 161]);
  });

  it('sends the invalid values for omitted fields', () => {
    expect(bytes(encodeFecUserConfiguration({}))).toEqual([0x37, FF, FF, FF, FF, FF, FF, 0x00]);
  });

  it('clamps to the field ranges', () => {
    const page = encodeFecUserConfiguration({
      userWeightKg: 1000,
      bikeWeightKg: 80,
      wheelDiameterM: 3,
      gearRatio: 0,
    });
    // 65534 = 0xFFFE; bike 50 kg = 1000 = 0x3E8; 2.549 m = 254 cm + 9 mm; gear min 1.
    expect(bytes(page)).toEqual([0x37, 0xfe, 0xff, FF, 0x89, 0x3e, 254, 1]);
  });
});
