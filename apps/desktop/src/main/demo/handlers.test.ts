import { describe, expect, it } from 'vitest';
import type { DesktopEvents } from '@ridealong/contracts';
import type { AppWindow, Clock, IpcSender, MessageContext, WindowKind } from '../ports.js';
import { demoHandlers } from './handlers.js';

/** A clock whose time moves only when the test says so; timers fire in time order. */
function manualClock() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++seq;
      timers.set(id, { at: now + ms, fn });
      return () => void timers.delete(id);
    },
    setInterval() {
      throw new Error('not used');
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > end) break;
      timers.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = end;
  };
  return { clock, advance, pending: () => timers.size };
}

type Sent = { channel: keyof DesktopEvents; payload: unknown };

function fakeWindow(kind: WindowKind, id: number) {
  const sent: Sent[] = [];
  let fullScreen = false;
  let visible = true;
  const window: AppWindow = {
    kind,
    id,
    load: async () => undefined,
    loadHtml: async () => undefined,
    currentUrl: () => 'http://127.0.0.1:8181/featured',
    send: (channel, payload) => void sent.push({ channel, payload }),
    show: () => void (visible = true),
    focus: () => undefined,
    isVisible: () => visible,
    isDestroyed: () => false,
    setFullScreen: (on) => void (fullScreen = on),
    isFullScreen: () => fullScreen,
    clearBrowserData: async () => undefined,
    close: () => undefined,
    onClosed: () => undefined,
  };
  return {
    window,
    sent,
    hide: () => void (visible = false),
    demoEvents: () => sent.filter((s) => s.channel === 'demo-mode-changed').map((s) => s.payload),
  };
}

function setup() {
  const { clock, advance, pending } = manualClock();
  const main = fakeWindow('main', 1);
  const tracker = fakeWindow('tracker', 2);
  let trackerOpen = false;
  const logs: string[] = [];
  const demo = demoHandlers({
    clock,
    windows: {
      main: () => main.window,
      isToolWindowVisible: () => trackerOpen && tracker.window.isVisible(),
    },
    log: { info: (m) => logs.push(m), warn: (m) => logs.push(m), error: (m) => logs.push(m) },
  });
  const sender: IpcSender = {
    webContentsId: 1,
    frameUrl: 'http://127.0.0.1:8181/',
    isMainFrame: true,
  };
  const ctx = (w: AppWindow = main.window): MessageContext => ({ window: w, sender });
  const setIdle = (seconds: number | null, w?: AppWindow) =>
    demo['demo-idle-settings']({ enterDemoModeAt: seconds }, ctx(w));
  return {
    demo,
    main,
    tracker,
    advance,
    pending,
    setIdle,
    ctx,
    openTracker: (open: boolean) => void (trackerOpen = open),
  };
}

describe('demoHandlers', () => {
  it('answers the settings with the current mode (a reloaded page learns it is off)', () => {
    const t = setup();
    void t.setIdle(30);
    expect(t.main.demoEvents()).toEqual([{ on: false }]);
  });

  it('idleness enters demo mode: full screen and {on: true}; input leaves it', () => {
    const t = setup();
    void t.setIdle(30);
    t.advance(29_999);
    expect(t.main.window.isFullScreen()).toBe(false);
    t.advance(1);
    expect(t.main.window.isFullScreen()).toBe(true);
    expect(t.main.demoEvents()).toEqual([{ on: false }, { on: true }]);

    t.advance(60_000);
    t.demo.onUserActivity(t.main.window);
    expect(t.main.window.isFullScreen()).toBe(false);
    expect(t.main.demoEvents()).toEqual([{ on: false }, { on: true }, { on: false }]);
    // The timer runs again from that input.
    t.advance(30_000);
    expect(t.main.demoEvents().at(-1)).toEqual({ on: true });
  });

  it('input keeps pushing the timeout back (one timer, not one per input)', () => {
    const t = setup();
    void t.setIdle(10);
    for (let i = 0; i < 50; i++) {
      t.advance(500);
      t.demo.onUserActivity(t.main.window);
    }
    expect(t.pending()).toBe(1);
    expect(t.main.window.isFullScreen()).toBe(false);
    t.advance(9_999);
    expect(t.main.window.isFullScreen()).toBe(false);
    t.advance(1);
    expect(t.main.window.isFullScreen()).toBe(true);
  });

  it('input in a tool window counts too', () => {
    const t = setup();
    void t.setIdle(10);
    t.advance(9_000);
    t.demo.onUserActivity(t.tracker.window);
    t.advance(9_000);
    expect(t.main.window.isFullScreen()).toBe(false);
  });

  it('a visible tracker window resets the timer; once hidden, idleness enters', () => {
    const t = setup();
    t.openTracker(true);
    void t.setIdle(10);
    t.advance(35_000);
    expect(t.main.window.isFullScreen()).toBe(false);
    t.tracker.hide();
    t.advance(4_999);
    expect(t.main.window.isFullScreen()).toBe(false);
    t.advance(10_001);
    expect(t.main.window.isFullScreen()).toBe(true);
  });

  it('a playing video holds it off; it counts from the pause', () => {
    const t = setup();
    void t.setIdle(10);
    void t.demo['video-playing']({ playing: true }, t.ctx());
    t.advance(600_000);
    expect(t.main.window.isFullScreen()).toBe(false);
    expect(t.pending()).toBe(0);
    void t.demo['video-playing']({ playing: false }, t.ctx());
    t.advance(10_000);
    expect(t.main.window.isFullScreen()).toBe(true);
  });

  it('leaving restores a window that was full screen before', () => {
    const t = setup();
    t.main.window.setFullScreen(true);
    void t.setIdle(10);
    t.advance(10_000);
    t.demo.onUserActivity(t.main.window);
    expect(t.main.window.isFullScreen()).toBe(true);
    expect(t.main.demoEvents().at(-1)).toEqual({ on: false });
  });

  it('turning it off stops the timer and leaves demo mode', () => {
    const t = setup();
    void t.setIdle(10);
    t.advance(10_000);
    expect(t.main.window.isFullScreen()).toBe(true);
    void t.setIdle(null);
    expect(t.main.window.isFullScreen()).toBe(false);
    expect(t.main.demoEvents().at(-1)).toEqual({ on: false });
    expect(t.pending()).toBe(0);
    t.advance(1_000_000);
    expect(t.main.window.isFullScreen()).toBe(false);
  });

  it('a shorter setting takes effect at once', () => {
    const t = setup();
    void t.setIdle(3600);
    t.advance(5_000);
    void t.setIdle(10);
    t.advance(10_000);
    expect(t.main.window.isFullScreen()).toBe(true);
  });

  it("ignores a tool window's settings (the main window's member decides)", () => {
    const t = setup();
    void t.setIdle(10, t.tracker.window);
    t.advance(60_000);
    expect(t.main.window.isFullScreen()).toBe(false);
    expect(t.tracker.sent).toEqual([]);
  });

  it('does nothing after dispose', () => {
    const t = setup();
    void t.setIdle(10);
    t.demo.dispose();
    expect(t.pending()).toBe(0);
    t.advance(60_000);
    t.demo.onUserActivity(t.main.window);
    expect(t.main.window.isFullScreen()).toBe(false);
  });
});
