import { SIMULATOR_POWER, type TrackerData } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { SIMULATOR_DEVICE_ID, SimulatorSource } from '../src/devices/simulator-source.js';
import { FakeSource } from './support/fake-source.js';
import { deviceIn, request, waitFor, waitForPulse } from './support/client.js';
import { useTrackers } from './support/tracker.js';

const trackers = useTrackers();

async function simulatorTracker() {
  const simulator = new SimulatorSource({ clock: systemClock, tickMs: 100 });
  const server = await trackers.start({ sources: [simulator], autoConnect: [SIMULATOR_DEVICE_ID] });
  const client = trackers.client(server);
  await waitForPulse(client, (p) => deviceIn(p, SIMULATOR_DEVICE_ID)?.state === 'connected');
  return { client, simulator };
}

/** Within the simulator's 3 % wobble of `watts`. */
const near = (watts: number) => (d: TrackerData) => Math.abs(d.power - watts) <= watts * 0.03 + 1;

describe('set_simulator_power', () => {
  it('reports the default power and changes the emitted power within a tick or two', async () => {
    const { client } = await simulatorTracker();
    const first = await waitForPulse(client, () => true);
    expect(first.simulator_watts).toBe(SIMULATOR_POWER.defaultWatts);
    await waitFor(client, 'tracker_data', near(200));

    const ack = await request(client, 'set_simulator_power', { watts: 450 });
    expect(ack).toEqual({ ok: true });
    // tracker_data goes out every 250 ms: the next sample or the one after has the new power.
    let samples = 0;
    await waitFor(client, 'tracker_data', (d) => ++samples > 0 && near(450)(d), 1000);
    expect(samples).toBeLessThanOrEqual(2);
    const pulse = await waitForPulse(client, (p) => p.simulator_watts === 450);
    expect(pulse.simulator_watts).toBe(450);

    expect(await request(client, 'set_simulator_power', { watts: 50 })).toEqual({ ok: true });
    await waitFor(client, 'tracker_data', near(50), 1000);
  });

  it('refuses bad values with a message and keeps the power it had', async () => {
    const { client, simulator } = await simulatorTracker();
    const bad: unknown[] = [
      { watts: -100 },
      { watts: Number.NaN },
      { watts: 1e9 },
      { watts: '300' },
      { watts: 'lots' },
      { watts: 40 },
      { watts: 610 },
      { watts: 205 },
      { watts: 200.5 },
      { watts: null },
      {},
      null,
      'watts',
      [300],
    ];
    for (const payload of bad) {
      const ack = await request(client, 'set_simulator_power', payload);
      expect(ack.ok, JSON.stringify(payload)).toBe(false);
      if (!ack.ok) expect(ack.message).toMatch(/^Bad simulator power: /);
    }
    // Sent with no payload at all, only the ack.
    const bare = await request(client, 'set_simulator_power');
    expect(bare.ok).toBe(false);
    expect(simulator.watts).toBe(200);
    // Still answering.
    expect(await request(client, 'set_simulator_power', { watts: 600 })).toEqual({ ok: true });
    expect(simulator.watts).toBe(600);
  });

  it('answers that the simulator is off when the tracker does not offer it', async () => {
    const server = await trackers.start({ sources: [new FakeSource('ble')] });
    const client = trackers.client(server);
    const pulse = await waitForPulse(client, () => true);
    expect(pulse.simulator_watts).toBeUndefined();
    const ack = await request(client, 'set_simulator_power', { watts: 300 });
    expect(ack).toEqual({ ok: false, message: 'The simulator is off in this tracker.' });
  });
});
