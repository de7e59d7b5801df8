import { describe, expect, it } from 'vitest';
import {
  BrowserDataMerger,
  readingFromCyclingPower,
  readingFromHeartRate,
  readingFromIndoorBikeData,
} from './liveData';

const u16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];

/** Indoor Bike Data with speed (36 km/h), cadence (90 rpm) and power (250 W). */
const BIKE_FRAME = Uint8Array.from([...u16(0x0044), ...u16(3600), ...u16(180), ...u16(250)]);
/** A "more data" frame: speed absent, heart rate only. */
const HR_ONLY_FRAME = Uint8Array.from([...u16(0x0201), 120]);

describe('frame readings', () => {
  it('maps Indoor Bike Data to power, cadence and speed in m/s', () => {
    expect(readingFromIndoorBikeData(BIKE_FRAME, 1000)).toEqual({
      origin: 'ftms',
      at: 1000,
      power: 250,
      cadence: 90,
      heartRate: undefined,
      speedMps: 10,
    });
  });

  it('leaves out what a split frame does not carry', () => {
    const r = readingFromIndoorBikeData(HR_ONLY_FRAME, 0);
    expect(r).toMatchObject({ heartRate: 120, speedMps: undefined, power: undefined });
  });

  it('maps heart rate and cycling power', () => {
    expect(readingFromHeartRate(Uint8Array.of(0x00, 142), 5)).toEqual({
      origin: 'heart_rate',
      at: 5,
      heartRate: 142,
    });
    expect(readingFromCyclingPower(Uint8Array.from([...u16(0), ...u16(300)]), 5)).toMatchObject({
      power: 300,
    });
  });

  it('is null for short frames', () => {
    expect(readingFromIndoorBikeData(Uint8Array.of(0x44), 0)).toBeNull();
    expect(readingFromHeartRate(new Uint8Array(0), 0)).toBeNull();
  });
});

describe('BrowserDataMerger', () => {
  it('builds nothing before any reading', () => {
    expect(new BrowserDataMerger('ble:x').build(0)).toBeNull();
  });

  it('merges split frames and prefers the strap for heart rate', () => {
    const m = new BrowserDataMerger('ble:trainer');
    m.add(readingFromIndoorBikeData(BIKE_FRAME, 0)!);
    m.add(readingFromIndoorBikeData(HR_ONLY_FRAME, 0)!);
    expect(m.build(0)).toMatchObject({ power: 250, cadence: 90, speed: 10, heart_rate: 120 });
    m.add({ origin: 'heart_rate', at: 100, heartRate: 150 });
    expect(m.build(100)?.heart_rate).toBe(150);
    m.remove('heart_rate');
    expect(m.build(200)?.heart_rate).toBe(120);
  });

  it('uses Cycling Power only when FTMS has no power', () => {
    const m = new BrowserDataMerger('ble:trainer');
    m.add({ origin: 'cycling_power', at: 0, power: 180 });
    expect(m.build(0)?.power).toBe(180);
    m.add({ origin: 'ftms', at: 0, power: 200 });
    expect(m.build(0)?.power).toBe(200);
  });

  it('integrates distance and elapsed time while values are fresh', () => {
    const m = new BrowserDataMerger('ble:trainer');
    m.add({ origin: 'ftms', at: 0, speedMps: 10, power: 200 });
    m.build(0);
    m.add({ origin: 'ftms', at: 1000, speedMps: 10, power: 200 });
    expect(m.build(1000)).toMatchObject({
      distance: 10,
      elapsed_time: 1,
      device_id: 'ble:trainer',
    });
  });

  it('drops values after 3 s without news', () => {
    const m = new BrowserDataMerger('ble:trainer');
    m.add({ origin: 'ftms', at: 0, power: 200 });
    expect(m.build(3000)?.power).toBe(200);
    expect(m.build(3001)).toBeNull();
  });
});
