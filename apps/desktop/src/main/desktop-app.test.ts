import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP_INTERNAL_CHANNELS, DESKTOP_MESSAGE_NAMES } from '@ridealong/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeClock,
  fakeFactory,
  fakeIpc,
  fakeLogger,
  flush,
  type FakeWindow,
} from '../../test/fakes.js';
import { desktopConfig } from './config.js';
import { createDesktopApp } from './desktop-app.js';
import type { DesktopPorts } from './ports.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(offline: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'ridealong-app-'));
  dirs.push(dir);
  const factory = fakeFactory();
  factory.failLoads = offline;
  const ipc = fakeIpc();
  const clock = fakeClock();
  const log = fakeLogger();
  const openExternal = vi.fn(async () => undefined);
  const quit = vi.fn();
  const ports: DesktopPorts = {
    windows: factory,
    ipc,
    system: { openExternal, showOpenDialog: async () => [], quit },
    paths: { userData: join(dir, 'user'), temp: join(dir, 'temp') },
    log,
    clock,
    fetch: async () => new Response('{}', { status: 404 }),
  };
  const config = desktopConfig({
    serverUrl: 'http://127.0.0.1:8181',
    version: '2.5.0',
    trackerPort: 0,
  });
  const app = createDesktopApp(ports, config);
  const main = () => factory.made[0] as FakeWindow;
  const sender = () => ({
    webContentsId: main().id,
    frameUrl: 'http://127.0.0.1:8181/featured',
    isMainFrame: true,
  });
  return { app, factory, ipc, clock, log, openExternal, quit, main, sender };
}

describe('createDesktopApp', () => {
  it('boots offline on its own page, then loads the app in desktop mode', async () => {
    const { app, main, clock } = setup(true);
    await app.start();
    expect(main().kind).toBe('main');
    expect(main().html[0]).toContain('RideAlong cannot reach its server');
    expect(main().html[0]).toContain('http://127.0.0.1:8181');
    main().failLoads = false;
    clock.advance(2000);
    await flush();
    expect(main().currentUrl()).toBe('http://127.0.0.1:8181/?electronMode=true&v=2.5.0');
    await app.stop();
    expect(main().isDestroyed()).toBe(true);
  });

  it('routes the shell messages and refuses another origin', async () => {
    const { app, ipc, main, sender, openExternal, quit, log } = setup(false);
    await app.start();
    ipc.emit('open-external', sender(), { url: 'https://www.strava.com/dashboard' });
    ipc.emit('open-external', sender(), { url: 'file:///etc/passwd' });
    ipc.emit('quit-app', { ...sender(), frameUrl: 'https://evil.example/' }, {});
    ipc.emit('clear-browser-cache', sender(), {});
    await flush();
    expect(openExternal.mock.calls).toEqual([['https://www.strava.com/dashboard']]);
    expect(quit).not.toHaveBeenCalled();
    expect(main().cleared).toBe(1);
    ipc.emit('quit-app', sender(), {});
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
    expect(log.lines.some((l) => l.includes('IPC refused on quit-app'))).toBe(true);
    await app.stop();
  });

  it('listens on every message channel and the user-activity channel', () => {
    const { app, ipc } = setup(false);
    expect([...app.router.channels].sort()).toEqual(
      [...DESKTOP_MESSAGE_NAMES, DESKTOP_INTERNAL_CHANNELS.userActivity].sort(),
    );
    expect(ipc.channels()).toEqual(app.router.channels);
  });
});
