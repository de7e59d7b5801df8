import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeviceState } from '@ridealong/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scaledClock, systemClock } from '../src/clock.js';
import { SIMULATOR_DEVICE_ID, SimulatorSource } from '../src/devices/simulator-source.js';
import { silentLogger } from '../src/log.js';
import { openRememberedDevices } from '../src/store/remembered-devices.js';
import { deviceIn, request, waitFor, waitForPulse } from './support/client.js';
import { FakeSource, strap, trainer } from './support/fake-source.js';
import { useTrackers } from './support/tracker.js';

const trackers = useTrackers();
const TRAINER = 'ble:trainer-1';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tracker-devices-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('devices over the socket', () => {
  it('scans, connects, disconnects and answers every request with an ack', async () => {
    const ble = new FakeSource('ble', [trainer(TRAINER), strap()]);
    const server = await trackers.start({ sources: [ble] });
    const client = trackers.client(server);

    expect(await request(client, 'connect_device', { id: TRAINER })).toEqual({
      ok: false,
      message: `Device ${TRAINER} is not known. Press Scan first.`,
    });
    expect(await request(client, 'scan', { transports: ['ble'], duration_s: 5 })).toEqual({
      ok: true,
    });
    expect(ble.scans).toEqual([5000]);
    expect((await request(client, 'scan', { transports: ['ant'] })).ok).toBe(false);
    expect((await request(client, 'scan', { duration_s: 'long' })).ok).toBe(false);
    expect(await request(client, 'stop_scan')).toEqual({ ok: true });

    // Listen first: the pulse for the new state may arrive before the ack.
    const connected = waitForPulse(client, (p) => deviceIn(p, TRAINER)?.state === 'connected');
    expect(await request(client, 'connect_device', { id: TRAINER })).toEqual({ ok: true });
    let pulse = await connected;
    expect(deviceIn(pulse, TRAINER)).toMatchObject({ remembered: true, controllable: true });
    expect(deviceIn(pulse, 'ble:hr-1')?.state).toBe('available');

    const available = waitForPulse(client, (p) => deviceIn(p, TRAINER)?.state === 'available');
    expect(await request(client, 'disconnect_device', { id: TRAINER })).toEqual({ ok: true });
    pulse = await available;
    expect(deviceIn(pulse, TRAINER)?.remembered).toBe(true);
    expect(ble.disconnects).toEqual([TRAINER]);

    expect((await request(client, 'connect_device', { id: '' })).ok).toBe(false);
    expect((await request(client, 'forget_device', {})).ok).toBe(false);
  });

  it('merges the heart rate strap into tracker_data', async () => {
    const ble = new FakeSource('ble', [trainer(TRAINER), strap()]);
    const server = await trackers.start({ sources: [ble] });
    const client = trackers.client(server);
    await request(client, 'scan', {});
    await request(client, 'connect_device', { id: TRAINER });
    await request(client, 'connect_device', { id: 'ble:hr-1' });
    const feed = setInterval(() => {
      ble.send({ deviceId: TRAINER, at: Date.now(), power: 180, cadence: 85, speedMps: 8 });
      ble.send({ deviceId: 'ble:hr-1', at: Date.now(), heartRate: 133 });
    }, 100);
    try {
      const data = await waitFor(client, 'tracker_data');
      expect(data).toMatchObject({ device_id: TRAINER, power: 180, heart_rate: 133, speed: 8 });
    } finally {
      clearInterval(feed);
    }
  });

  it('reconnects a dropped device by itself and says so in pulse', async () => {
    const clock = scaledClock(10); // backoff of 1 s, 2 s … passes in 100 ms, 200 ms …
    const ble = new FakeSource('ble', [trainer(TRAINER)], { showOnStart: true });
    const server = await trackers.start({ sources: [ble], clock });
    const client = trackers.client(server);
    await request(client, 'connect_device', { id: TRAINER });

    const seen: { state: DeviceState; attempts: number }[] = [];
    client.on('pulse', (p) => {
      const d = deviceIn(p, TRAINER);
      if (d) seen.push({ state: d.state, attempts: d.reconnectAttempts });
    });
    ble.drop(TRAINER, 2); // the first two reconnection attempts fail
    await waitForPulse(client, (p) => deviceIn(p, TRAINER)?.state === 'reconnecting');
    await waitForPulse(client, (p) => deviceIn(p, TRAINER)?.state === 'connected');

    const states = seen.map((s) => s.state);
    expect(states.indexOf('reconnecting')).toBeLessThan(states.lastIndexOf('connected'));
    expect(Math.max(...seen.filter((s) => s.state === 'reconnecting').map((s) => s.attempts))).toBe(
      3,
    );
    expect(seen.at(-1)).toEqual({ state: 'connected', attempts: 0 });
    expect(ble.connects).toHaveLength(4); // the first connection and three attempts
  });

  it('remembers connected devices across a restart and connects them when seen', async () => {
    const file = path.join(dir, 'tracker.json');
    const first = await trackers.start({
      sources: [
        new SimulatorSource({ clock: systemClock }),
        new FakeSource('ble', [trainer(TRAINER)]),
      ],
      store: await openRememberedDevices(file, silentLogger),
    });
    const client = trackers.client(first);
    await request(client, 'scan', {});
    expect(await request(client, 'connect_device', { id: TRAINER })).toEqual({ ok: true });
    expect(await request(client, 'connect_device', { id: SIMULATOR_DEVICE_ID })).toEqual({
      ok: true,
    });
    await first.close();

    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.devices.map((d: { id: string }) => d.id).sort()).toEqual(
      [SIMULATOR_DEVICE_ID, TRAINER].sort(),
    );

    // The restarted tracker looks for the remembered trainer by itself, and starts the simulator.
    const ble = new FakeSource('ble', [trainer(TRAINER)]);
    const second = await trackers.start({
      sources: [new SimulatorSource({ clock: systemClock }), ble],
      store: await openRememberedDevices(file, silentLogger),
    });
    const again = trackers.client(second);
    const pulse = await waitForPulse(
      again,
      (p) => p.devices.filter((d) => d.state === 'connected').length === 2,
    );
    expect(deviceIn(pulse, TRAINER)).toMatchObject({ remembered: true, state: 'connected' });
    expect(deviceIn(pulse, SIMULATOR_DEVICE_ID)).toMatchObject({ remembered: true });
    expect(ble.scans).toHaveLength(1);

    expect(await request(again, 'forget_device', { id: TRAINER })).toEqual({ ok: true });
    const after = JSON.parse(await readFile(file, 'utf8'));
    expect(after.devices.map((d: { id: string }) => d.id)).toEqual([SIMULATOR_DEVICE_ID]);
  });
});
