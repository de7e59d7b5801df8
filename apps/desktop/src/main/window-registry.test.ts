import { describe, expect, it } from 'vitest';
import { fakeFactory } from '../../test/fakes.js';
import { createWindowRegistry } from './window-registry.js';

const rules = { allowNavigation: () => true, onWindowOpen: () => undefined };

describe('createWindowRegistry', () => {
  it('opens at most one window of each kind and focuses the open one', () => {
    const factory = fakeFactory();
    const windows = createWindowRegistry(factory, rules);
    const main = windows.open('main');
    expect(main.created).toBe(true);
    expect(windows.open('main')).toEqual({ window: main.window, created: false });
    const tracker = windows.open('tracker');
    expect(tracker.created).toBe(true);
    expect(factory.made).toHaveLength(2);
    expect(factory.made[1]?.options.parent).toBe(main.window);
    expect(factory.made[1]?.rules).toBe(rules);
    expect(windows.main()).toBe(main.window);
    expect(windows.get('uploader')).toBeUndefined();
  });

  it('looks a window up by its web contents id and forgets a closed one', () => {
    const factory = fakeFactory();
    const windows = createWindowRegistry(factory, rules);
    const { window } = windows.open('uploader');
    expect(windows.byWebContentsId(window.id)).toBe(window);
    expect(windows.byWebContentsId(window.id + 1000)).toBeUndefined();
    window.close();
    expect(windows.byWebContentsId(window.id)).toBeUndefined();
    expect(windows.open('uploader').created).toBe(true);
  });

  it('knows whether a tool window is visible', () => {
    const factory = fakeFactory();
    const windows = createWindowRegistry(factory, rules);
    windows.open('main');
    expect(windows.isToolWindowVisible()).toBe(false);
    windows.open('tracker');
    expect(windows.isToolWindowVisible()).toBe(true);
    const tracker = factory.made[1];
    if (tracker) tracker.visible = false;
    expect(windows.isToolWindowVisible()).toBe(false);
  });

  it('closes all', () => {
    const factory = fakeFactory();
    const windows = createWindowRegistry(factory, rules);
    windows.open('main');
    windows.open('tracker');
    windows.closeAll();
    expect(factory.made.every((w) => w.isDestroyed())).toBe(true);
    expect(windows.all()).toEqual([]);
  });
});
