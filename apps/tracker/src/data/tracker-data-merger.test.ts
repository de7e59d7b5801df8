import { describe, expect, it } from 'vitest';
import { READING_STALE_MS, TrackerDataMerger } from './tracker-data-merger.js';

describe('TrackerDataMerger', () => {
  it('sends nothing before any device has data', () => {
    expect(new TrackerDataMerger().build(0)).toBeNull();
  });

  it('prefers a power meter over the trainer for power, the trainer for speed', () => {
    const m = new TrackerDataMerger();
    m.add({ deviceId: 'trainer', at: 0, power: 190, cadence: 80, speedMps: 8 }, ['trainer']);
    m.add({ deviceId: 'pm', at: 0, power: 205, cadence: 88 }, ['power']);
    m.add({ deviceId: 'csc', at: 0, cadence: 91, speedMps: 7 }, ['speed_cadence']);
    m.add({ deviceId: 'hr', at: 0, heartRate: 140 }, ['heart_rate']);
    expect(m.build(0)).toMatchObject({
      device_id: 'pm',
      power: 205,
      cadence: 91,
      speed: 8,
      heart_rate: 140,
    });
  });

  it('drops a value older than 3 s and falls back to the next device', () => {
    const m = new TrackerDataMerger();
    m.add({ deviceId: 'pm', at: 0, power: 250 }, ['power']);
    m.add({ deviceId: 'trainer', at: 2000, power: 240, speedMps: 9 }, ['trainer']);
    expect(m.build(2000)?.power).toBe(250);
    expect(m.build(READING_STALE_MS + 1)).toMatchObject({ power: 240, device_id: 'trainer' });
    expect(m.build(2000 + READING_STALE_MS + 1)).toBeNull();
  });

  it('forgets a removed device at once', () => {
    const m = new TrackerDataMerger();
    m.add({ deviceId: 'hr', at: 0, heartRate: 120 }, ['heart_rate']);
    m.add({ deviceId: 'trainer', at: 0, power: 100 }, ['trainer']);
    m.remove('hr');
    expect(m.build(0)?.heart_rate).toBe(0);
  });

  it('counts time and distance only while data is live', () => {
    const m = new TrackerDataMerger();
    for (let t = 0; t <= 4000; t += 250) {
      m.add({ deviceId: 'trainer', at: t, power: 200, speedMps: 10 }, ['trainer']);
      m.build(t);
    }
    const after4s = m.build(4000)!;
    expect(after4s.elapsed_time).toBe(4);
    expect(after4s.distance).toBe(40);
    // Silence for 10 s: no data, no time.
    expect(m.build(14_000)).toBeNull();
    m.add({ deviceId: 'trainer', at: 20_000, power: 200, speedMps: 10 }, ['trainer']);
    expect(m.build(20_000)?.elapsed_time).toBe(4);
    m.add({ deviceId: 'trainer', at: 20_500, power: 200, speedMps: 10 }, ['trainer']);
    expect(m.build(20_500)).toMatchObject({ elapsed_time: 4.5, distance: 45 });
  });

  it('ignores values that are not finite numbers and never reports negatives', () => {
    const m = new TrackerDataMerger();
    m.add({ deviceId: 'trainer', at: 0, power: Number.NaN, speedMps: -1, cadence: 85 }, [
      'trainer',
    ]);
    expect(m.build(0)).toMatchObject({ power: 0, speed: 0, cadence: 85 });
  });
});
