import { TRACKER_CONTROL_MIN_INTERVAL_MS } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { SIMULATOR_DEVICE_ID, SimulatorSource } from '../src/devices/simulator-source.js';
import type { Logger } from '../src/log.js';
import { deviceIn, request, waitForPulse } from './support/client.js';
import { spyOnGrades } from './support/spy-source.js';
import { useTrackers } from './support/tracker.js';

const trackers = useTrackers();

async function spiedTracker() {
  const warnings: string[] = [];
  const log: Logger = { info: () => {}, error: () => {}, warn: (m) => warnings.push(m) };
  const spy = spyOnGrades(new SimulatorSource({ clock: systemClock }));
  const server = await trackers.start({
    sources: [spy.source],
    log,
    autoConnect: [SIMULATOR_DEVICE_ID],
  });
  const client = trackers.client(server);
  await waitForPulse(client, (p) => deviceIn(p, SIMULATOR_DEVICE_ID)?.state === 'connected');
  return { client, grades: spy.grades, warnings };
}

const control = (slope: number) => ({ slope, road_feel_type: 'none', road_feel_intensity: 0 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('set_control', () => {
  it('turns a flood of 100 slopes in one second into at most 2 commands, latest last', async () => {
    const { client, grades } = await spiedTracker();
    const start = Date.now();
    for (let i = 1; i <= 100; i++) {
      client.emit('set_control', control(i / 10)); // 0.1 % … 10 %, all different
      await sleep(10);
    }
    const spanMs = Date.now() - start;
    // Wait until the trainer has the last slope (a pulse reports what it took).
    await waitForPulse(client, (p) => p.applied_grade === 10);

    // The spy reads the time a moment after the throttle did: allow that much skew.
    const SKEW_MS = 2;
    // Any one-second window holds at most 2 commands: every third is >= 1 s after the first.
    for (let i = 2; i < grades.length; i++) {
      expect(grades[i]!.at - grades[i - 2]!.at).toBeGreaterThanOrEqual(1000 - SKEW_MS);
    }
    for (let i = 1; i < grades.length; i++) {
      expect(grades[i]!.at - grades[i - 1]!.at).toBeGreaterThanOrEqual(
        TRACKER_CONTROL_MIN_INTERVAL_MS - SKEW_MS,
      );
    }
    const first = grades[0]!.at;
    expect(grades.filter((g) => g.at - first < 1000 - SKEW_MS)).toHaveLength(2);
    // One at once, then one per interval of the burst, then the last value: nothing else.
    expect(grades.length).toBeLessThanOrEqual(Math.floor(spanMs / 500) + 2);
    expect(grades.at(-1)).toMatchObject({ id: SIMULATOR_DEVICE_ID, grade: 10 });
  });

  it('does not resend a slope the trainer already has', async () => {
    const { client, grades } = await spiedTracker();
    client.emit('set_control', control(3));
    await waitForPulse(client, (p) => p.applied_grade === 3);
    client.emit('set_control', control(3));
    client.emit('set_control', control(3.001)); // the same at the trainer's 0.01 % resolution
    client.emit('set_control', control(4));
    await waitForPulse(client, (p) => p.applied_grade === 4);
    expect(grades.map((g) => g.grade)).toEqual([3, 4]);
  });

  it('ignores invalid payloads with a log line and keeps working', async () => {
    const { client, grades, warnings } = await spiedTracker();
    const raw = client.emit as (event: string, ...args: unknown[]) => void;
    raw.call(client, 'set_control', { slope: 'steep' });
    raw.call(client, 'set_control', null);
    raw.call(client, 'set_control', { slope: 1000 });
    raw.call(client, 'set_control');
    client.emit('set_control', control(2));
    await waitForPulse(client, (p) => p.applied_grade === 2);
    expect(grades.map((g) => g.grade)).toEqual([2]);
    expect(warnings.filter((w) => w.startsWith('Ignored set_control'))).toHaveLength(4);
    expect(client.connected).toBe(true);
  });

  it('shapes the slope with the settings from set_settings', async () => {
    const { client, grades } = await spiedTracker();
    expect(await request(client, 'set_settings', { difficulty: 50, downhill: 50 })).toEqual({
      ok: true,
    });
    client.emit('set_control', control(10));
    const pulse = await waitForPulse(client, (p) => p.applied_grade === 5);
    expect(pulse.settings).toEqual({ difficulty: 50, downhill: 50 });
    client.emit('set_control', control(-8)); // downhill: -8 x 50 % x 50 %
    await waitForPulse(client, (p) => p.applied_grade === -2);
    expect(grades.map((g) => g.grade)).toEqual([5, -2]);

    const bad = await request(client, 'set_settings', { difficulty: 500, downhill: 50 });
    expect(bad.ok).toBe(false);
    expect(bad.ok === false && bad.message).toContain('difficulty');
  });
});
