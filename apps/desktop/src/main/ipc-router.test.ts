import { DESKTOP_INTERNAL_CHANNELS, DESKTOP_MESSAGE_NAMES } from '@ridealong/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fakeIpc, fakeLogger, fakeWindow, flush } from '../../test/fakes.js';
import { checkSender, createIpcRouter } from './ipc-router.js';
import type { AppWindow, MessageHandlers } from './ports.js';

const origin = 'https://app.ridealong.cc';
const rules = { allowNavigation: () => true, onWindowOpen: () => undefined };

/** Every message answered by a spy (the router's own test; production assembles real ones). */
function spyHandlers(overrides: Record<string, () => unknown>) {
  const calls: { channel: string; payload: unknown; window: AppWindow }[] = [];
  const handlers = Object.fromEntries(
    DESKTOP_MESSAGE_NAMES.map((channel) => [
      channel,
      overrides[channel] ??
        ((payload: unknown, ctx: { window: AppWindow }) => {
          calls.push({ channel, payload, window: ctx.window });
        }),
    ]),
  ) as unknown as MessageHandlers;
  return { handlers, calls };
}

function setup(overrides: Record<string, () => unknown> = {}) {
  const ipc = fakeIpc();
  const log = fakeLogger();
  const main = fakeWindow('main', { title: 'm', width: 1, height: 1 }, rules);
  const windows = new Map([[main.id, main]]);
  const { handlers, calls } = spyHandlers(overrides);
  const onUserActivity = vi.fn();
  const router = createIpcRouter({
    ipc,
    lookup: (id) => windows.get(id),
    origin,
    handlers,
    onUserActivity,
    log,
  });
  const sender = { webContentsId: main.id, frameUrl: `${origin}/featured`, isMainFrame: true };
  return { ipc, log, main, calls, onUserActivity, router, sender };
}

describe('checkSender', () => {
  const w = fakeWindow('main', { title: 'm', width: 1, height: 1 }, rules);
  const lookup = (id: number) => (id === w.id ? w : undefined);
  it('accepts the main frame of an app window on the app origin', () => {
    expect(
      checkSender(
        { webContentsId: w.id, frameUrl: `${origin}/x`, isMainFrame: true },
        lookup,
        origin,
      ),
    ).toEqual({
      ok: true,
      window: w,
    });
  });
  it('refuses an unknown window, an iframe and another origin', () => {
    const ok = { webContentsId: w.id, frameUrl: `${origin}/x`, isMainFrame: true };
    expect(checkSender({ ...ok, webContentsId: 9999 }, lookup, origin).ok).toBe(false);
    expect(checkSender({ ...ok, isMainFrame: false }, lookup, origin).ok).toBe(false);
    for (const frameUrl of [
      'https://evil.example/',
      'http://app.ridealong.cc/',
      'data:text/html,x',
      'file:///x',
      '',
    ]) {
      expect(checkSender({ ...ok, frameUrl }, lookup, origin).ok, frameUrl).toBe(false);
    }
  });
});

describe('createIpcRouter', () => {
  it('listens on every message channel and the user-activity channel', () => {
    const { ipc } = setup();
    expect(ipc.channels().sort()).toEqual(
      [...DESKTOP_MESSAGE_NAMES, DESKTOP_INTERNAL_CHANNELS.userActivity].sort(),
    );
  });

  it('routes a valid message to its handler with the sending window', async () => {
    const { ipc, calls, sender, main } = setup();
    ipc.emit('open-external', sender, { url: 'https://www.strava.com/' });
    ipc.emit('open-tracker', sender, { userId: 7 });
    await flush();
    expect(calls).toEqual([
      { channel: 'open-external', payload: { url: 'https://www.strava.com/' }, window: main },
      { channel: 'open-tracker', payload: { userId: 7 }, window: main },
    ]);
  });

  it('refuses a message from another origin, an iframe or an unknown window', async () => {
    const { ipc, calls, sender, log, onUserActivity } = setup();
    ipc.emit('quit-app', { ...sender, frameUrl: 'https://evil.example/' }, {});
    ipc.emit('quit-app', { ...sender, isMainFrame: false }, {});
    ipc.emit('quit-app', { ...sender, webContentsId: 424242 }, {});
    ipc.emit(
      DESKTOP_INTERNAL_CHANNELS.userActivity,
      { ...sender, frameUrl: 'https://evil.example/' },
      undefined,
    );
    await flush();
    expect(calls).toEqual([]);
    expect(onUserActivity).not.toHaveBeenCalled();
    expect(log.lines.filter((l) => l.startsWith('warn IPC refused'))).toHaveLength(4);
  });

  it('refuses bad payloads', async () => {
    const { ipc, calls, sender, log } = setup();
    const bad: [string, unknown][] = [
      ['open-tracker', { userId: -1 }],
      ['open-tracker', { userId: '7' }],
      ['open-tracker', undefined],
      ['open-external', { url: 'x'.repeat(5000) }],
      ['open-external', null],
      ['quit-app', { extra: true }],
      ['checkout-session-opened', { sessionId: '' }],
      ['upload-gpx', { path: '/etc/passwd', video_url: 'v', offset: Number.NaN }],
      [
        'process-and-upload-audio',
        { video_url: 'v', layers: Array.from({ length: 501 }, (_, i) => i + 1) },
      ],
      ['uploader-start', { files: [] }],
    ];
    for (const [channel, payload] of bad) ipc.emit(channel, sender, payload);
    await flush();
    expect(calls).toEqual([]);
    expect(log.lines.filter((l) => l.includes('invalid payload'))).toHaveLength(bad.length);
  });

  it('refuses an unknown channel', async () => {
    const { router, calls, sender, log } = setup();
    await router.dispatch('run-shell', sender, { cmd: 'rm -rf /' });
    await router.dispatch('__proto__', sender, {});
    await router.dispatch('constructor', sender, {});
    expect(calls).toEqual([]);
    expect(log.lines.filter((l) => l.includes('unknown channel'))).toHaveLength(3);
  });

  it('routes user activity from an app window to the callback', async () => {
    const { ipc, sender, onUserActivity, main } = setup();
    ipc.emit(DESKTOP_INTERNAL_CHANNELS.userActivity, sender, undefined);
    await flush();
    expect(onUserActivity).toHaveBeenCalledWith(main);
  });

  it('logs a throwing or rejecting handler and keeps routing', async () => {
    const { ipc, sender, log, calls } = setup({
      'quit-app': () => {
        throw new Error('boom');
      },
      'purge-temp': async () => {
        throw new Error('async boom');
      },
    });
    ipc.emit('quit-app', sender, {});
    ipc.emit('purge-temp', sender, {});
    ipc.emit('open-tracker', sender, { userId: null });
    await flush();
    expect(log.lines.filter((l) => l.startsWith('error IPC handler'))).toEqual([
      'error IPC handler for "quit-app" failed: boom',
      'error IPC handler for "purge-temp" failed: async boom',
    ]);
    expect(calls.map((c) => c.channel)).toEqual(['open-tracker']);
  });
});
