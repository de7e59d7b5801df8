import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/log.js';
import {
  SIMULATOR_DEVICE_ID,
  startTracker,
  TrackerPortInUseError,
  type RunningTracker,
  type StartTrackerOptions,
} from '../src/index.js';
import {
  connectClient,
  deviceIn,
  request,
  waitForPulse,
  type TrackerClient,
} from './support/client.js';
import { FakeSource, trainer } from './support/fake-source.js';

const ORIGIN = 'http://127.0.0.1:8181';
let dir: string;
const running: RunningTracker[] = [];
const clients: TrackerClient[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tracker-start-'));
});
afterEach(async () => {
  clients.splice(0).forEach((c) => c.disconnect());
  await Promise.all(running.splice(0).map((t) => t.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Partial<StartTrackerOptions> = {}): Promise<RunningTracker> {
  const tracker = await startTracker({
    port: 0,
    allowedOrigins: [ORIGIN],
    dataFile: path.join(dir, 'tracker.json'),
    simulator: 'off',
    log: silentLogger,
    hardware: () => [],
    ...options,
  });
  running.push(tracker);
  return tracker;
}

function client(tracker: RunningTracker, origin: string | null = ORIGIN): TrackerClient {
  const c = connectClient(tracker.url, origin);
  clients.push(c);
  return c;
}

const simulatorState = (c: TrackerClient, state: string | undefined) =>
  waitForPulse(c, (p) => deviceIn(p, SIMULATOR_DEVICE_ID)?.state === state);

describe('startTracker (the library the desktop app starts)', () => {
  it('listens on 127.0.0.1, answers /health, and connects the simulator when asked', async () => {
    const tracker = await start({ simulator: 'connected' });
    expect(tracker.url).toBe(`http://127.0.0.1:${tracker.port}`);
    const health = await fetch(`${tracker.url}/health`, { headers: { Origin: ORIGIN } });
    expect(await health.json()).toMatchObject({ alive: true });
    const pulse = await simulatorState(client(tracker), 'connected');
    expect(pulse.adapters.map((a) => a.transport)).toEqual(['simulator']);
    // Auto-connected, not remembered: turning the setting off later leaves nothing behind.
    expect(deviceIn(pulse, SIMULATOR_DEVICE_ID)?.remembered).toBe(false);
  });

  it('allows only the given origins', async () => {
    const tracker = await start();
    const refused = await fetch(`${tracker.url}/health`, {
      headers: { Origin: 'http://evil.test' },
    });
    expect(refused.status).toBe(403);
  });

  it('turns the simulator on and off in place: the clients and other devices stay', async () => {
    const ble = new FakeSource('ble', [trainer('ble:t1')]);
    const tracker = await start({ hardware: () => [ble] });
    const c = client(tracker);
    let pulse = await waitForPulse(c, (p) => p.adapters.length === 1);
    expect(pulse.adapters.map((a) => a.transport)).toEqual(['ble']);
    expect(await request(c, 'scan', { duration_s: 1 })).toEqual({ ok: true });
    const live = waitForPulse(c, (p) => deviceIn(p, 'ble:t1')?.state === 'connected');
    expect(await request(c, 'connect_device', { id: 'ble:t1' })).toEqual({ ok: true });
    await live;

    const on = simulatorState(c, 'connected');
    await tracker.setSimulator('connected');
    pulse = await on;
    expect(tracker.simulator()).toBe('connected');
    expect(deviceIn(pulse, 'ble:t1')?.state).toBe('connected');

    const off = waitForPulse(c, (p) => !p.adapters.some((a) => a.transport === 'simulator'));
    await tracker.setSimulator('off');
    pulse = await off;
    expect(deviceIn(pulse, SIMULATOR_DEVICE_ID)).toBeUndefined();
    expect(deviceIn(pulse, 'ble:t1')?.state).toBe('connected');
    expect(c.connected).toBe(true);
  });

  it('ends in the last asked mode after quick changes', async () => {
    const tracker = await start();
    const c = client(tracker);
    await waitForPulse(c, () => true);
    await Promise.all([
      tracker.setSimulator('connected'),
      tracker.setSimulator('off'),
      tracker.setSimulator('connected'),
    ]);
    expect(tracker.simulator()).toBe('connected');
    await simulatorState(c, 'connected');
  });

  it('offers the simulator without connecting it (the command without --simulate)', async () => {
    const tracker = await start({ simulator: 'offered' });
    const pulse = await waitForPulse(client(tracker), (p) => p.devices.length > 0);
    expect(deviceIn(pulse, SIMULATOR_DEVICE_ID)?.state).toBe('available');
  });

  it('keeps remembered devices in the given file', async () => {
    const ble = new FakeSource('ble', [trainer('ble:t1')]);
    const tracker = await start({ hardware: () => [ble] });
    const c = client(tracker);
    await request(c, 'scan', { duration_s: 1 });
    expect(await request(c, 'connect_device', { id: 'ble:t1' })).toEqual({ ok: true });
    const file = JSON.parse(await readFile(path.join(dir, 'tracker.json'), 'utf8'));
    expect(file.devices.map((d: { id: string }) => d.id)).toEqual(['ble:t1']);
  });

  it('rejects with TrackerPortInUseError when the port is taken, leaving nothing running', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const error = await start({ port, simulator: 'connected' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TrackerPortInUseError);
      expect(error).toMatchObject({ port, host: '127.0.0.1', code: 'EADDRINUSE' });
      expect(String(error)).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });
});
