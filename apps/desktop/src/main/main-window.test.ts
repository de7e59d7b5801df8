import { describe, expect, it } from 'vitest';
import { fakeClock, fakeFactory, fakeLogger, flush, type FakeWindow } from '../../test/fakes.js';
import { desktopConfig } from './config.js';
import { createMainWindowLoader, mainWindowUrl, retryDelayMs } from './main-window.js';
import { createWindowRegistry } from './window-registry.js';

const config = desktopConfig({ serverUrl: 'http://localhost:8181/', version: '2.5.0' });
const rules = { allowNavigation: () => true, onWindowOpen: () => undefined };

function setup(offline: boolean) {
  const factory = fakeFactory();
  factory.failLoads = offline;
  const clock = fakeClock();
  const log = fakeLogger();
  const windows = createWindowRegistry(factory, rules);
  const loader = createMainWindowLoader({ windows, config, clock, log });
  const main = () => factory.made[0] as FakeWindow;
  /** Runs the next retry and lets its load settle. */
  const retry = async () => {
    const [next] = clock.pending();
    clock.advance(next ?? 0);
    await flush();
  };
  return { factory, clock, log, windows, loader, main, retry };
}

describe('retryDelayMs', () => {
  it('starts at 2 s and doubles to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(retryDelayMs)).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });
});

describe('mainWindowUrl', () => {
  it('loads the web app in desktop mode with the version', () => {
    expect(mainWindowUrl(config)).toBe('http://localhost:8181/?electronMode=true&v=2.5.0');
  });
});

describe('createMainWindowLoader', () => {
  it('loads the app when the server answers', async () => {
    const { loader, main, clock } = setup(false);
    await loader.start();
    expect(main().loads).toEqual(['http://localhost:8181/?electronMode=true&v=2.5.0']);
    expect(main().html).toEqual([]);
    expect(clock.pending()).toEqual([]);
  });

  it('shows its own page offline and retries with backoff until the server answers', async () => {
    const { loader, main, clock, retry } = setup(true);
    await loader.start();
    expect(main().html).toHaveLength(1);
    expect(main().html[0]).toContain('Trying again in 2 seconds.');
    expect(clock.pending()).toEqual([2000]);
    await retry();
    expect(main().html[1]).toContain('Trying again in 4 seconds.');
    expect(clock.pending()).toEqual([4000]);
    await retry();
    await retry();
    await retry();
    expect(clock.pending()).toEqual([30000]);
    expect(main().html[4]).toContain('Trying again in 30 seconds.');
    main().failLoads = false;
    await retry();
    expect(main().loads).toHaveLength(6);
    expect(main().currentUrl()).toBe(mainWindowUrl(config));
    expect(main().html).toHaveLength(5);
    expect(clock.pending()).toEqual([]);
  });

  it('shows the page again on a later failed load, starting again at 2 s', async () => {
    const { loader, main, clock, retry } = setup(true);
    await loader.start();
    main().failLoads = false;
    await retry();
    expect(clock.pending()).toEqual([]);
    main().failLoads = true;
    loader.loadFailed();
    await flush();
    expect(main().html.at(-1)).toContain('Trying again in 2 seconds.');
    expect(clock.pending()).toEqual([2000]);
  });

  it('ignores a load failure reported while loading or offline (no double retries)', async () => {
    const { loader, clock } = setup(true);
    await loader.start();
    loader.loadFailed();
    expect(clock.pending()).toEqual([2000]);
  });

  it('stops retrying when stopped or when the window is closed', async () => {
    const a = setup(true);
    await a.loader.start();
    a.loader.stop();
    expect(a.clock.pending()).toEqual([]);

    const b = setup(true);
    await b.loader.start();
    b.main().close();
    expect(b.clock.pending()).toEqual([]);
    // Opening again (macOS dock) makes a new window and loads again.
    await b.loader.start();
    expect(b.factory.made).toHaveLength(2);
  });

  it('focuses the existing window on a second start', async () => {
    const { loader, factory } = setup(false);
    await loader.start();
    await loader.start();
    expect(factory.made).toHaveLength(1);
  });
});
