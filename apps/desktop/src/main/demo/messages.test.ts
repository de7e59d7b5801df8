import { DESKTOP_INTERNAL_CHANNELS, DESKTOP_MESSAGE_NAMES } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { fakeClock, fakeIpc, fakeLogger, fakeWindow, flush } from '../../../test/fakes.js';
import { createIpcRouter } from '../ipc-router.js';
import type { IpcSender, MessageHandlers } from '../ports.js';
import { demoHandlers } from './handlers.js';

/**
 * Abuse of the demo messages through the real router: only the main frame of an app window
 * on the app's origin reaches the idle timer, with payloads the schemas accept.
 */
const origin = 'https://app.ridealong.cc';
const rules = { allowNavigation: () => true, onWindowOpen: () => undefined };

function setup() {
  const ipc = fakeIpc();
  const log = fakeLogger();
  const clock = fakeClock();
  const main = fakeWindow('main', { title: 'm', width: 1, height: 1 }, rules);
  const tracker = fakeWindow('tracker', { title: 't', width: 1, height: 1 }, rules);
  tracker.visible = false;
  const byId = new Map([
    [main.id, main],
    [tracker.id, tracker],
  ]);
  const demo = demoHandlers({
    clock,
    windows: { main: () => main, isToolWindowVisible: () => tracker.isVisible() },
    log,
  });
  const others = Object.fromEntries(DESKTOP_MESSAGE_NAMES.map((c) => [c, () => undefined]));
  createIpcRouter({
    ipc,
    lookup: (id) => byId.get(id),
    origin,
    handlers: { ...others, ...demo } as unknown as MessageHandlers,
    onUserActivity: (w) => demo.onUserActivity(w),
    log,
  });
  const from = (over: Partial<IpcSender> = {}): IpcSender => ({
    webContentsId: main.id,
    frameUrl: `${origin}/featured`,
    isMainFrame: true,
    ...over,
  });
  const send = async (channel: string, payload: unknown, sender = from()) => {
    ipc.emit(channel, sender, payload);
    await flush();
  };
  return { main, tracker, clock, log, send, from };
}

const activity = DESKTOP_INTERNAL_CHANNELS.userActivity;

describe('demo messages through the router', () => {
  it('the main window on the app origin sets the idle time', async () => {
    const t = setup();
    await t.send('demo-idle-settings', { enterDemoModeAt: 10 });
    t.clock.advance(10_000);
    expect(t.main.isFullScreen()).toBe(true);
  });

  it('refuses settings from another origin, an iframe or a window the app did not open', async () => {
    const t = setup();
    await t.send(
      'demo-idle-settings',
      { enterDemoModeAt: 10 },
      t.from({ frameUrl: 'https://evil.example/' }),
    );
    await t.send('demo-idle-settings', { enterDemoModeAt: 10 }, t.from({ isMainFrame: false }));
    await t.send('demo-idle-settings', { enterDemoModeAt: 10 }, t.from({ webContentsId: 999 }));
    t.clock.advance(3_600_000);
    expect(t.main.isFullScreen()).toBe(false);
    expect(t.main.sent).toEqual([]);
    expect(t.log.lines.filter((l) => l.startsWith('warn IPC refused')).length).toBe(3);
  });

  it('refuses absurd idle times', async () => {
    const t = setup();
    for (const enterDemoModeAt of [0, -30, 1.5, 86_401, 1e12, Number.NaN, '30', [30], {}]) {
      await t.send('demo-idle-settings', { enterDemoModeAt });
    }
    await t.send('demo-idle-settings', null);
    await t.send('demo-idle-settings', 'x'.repeat(100_000));
    t.clock.advance(3_600_000 * 24);
    expect(t.main.isFullScreen()).toBe(false);
    expect(t.main.sent).toEqual([]);
  });

  it('a foreign page cannot hold demo mode off with video-playing, nor bad payloads', async () => {
    const t = setup();
    await t.send('demo-idle-settings', { enterDemoModeAt: 10 });
    await t.send('video-playing', { playing: true }, t.from({ frameUrl: 'http://127.0.0.1:9/' }));
    await t.send('video-playing', { playing: 'yes' });
    await t.send('video-playing', {});
    t.clock.advance(10_000);
    expect(t.main.isFullScreen()).toBe(true);
  });

  it('input from another origin or an iframe does not leave demo mode; the app page does', async () => {
    const t = setup();
    await t.send('demo-idle-settings', { enterDemoModeAt: 10 });
    t.clock.advance(10_000);
    await t.send(activity, undefined, t.from({ frameUrl: 'https://evil.example/' }));
    await t.send(activity, undefined, t.from({ isMainFrame: false }));
    expect(t.main.isFullScreen()).toBe(true);
    await t.send(activity, 'x'.repeat(10_000));
    expect(t.main.isFullScreen()).toBe(false);
  });

  it("a tool window's settings change nothing", async () => {
    const t = setup();
    await t.send(
      'demo-idle-settings',
      { enterDemoModeAt: 10 },
      t.from({ webContentsId: t.tracker.id }),
    );
    t.clock.advance(60_000);
    expect(t.main.isFullScreen()).toBe(false);
  });
});
