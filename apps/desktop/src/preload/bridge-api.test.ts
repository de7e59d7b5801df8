import { DESKTOP_INTERNAL_CHANNELS, DESKTOP_MESSAGE_NAMES } from '@ridealong/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_EVENTS,
  ORIGIN_ARG,
  bridgeAllowed,
  camelCase,
  createBridgeApi,
  forwardUserActivity,
  type RendererIpc,
} from './bridge-api.js';

function fakeRendererIpc() {
  const sent: [string, unknown][] = [];
  const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
  const ipc: RendererIpc & { emit(channel: string, payload: unknown): void } = {
    send: (channel, payload) => {
      sent.push([channel, payload]);
    },
    on: (channel, l) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(l)),
    removeListener: (channel, l) => listeners.get(channel)?.delete(l),
    emit: (channel, payload) => {
      for (const l of listeners.get(channel) ?? []) l({ sender: 'ipc-event' }, payload);
    },
  };
  return { ipc, sent, listeners };
}

describe('createBridgeApi', () => {
  it('has one camelCase function per message, send, on and version, and no ipcRenderer', () => {
    const { ipc } = fakeRendererIpc();
    const api = createBridgeApi(ipc, '2.5.0', () => undefined);
    for (const name of DESKTOP_MESSAGE_NAMES) {
      expect(typeof (api as unknown as Record<string, unknown>)[camelCase(name)], name).toBe(
        'function',
      );
    }
    expect(Object.keys(api).sort()).toEqual(
      [...DESKTOP_MESSAGE_NAMES.map(camelCase), 'send', 'on', 'version'].sort(),
    );
    expect(api.version).toBe('2.5.0');
    expect(Object.values(api)).not.toContain(ipc);
    expect(camelCase('checkout-session-opened')).toBe('checkoutSessionOpened');
  });

  it('sends a valid payload on the fixed channel, through a function or send', () => {
    const { ipc, sent } = fakeRendererIpc();
    const api = createBridgeApi(ipc, '2.5.0', () => undefined);
    api.openTracker({ userId: 7 });
    api.send('open-external', { url: 'https://www.strava.com/' });
    api.quitApp({});
    expect(sent).toEqual([
      ['open-tracker', { userId: 7 }],
      ['open-external', { url: 'https://www.strava.com/' }],
      ['quit-app', {}],
    ]);
  });

  it('drops an invalid payload or an unknown channel with a warning', () => {
    const { ipc, sent } = fakeRendererIpc();
    const warn = vi.fn();
    const api = createBridgeApi(ipc, '2.5.0', warn);
    api.openTracker({ userId: -5 });
    (api.send as (c: string, p: unknown) => void)('open-tracker', { userId: 'x' });
    (api.send as (c: string, p: unknown) => void)('run-shell', {});
    (api.send as (c: string, p: unknown) => void)(DESKTOP_INTERNAL_CHANNELS.userActivity, {});
    (api.send as (c: string, p: unknown) => void)('__proto__', {});
    expect(sent).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('gives a listener the payload only and unsubscribes', () => {
    const { ipc, listeners } = fakeRendererIpc();
    const api = createBridgeApi(ipc, '2.5.0', () => undefined);
    const got: unknown[] = [];
    const off = api.on('upload-error', (p) => got.push(p));
    ipc.emit('upload-error', { message: 'x' });
    expect(got).toEqual([{ message: 'x' }]);
    off();
    ipc.emit('upload-error', { message: 'y' });
    expect(got).toHaveLength(1);
    expect(listeners.get('upload-error')?.size).toBe(0);
  });

  it('does not listen on a channel that is not an event', () => {
    const { ipc, listeners } = fakeRendererIpc();
    const warn = vi.fn();
    const api = createBridgeApi(ipc, '2.5.0', warn);
    const on = api.on as (c: string, l: (p: unknown) => void) => () => void;
    on('open-tracker', () => undefined)();
    on('ELECTRON_BROWSER_REQUIRE', () => undefined);
    expect(listeners.size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('forwardUserActivity', () => {
  it('listens in the capture phase, passively, and sends at most once per 100 ms', () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const sent: string[] = [];
    let now = 0;
    forwardUserActivity(target, { send: (c) => sent.push(c) }, () => now);
    expect(add.mock.calls.map((c) => c[0])).toEqual([...ACTIVITY_EVENTS]);
    expect(
      add.mock.calls.every((c) => JSON.stringify(c[2]) === '{"capture":true,"passive":true}'),
    ).toBe(true);
    target.dispatchEvent(new Event('mousemove'));
    now = 50;
    target.dispatchEvent(new Event('keydown'));
    now = 99;
    target.dispatchEvent(new Event('wheel'));
    now = 100;
    target.dispatchEvent(new Event('pointerdown'));
    now = 150;
    target.dispatchEvent(new Event('touchstart'));
    now = 260;
    target.dispatchEvent(new Event('mousedown'));
    expect(sent).toEqual([
      DESKTOP_INTERNAL_CHANNELS.userActivity,
      DESKTOP_INTERNAL_CHANNELS.userActivity,
      DESKTOP_INTERNAL_CHANNELS.userActivity,
    ]);
  });
});

describe('bridgeAllowed', () => {
  const page = {
    isTop: true,
    protocol: 'https:',
    origin: 'https://app.ridealong.cc',
    argv: undefined,
  };
  it('gives the bridge to the top frame of an http(s) page', () => {
    expect(bridgeAllowed(page)).toBe(true);
    expect(bridgeAllowed({ ...page, isTop: false })).toBe(false);
    expect(bridgeAllowed({ ...page, protocol: 'data:', origin: 'null' })).toBe(false);
    expect(bridgeAllowed({ ...page, protocol: 'file:', origin: 'file://' })).toBe(false);
  });
  it("checks the app's origin when the adapter passes it", () => {
    const argv = ['electron', `${ORIGIN_ARG}https://app.ridealong.cc`];
    expect(bridgeAllowed({ ...page, argv })).toBe(true);
    expect(bridgeAllowed({ ...page, argv, origin: 'https://evil.example' })).toBe(false);
  });
});
