import { trackerDataSchema, type TrackerData } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { scaledClock, systemClock } from '../src/clock.js';
import { SIMULATOR_DEVICE_ID, SimulatorSource } from '../src/devices/simulator-source.js';
import { deviceIn, waitFor, waitForPulse } from './support/client.js';
import { useTrackers } from './support/tracker.js';

const trackers = useTrackers();

/** 40 simulated seconds pass per real second, so minutes of riding take seconds. */
const FAST = 40;

async function simulatorTracker() {
  const clock = scaledClock(FAST);
  const server = await trackers.start({
    sources: [new SimulatorSource({ clock })],
    clock,
    autoConnect: [SIMULATOR_DEVICE_ID],
  });
  return { server, client: trackers.client(server) };
}

/** Mean speed over the samples of the simulated seconds (from, to]. */
async function meanSpeed(
  client: ReturnType<typeof trackers.client>,
  from: number,
  to: number,
): Promise<number> {
  const speeds: number[] = [];
  await waitFor(client, 'tracker_data', (d: TrackerData) => {
    if (d.elapsed_time > from) speeds.push(d.speed);
    return d.elapsed_time >= to;
  });
  return speeds.reduce((a, b) => a + b, 0) / speeds.length;
}

describe('tracker with the simulator', () => {
  it('sends pulse and tracker_data that match the contract', async () => {
    const { client } = await simulatorTracker();
    const pulse = await waitForPulse(
      client,
      (p) => deviceIn(p, SIMULATOR_DEVICE_ID)?.state === 'connected',
    );
    expect(pulse).toMatchObject({ alive: true, version: '0.1.0', applied_grade: null });
    expect(pulse.settings).toEqual({ difficulty: 100, downhill: 50 });
    expect(pulse.adapters).toEqual([{ transport: 'simulator', state: 'ready', message: null }]);
    expect(deviceIn(pulse, SIMULATOR_DEVICE_ID)).toEqual({
      id: SIMULATOR_DEVICE_ID,
      name: 'RideAlong Simulator',
      transport: 'simulator',
      kinds: ['trainer', 'heart_rate'],
      state: 'connected',
      remembered: false, // --simulate does not remember it
      controllable: true,
      reconnectAttempts: 0,
    });

    const data = trackerDataSchema.parse(
      await waitFor(client, 'tracker_data', (d) => d.elapsed_time > 5),
    );
    expect(data.device_id).toBe(SIMULATOR_DEVICE_ID);
    expect(data.power).toBeGreaterThan(150);
    expect(data.cadence).toBeGreaterThan(60);
    expect(data.heart_rate).toBeGreaterThan(50);
    expect(data.speed).toBeGreaterThan(0);
    expect(data.distance).toBeGreaterThan(0);
  });

  it('sends tracker_data at most 4 times a second', async () => {
    // On the real clock: a scaled one cannot time 250 ms finer than its factor.
    const server = await trackers.start({
      sources: [new SimulatorSource({ clock: systemClock })],
      autoConnect: [SIMULATOR_DEVICE_ID],
    });
    const client = trackers.client(server);
    const at: number[] = [];
    await waitFor(client, 'tracker_data', () => at.push(Date.now()) === 9);
    for (let i = 4; i < at.length; i++) {
      expect(at[i]! - at[i - 4]!).toBeGreaterThanOrEqual(1000 - 20); // 5 samples span >= 1 s
    }
    expect(at.at(-1)! - at[0]!).toBeLessThan(2500); // and they do keep coming at about 4 Hz
  });

  it('rides slower up a 10 % grade than on the flat at the same power', async () => {
    const { client } = await simulatorTracker();
    client.emit('set_control', { slope: 0, road_feel_type: 'none', road_feel_intensity: 0 });
    const flat = await meanSpeed(client, 50, 60);

    client.emit('set_control', { slope: 10, road_feel_type: 'none', road_feel_intensity: 0 });
    const pulse = await waitForPulse(client, (p) => p.applied_grade === 10);
    expect(pulse.applied_grade).toBe(10);
    const start = (await waitFor(client, 'tracker_data')).elapsed_time;
    const climb = await meanSpeed(client, start + 40, start + 50);

    expect(flat).toBeGreaterThan(7); // about 9 m/s at 200 W
    expect(climb).toBeLessThan(flat / 2); // about 2 m/s
  });
});
