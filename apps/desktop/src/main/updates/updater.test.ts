import { describe, expect, it } from 'vitest';
import { fakeClock, fakeLogger } from '../../../test/fakes.js';
import { CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, type AnnouncedUpdate } from './update-rules.js';
import { startUpdates, type UpdaterPort } from './updater.js';

/** An updater whose feed and downloads the test decides. */
function fakeUpdater(announce: () => AnnouncedUpdate | null | Error) {
  const calls: string[] = [];
  let failDownload = false;
  const port: UpdaterPort = {
    setFeedUrl: (url) => void calls.push(`feed ${url}`),
    check: async () => {
      calls.push('check');
      const next = announce();
      if (next instanceof Error) throw next;
      return next;
    },
    download: async () => {
      calls.push('download');
      if (failDownload) throw new Error('sha512 checksum mismatch');
    },
  };
  return { port, calls, failDownloads: () => (failDownload = true) };
}

const base = {
  serverUrl: 'https://app.ridealong.cc',
  version: '2.5.0',
  packaged: true,
  platform: 'win32',
  env: {},
};
const update = { version: '2.6.0', files: [{ url: 'RideAlong-Setup-2.6.0.exe' }] };

describe('updates', () => {
  it('checks after start and every few hours, downloading a newer release once', async () => {
    const clock = fakeClock();
    const log = fakeLogger();
    const updater = fakeUpdater(() => update);
    startUpdates({ ...base, updater: updater.port, clock, log });
    expect(updater.calls).toEqual(['feed https://app.ridealong.cc/desktop/releases']);
    expect(clock.pending().sort((a, b) => a - b)).toEqual([
      FIRST_CHECK_DELAY_MS,
      CHECK_INTERVAL_MS,
    ]);

    clock.advance(FIRST_CHECK_DELAY_MS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updater.calls.slice(1)).toEqual(['check', 'download']);
    expect(log.lines.at(-1)).toContain('installs when the app quits');

    clock.advance(CHECK_INTERVAL_MS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The same release is not downloaded again.
    expect(updater.calls.slice(3)).toEqual(['check']);
  });

  it('logs a failed check or download and carries on with the running app', async () => {
    const clock = fakeClock();
    const log = fakeLogger();
    const offline = fakeUpdater(() => new Error('net::ERR_INTERNET_DISCONNECTED'));
    const updates = startUpdates({ ...base, updater: offline.port, clock, log });
    expect(await updates.checkNow()).toBe('failed');
    expect(log.lines.at(-1)).toBe(
      'warn Update check failed, carrying on with 2.5.0: net::ERR_INTERNET_DISCONNECTED',
    );

    const broken = fakeUpdater(() => update);
    broken.failDownloads();
    const again = startUpdates({ ...base, updater: broken.port, clock, log });
    expect(await again.checkNow()).toBe('failed');
    expect(log.lines.at(-1)).toContain('sha512 checksum mismatch');
    // A later check tries again.
    expect(await again.checkNow()).toBe('failed');
    expect(broken.calls.filter((c) => c === 'download')).toHaveLength(2);
  });

  it('refuses an update that is not newer or names files elsewhere', async () => {
    const log = fakeLogger();
    let next: AnnouncedUpdate = { version: '2.5.0', files: update.files };
    const updater = fakeUpdater(() => next);
    const updates = startUpdates({ ...base, updater: updater.port, clock: fakeClock(), log });
    expect(await updates.checkNow()).toBe('refused');
    next = { version: '2.6.0', files: [{ url: 'https://evil.test/RideAlong-Setup-2.6.0.exe' }] };
    expect(await updates.checkNow()).toBe('refused');
    expect(updater.calls).not.toContain('download');
    expect(log.lines.at(-1)).toContain('is not a file of the feed');
  });

  it('is off for a development run and for a feed that is not HTTPS', async () => {
    for (const off of [
      { packaged: false },
      { serverUrl: 'http://app.ridealong.cc' },
      { platform: 'linux' },
    ]) {
      const clock = fakeClock();
      const log = fakeLogger();
      const updater = fakeUpdater(() => update);
      const updates = startUpdates({ ...base, ...off, updater: updater.port, clock, log });
      expect(await updates.checkNow()).toBe('disabled');
      expect(updater.calls).toEqual([]);
      expect(clock.pending()).toEqual([]);
      expect(log.lines[0]).toMatch(/^info Updates off: /);
    }
  });

  it('stops its schedule and never checks twice at once', async () => {
    const clock = fakeClock();
    let release: (u: AnnouncedUpdate | null) => void = () => undefined;
    const calls: string[] = [];
    const updates = startUpdates({
      ...base,
      clock,
      log: fakeLogger(),
      updater: {
        setFeedUrl: () => undefined,
        check: () => {
          calls.push('check');
          return new Promise((resolve) => (release = resolve));
        },
        download: async () => undefined,
      },
    });
    const first = updates.checkNow();
    expect(await updates.checkNow()).toBe('busy');
    release(null);
    expect(await first).toBe('up-to-date');
    updates.stop();
    expect(clock.pending()).toEqual([]);
    expect(calls).toEqual(['check']);
  });
});
