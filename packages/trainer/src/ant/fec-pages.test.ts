import { describe, expect, it } from 'vitest';
import { RolloverAccumulator } from '../codec/rollover.js';
import { averagePowerBetweenEvents } from './accumulated-power.js';
import {
  decodeFecGeneralData,
  decodeFecGeneralSettings,
  decodeFecPage,
  decodeFecTrainerData,
} from './fec-pages.js';

const errorCode = (r: { ok: boolean; error?: { code: string } }): string | null =>
  r.ok ? null : (r.error?.code ?? null);

describe('FE-C page 16 General FE Data', () => {
  // Trainer (25), 32 s, 200 m, 10 m/s, 140 bpm; caps 0xB5 = ANT+ HR source (1), distance
  // enabled (bit 2), real speed (bit 3 clear), state in use (3 << 4), lap toggle (bit 7).
  const page = Uint8Array.of(0x10, 25, 128, 200, 0x10, 0x27, 140, 0xb5);

  it('decodes every field', () => {
    expect(decodeFecGeneralData(page)).toEqual({
      ok: true,
      value: {
        page: 0x10,
        equipmentType: 'trainer',
        equipmentTypeCode: 25,
        elapsedTimeS: 32,
        elapsedTimeRaw: 128,
        distanceM: 200,
        speedMps: 10,
        heartRateBpm: 140,
        heartRateSource: 'ant_plus',
        distanceEnabled: true,
        virtualSpeed: false,
        feState: 'in_use',
        lapToggle: true,
      },
    });
  });

  it('reports invalid speed and heart rate as null and reads virtual speed', () => {
    const r = decodeFecGeneralData(Uint8Array.of(0x10, 25, 0, 0, 0xff, 0xff, 0xff, 0x28));
    expect(r.ok && r.value).toMatchObject({
      speedMps: null,
      heartRateBpm: null,
      heartRateSource: 'none',
      virtualSpeed: true,
      feState: 'ready',
      lapToggle: false,
    });
  });

  it('unwraps elapsed time (64 s) and distance (256 m) rollover', () => {
    const time = new RolloverAccumulator(256);
    const distance = new RolloverAccumulator(256);
    const raws: [number, number][] = [
      [250, 240],
      [6, 5],
      [40, 30],
    ];
    const totals = raws.map(([t, d]) => {
      const r = decodeFecGeneralData(Uint8Array.of(0x10, 25, t, d, 0, 0, 0xff, 0x34));
      if (!r.ok) throw new Error(r.error.message);
      return [time.add(r.value.elapsedTimeRaw) / 4, distance.add(r.value.distanceM)];
    });
    expect(totals).toEqual([
      [0, 0],
      [3, 21],
      [11.5, 46],
    ]);
  });
});

describe('FE-C page 17 General Settings', () => {
  it('decodes cycle length, incline and resistance', () => {
    // Incline -2.50 % = -250 = 0xFF06; resistance 80 * 0.5 % = 40 %; state ready.
    const r = decodeFecGeneralSettings(Uint8Array.of(0x11, 0xff, 0xff, 210, 0x06, 0xff, 80, 0x20));
    expect(r).toEqual({
      ok: true,
      value: {
        page: 0x11,
        cycleLengthM: 2.1,
        inclinePercent: -2.5,
        resistancePercent: 40,
        feState: 'ready',
        lapToggle: false,
      },
    });
  });

  it('reports invalid values as null', () => {
    const r = decodeFecGeneralSettings(
      Uint8Array.of(0x11, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0x10),
    );
    expect(r.ok && r.value).toMatchObject({
      cycleLengthM: null,
      inclinePercent: null,
      resistancePercent: null,
      feState: 'asleep',
    });
  });
});

describe('FE-C page 25 Trainer Data', () => {
  it('decodes the 12-bit power, status and flags', () => {
    // Power 0x123 = 291 W split over byte 5 and the low nibble of byte 6; status bits 4 and 6;
    // flags: speed too low (1), state in use.
    const r = decodeFecTrainerData(Uint8Array.of(0x19, 0xfe, 90, 0xf0, 0xff, 0x23, 0x51, 0x31));
    expect(r).toEqual({
      ok: true,
      value: {
        page: 0x19,
        updateEventCount: 0xfe,
        cadenceRpm: 90,
        accumulatedPowerW: 0xfff0,
        instantaneousPowerW: 291,
        trainerStatus: {
          bicyclePowerCalibrationRequired: true,
          resistanceCalibrationRequired: false,
          userConfigurationRequired: true,
        },
        targetPowerLimit: 'speed_too_low',
        feState: 'in_use',
        lapToggle: false,
      },
    });
  });

  it('reports invalid power and cadence as null', () => {
    const r = decodeFecTrainerData(Uint8Array.of(0x19, 0, 0xff, 0, 0, 0xff, 0x0f, 0x33));
    expect(r.ok && r.value).toMatchObject({
      cadenceRpm: null,
      instantaneousPowerW: null,
      targetPowerLimit: 'limit_reached',
    });
  });

  it('averages power across event count and accumulated power rollover', () => {
    const a = decodeFecTrainerData(Uint8Array.of(0x19, 0xfe, 90, 0xf0, 0xff, 0, 0, 0x30));
    // 4 events later (0xFE -> 0x02), accumulated power 0xFFF0 -> 0x03B0: +960 W.
    const b = decodeFecTrainerData(Uint8Array.of(0x19, 0x02, 90, 0xb0, 0x03, 0, 0, 0x30));
    if (!a.ok || !b.ok) throw new Error('decode failed');
    expect(averagePowerBetweenEvents(a.value, b.value)).toBe(240);
    expect(averagePowerBetweenEvents(b.value, b.value)).toBeNull();
  });
});

describe('FE-C page dispatch and errors', () => {
  it('dispatches on the page number', () => {
    const r = decodeFecPage(Uint8Array.of(0x19, 1, 80, 0, 0, 100, 0, 0x30));
    expect(r.ok && r.value.page).toBe(0x19);
    const s = decodeFecPage(Uint8Array.of(0x11, 0xff, 0xff, 0xff, 0, 0, 0, 0x30));
    expect(s.ok && s.value.page).toBe(0x11);
  });

  it('rejects short, long, unexpected and unknown pages with typed errors', () => {
    expect(errorCode(decodeFecPage(Uint8Array.of(0x10, 25, 0, 0, 0, 0, 0)))).toBe('too_short');
    expect(errorCode(decodeFecPage(new Uint8Array(0)))).toBe('too_short');
    expect(errorCode(decodeFecPage(new Uint8Array(9).fill(0x10)))).toBe('malformed');
    expect(errorCode(decodeFecPage(Uint8Array.of(0x50, 0, 0, 0, 0, 0, 0, 0)))).toBe('unsupported');
    const trainerPage = Uint8Array.of(0x19, 0, 0, 0, 0, 0, 0, 0);
    expect(errorCode(decodeFecGeneralData(trainerPage))).toBe('unexpected_page');
    expect(errorCode(decodeFecGeneralSettings(trainerPage))).toBe('unexpected_page');
    expect(errorCode(decodeFecTrainerData(trainerPage.subarray(0, 4)))).toBe('too_short');
  });
});
