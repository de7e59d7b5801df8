import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startTracker,
  type RunningTracker,
  type SimulatorMode,
  type StartTrackerOptions,
} from '@ridealong/tracker';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeLogger } from '../../../test/fakes.js';
import { createTrackerService, type StartTracker, type TrackerState } from './tracker-service.js';

const ORIGIN = 'http://127.0.0.1:8181';

/** A startTracker that records its calls and never touches the network. */
function fakeStart(fail?: Error) {
  const calls: StartTrackerOptions[] = [];
  const modes: SimulatorMode[] = [];
  let closed = 0;
  let release: () => void = () => undefined;
  const gate = { held: false };
  const start: StartTracker = async (options) => {
    calls.push(options);
    if (gate.held) await new Promise<void>((r) => (release = r));
    if (fail) throw fail;
    let mode = options.simulator;
    const tracker: RunningTracker = {
      port: options.port,
      url: `http://127.0.0.1:${options.port}`,
      simulator: () => mode,
      setSimulator: async (m) => {
        mode = m;
        modes.push(m);
      },
      close: async () => {
        closed += 1;
      },
    };
    return tracker;
  };
  return { start, calls, modes, gate, release: () => release(), closed: () => closed };
}

function service(start: StartTracker, simulator = { on: false }, port = 47123) {
  const log = fakeLogger();
  const states: TrackerState[] = [];
  const s = createTrackerService({
    start,
    port,
    allowedOrigin: ORIGIN,
    dataFile: '/data/tracker.json',
    simulator: () => simulator.on,
    log,
  });
  s.onChange((state) => states.push(state));
  return { s, log, states };
}

describe('the tracker service', () => {
  it('starts once on 127.0.0.1 for the app origin, with the simulator setting', async () => {
    const fake = fakeStart();
    const { s, states } = service(fake.start, { on: true });
    expect(s.state()).toEqual({ status: 'stopped', url: 'http://127.0.0.1:47123', message: null });
    const [a, b] = await Promise.all([s.ensureStarted(), s.ensureStarted()]);
    expect(a).toEqual({ status: 'running', url: 'http://127.0.0.1:47123', message: null });
    expect(b).toEqual(a);
    await s.ensureStarted();
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      port: 47123,
      host: '127.0.0.1',
      allowedOrigins: [ORIGIN],
      dataFile: '/data/tracker.json',
      simulator: 'connected',
    });
    expect(states.map((x) => x.status)).toEqual(['starting', 'running']);
  });

  it('applies the simulator setting to a running tracker, and only then', async () => {
    const fake = fakeStart();
    const setting = { on: false };
    const { s } = service(fake.start, setting);
    await s.setSimulator(true); // not running: the setting is read at start
    expect(fake.calls).toHaveLength(0);
    setting.on = true;
    await s.ensureStarted();
    expect(fake.calls[0]?.simulator).toBe('connected');
    await s.setSimulator(false);
    expect(fake.modes.at(-1)).toBe('off');
  });

  it('reports an unexpected failure and tries again on the next request', async () => {
    const { s, log } = service(fakeStart(new Error('EACCES: permission denied')).start);
    const state = await s.ensureStarted();
    expect(state.status).toBe('failed');
    expect(state.message).toBe('The tracker could not start: EACCES: permission denied');
    expect(log.lines.some((l) => l.startsWith('warn The tracker could not start'))).toBe(true);
  });

  it('stops the tracker, also one that finishes starting after stop()', async () => {
    const fake = fakeStart();
    fake.gate.held = true;
    const { s } = service(fake.start);
    const starting = s.ensureStarted();
    const stopping = s.stop();
    await Promise.resolve();
    fake.release();
    await Promise.all([starting, stopping]);
    expect(fake.closed()).toBe(1);
    expect(s.state().status).toBe('stopped');
    await s.ensureStarted();
    expect(fake.calls).toHaveLength(1);
  });
});

describe('the tracker service with the real tracker', () => {
  let dir: string;
  let blocker: Server | null = null;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'desktop-tracker-'));
  });
  afterEach(async () => {
    blocker?.close();
    blocker = null;
    await rm(dir, { recursive: true, force: true });
  });

  // No ANT+ or Bluetooth in unit tests: this machine's radios are not the test's business.
  const real: StartTracker = (o) => startTracker({ ...o, hardware: () => [] });

  it('says the port is taken (a tracker started in a terminal), then starts once it is free', async () => {
    blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker?.once('listening', r));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const log = fakeLogger();
    const s = createTrackerService({
      start: real,
      port,
      allowedOrigin: ORIGIN,
      dataFile: path.join(dir, 'tracker.json'),
      simulator: () => true,
      log,
    });
    const taken = await s.ensureStarted();
    expect(taken.status).toBe('port-in-use');
    expect(taken.url).toBe(`http://127.0.0.1:${port}`);
    expect(taken.message).toContain(`Another program on this computer uses port ${port}`);

    await new Promise((r) => blocker?.close(r));
    blocker = null;
    const running = await s.ensureStarted();
    expect(running.status).toBe('running');
    const health = await fetch(`${running.url}/health`, { headers: { Origin: ORIGIN } });
    expect(health.status).toBe(200);
    const other = await fetch(`${running.url}/health`, {
      headers: { Origin: 'https://evil.test' },
    });
    expect(other.status).toBe(403);
    await s.stop();
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
  });
});
