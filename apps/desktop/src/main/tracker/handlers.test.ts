import { describe, expect, it } from 'vitest';
import { fakeFactory, fakeIpc, fakeLogger, flush } from '../../../test/fakes.js';
import { createIpcRouter } from '../ipc-router.js';
import type { MessageHandlers } from '../ports.js';
import type { DesktopSettings } from '../settings.js';
import { createWindowRegistry } from '../window-registry.js';
import { trackerHandlers } from './handlers.js';
import type { TrackerService, TrackerState } from './tracker-service.js';

const SERVER = 'https://app.ridealong.cc';
const rules = { allowNavigation: () => true, onWindowOpen: () => undefined };

function fakeTracker(result: Omit<TrackerState, 'url'>) {
  const url = 'http://127.0.0.1:47100';
  let state: TrackerState = { status: 'stopped', url, message: null };
  const listeners = new Set<(s: TrackerState) => void>();
  const calls = { starts: 0, simulator: [] as boolean[] };
  const tracker: TrackerService = {
    async ensureStarted() {
      calls.starts += 1;
      state = { ...result, url };
      listeners.forEach((l) => l(state));
      return state;
    },
    async setSimulator(on) {
      calls.simulator.push(on);
    },
    state: () => state,
    onChange(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    stop: async () => undefined,
  };
  return { tracker, calls };
}

function setup(result: Omit<TrackerState, 'url'> = { status: 'running', message: null }) {
  const factory = fakeFactory();
  const windows = createWindowRegistry(factory, rules);
  windows.open('main');
  const main = factory.made[0]!;
  const stored: DesktopSettings = { serverUrl: null, simulator: false, externalHosts: [] };
  const writes: Partial<DesktopSettings>[] = [];
  const settings = {
    get: () => ({ ...stored }),
    update(patch: Partial<DesktopSettings>) {
      writes.push(patch);
      Object.assign(stored, patch);
      return { ...stored };
    },
  };
  const { tracker, calls } = fakeTracker(result);
  const log = fakeLogger();
  const handlers = trackerHandlers({
    tracker,
    windows,
    settings,
    config: { serverUrl: SERVER, version: '2.5.0', platform: 'darwin' },
    log,
  });
  const ctx = {
    window: main,
    sender: { webContentsId: main.id, frameUrl: SERVER, isMainFrame: true },
  };
  return { factory, windows, main, handlers, ctx, calls, writes, log };
}

const infoOf = (w: { sent: { channel: string; payload: unknown }[] }) =>
  w.sent.filter((m) => m.channel === 'desktop-info').map((m) => m.payload);

describe('open-tracker', () => {
  it('starts the tracker and opens its window on the Connect Device page, once', async () => {
    const { factory, handlers, ctx, calls } = setup();
    await handlers['open-tracker']({ userId: 7 }, ctx);
    const trackerWindow = factory.made.find((w) => w.kind === 'tracker');
    expect(trackerWindow?.loads).toEqual([`${SERVER}/connect-device`]);
    expect(trackerWindow?.options.parent).toBe(ctx.window);
    expect(calls.starts).toBe(1);

    // Again (or from a guest's page): the same window comes forward, nothing reloads.
    trackerWindow!.visible = false;
    await handlers['open-tracker']({ userId: null }, ctx);
    expect(factory.made.filter((w) => w.kind === 'tracker')).toHaveLength(1);
    expect(trackerWindow?.loads).toHaveLength(1);
    expect(trackerWindow?.visible).toBe(true);
  });

  it('tells every window the tracker runs, so the ride page connects too', async () => {
    const { factory, main, handlers, ctx } = setup();
    await handlers['open-tracker']({ userId: 7 }, ctx);
    const trackerWindow = factory.made.find((w) => w.kind === 'tracker')!;
    const expected = {
      version: '2.5.0',
      platform: 'darwin',
      simulator: false,
      trackerUrl: 'http://127.0.0.1:47100',
      trackerRunning: true,
      trackerError: null,
    };
    expect(infoOf(main).at(-1)).toEqual(expected);
    expect(infoOf(trackerWindow).at(-1)).toEqual(expected);
  });

  it('tells the rider when the port is taken instead of failing', async () => {
    const message = 'Another program on this computer uses port 47100…';
    const { main, handlers, ctx } = setup({ status: 'port-in-use', message });
    await handlers['open-tracker']({ userId: 7 }, ctx);
    expect(infoOf(main).at(-1)).toMatchObject({ trackerRunning: false, trackerError: message });
  });

  it("shows the app's own page when Connect Device cannot load", async () => {
    const { factory, handlers, ctx, log } = setup();
    factory.failLoads = true;
    await handlers['open-tracker']({ userId: 7 }, ctx);
    const trackerWindow = factory.made.find((w) => w.kind === 'tracker')!;
    expect(trackerWindow.html[0]).toContain('Connect Device could not open');
    expect(trackerWindow.html[0]).toContain("default-src 'none'");
    expect(log.lines.some((l) => l.includes('tracker window could not load'))).toBe(true);
  });
});

describe('set-simulator and get-desktop-info', () => {
  it('keeps the setting, applies it and tells every window', async () => {
    const { main, handlers, ctx, calls, writes } = setup();
    await handlers['set-simulator']({ enabled: true }, ctx);
    expect(writes).toEqual([{ simulator: true }]);
    expect(calls.simulator).toEqual([true]);
    expect(infoOf(main).at(-1)).toMatchObject({ simulator: true });
    // The same value again writes nothing.
    await handlers['set-simulator']({ enabled: true }, ctx);
    expect(writes).toHaveLength(1);
  });

  it('answers get-desktop-info to the asking window only', async () => {
    const { factory, windows, main, handlers, ctx } = setup();
    windows.open('uploader');
    const other = factory.made[1]!;
    await handlers['get-desktop-info']({}, ctx);
    expect(infoOf(main)).toEqual([
      {
        version: '2.5.0',
        platform: 'darwin',
        simulator: false,
        trackerUrl: 'http://127.0.0.1:47100',
        trackerRunning: false,
        trackerError: null,
      },
    ]);
    expect(infoOf(other)).toEqual([]);
    expect(factory.made).toHaveLength(2);
  });
});

describe('abuse: the messages through the router', () => {
  it('refuses other origins, iframes, foreign windows and bad payloads', async () => {
    const { windows, main, handlers, calls, writes } = setup();
    const ipc = fakeIpc();
    const log = fakeLogger();
    const all = { ...handlers } as unknown as MessageHandlers;
    createIpcRouter({
      ipc,
      lookup: (id) => windows.byWebContentsId(id),
      origin: SERVER,
      handlers: all,
      onUserActivity: () => undefined,
      log,
    });
    const good = { webContentsId: main.id, frameUrl: `${SERVER}/featured`, isMainFrame: true };
    ipc.emit('open-tracker', { ...good, frameUrl: 'https://evil.example/' }, { userId: 1 });
    ipc.emit('open-tracker', { ...good, isMainFrame: false }, { userId: 1 });
    ipc.emit('open-tracker', { ...good, webContentsId: 9999 }, { userId: 1 });
    ipc.emit('open-tracker', good, { userId: 'me' });
    ipc.emit('open-tracker', good, { userId: 2 ** 40 });
    ipc.emit('set-simulator', good, { enabled: 'yes' });
    ipc.emit('set-simulator', good, {});
    ipc.emit('set-simulator', { ...good, frameUrl: 'file:///etc/passwd' }, { enabled: true });
    ipc.emit('get-desktop-info', { ...good, frameUrl: 'http://app.ridealong.cc/' }, {});
    await flush();
    expect(calls.starts).toBe(0);
    expect(writes).toEqual([]);
    expect(main.sent).toEqual([]);
    expect(log.lines.filter((l) => l.startsWith('warn IPC refused'))).toHaveLength(9);

    ipc.emit('set-simulator', good, { enabled: true });
    await flush();
    expect(writes).toEqual([{ simulator: true }]);
  });
});
