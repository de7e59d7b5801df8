import { FEC_GRADE_LIMITS } from '@ridealong/trainer';
import { describe, expect, it } from 'vitest';
import {
  antDevice,
  antDeviceId,
  isAntStale,
  parseAntDeviceId,
  readingFromAntState,
} from './ant-mapping.js';

describe('ANT+ ids', () => {
  it('round-trips profile and device number', () => {
    expect(antDeviceId('FE', 12345)).toBe('ant:FE:12345');
    expect(parseAntDeviceId('ant:FE:12345')).toEqual({ profile: 'FE', deviceNumber: 12345 });
    expect(parseAntDeviceId('ant:HR:7')).toEqual({ profile: 'HR', deviceNumber: 7 });
  });

  it('rejects other transports, profiles and out-of-range numbers', () => {
    for (const id of ['ble:abc', 'ant:CAD:1', 'ant:FE:', 'ant:FE:99999', 'ant:FE:1x']) {
      expect(parseAntDeviceId(id)).toBeNull();
    }
  });
});

describe('antDevice', () => {
  it('describes an FE-C trainer as controllable with FE-C limits', () => {
    expect(antDevice('FE', 42)).toEqual({
      id: 'ant:FE:42',
      name: 'ANT+ Trainer 42',
      transport: 'ant',
      kinds: ['trainer'],
      controllable: true,
      gradeLimits: FEC_GRADE_LIMITS,
    });
  });

  it('describes straps and power meters as not controllable', () => {
    expect(antDevice('HR', 1)).toMatchObject({ kinds: ['heart_rate'], controllable: false });
    expect(antDevice('PWR', 2)).toMatchObject({ name: 'ANT+ Power meter 2', kinds: ['power'] });
  });
});

describe('readingFromAntState', () => {
  it('maps an FE-C trainer state', () => {
    const state = { InstantaneousPower: 215, Cadence: 87, RealSpeed: 8.5, HeartRate: 140 };
    expect(readingFromAntState('FE', 'ant:FE:1', state, 500)).toEqual({
      deviceId: 'ant:FE:1',
      at: 500,
      power: 215,
      cadence: 87,
      speedMps: 8.5,
      heartRate: 140,
    });
  });

  it('uses virtual speed when the trainer sends no real speed', () => {
    const r = readingFromAntState('FE', 'ant:FE:1', { VirtualSpeed: 7.25 }, 0);
    expect(r).toEqual({ deviceId: 'ant:FE:1', at: 0, speedMps: 7.25 });
  });

  it('maps a power meter, falling back to calculated values', () => {
    expect(readingFromAntState('PWR', 'p', { Power: 250, Cadence: 92 }, 0)).toMatchObject({
      power: 250,
      cadence: 92,
    });
    expect(
      readingFromAntState('PWR', 'p', { CalculatedPower: 180, CalculatedCadence: 75 }, 0),
    ).toMatchObject({ power: 180, cadence: 75 });
  });

  it('maps a heart rate strap and treats 0 bpm as no reading', () => {
    expect(readingFromAntState('HR', 'h', { ComputedHeartRate: 151, BeatCount: 3 }, 9)).toEqual({
      deviceId: 'h',
      at: 9,
      heartRate: 151,
    });
    expect(readingFromAntState('HR', 'h', { ComputedHeartRate: 0 }, 9)).toBeNull();
  });

  it('drops values that are not finite numbers', () => {
    const state = { InstantaneousPower: Number.NaN, Cadence: '90', RealSpeed: undefined };
    expect(readingFromAntState('FE', 'f', state, 0)).toBeNull();
  });
});

describe('isAntStale', () => {
  it('is stale after 5 s without data', () => {
    expect(isAntStale(1000, 5999)).toBe(false);
    expect(isAntStale(1000, 6000)).toBe(true);
  });
});
