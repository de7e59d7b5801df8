import { describe, expect, it, vi } from 'vitest';
import { fakeFactory, fakeLogger } from '../../test/fakes.js';
import { generalHandlers } from './general-handlers.js';
import { createWindowRegistry } from './window-registry.js';

const rules = { allowNavigation: () => true, onWindowOpen: () => undefined };

function setup() {
  const windows = createWindowRegistry(fakeFactory(), rules);
  const main = windows.open('main').window;
  const ctx = {
    window: main,
    sender: { webContentsId: main.id, frameUrl: 'https://a/', isMainFrame: true },
  };
  const openExternal = vi.fn((url: string) => url.startsWith('https://'));
  const quit = vi.fn();
  const handlers = generalHandlers({ openExternal, windows, system: { quit }, log: fakeLogger() });
  return { windows, main, ctx, openExternal, quit, handlers };
}

describe('generalHandlers', () => {
  it('opens a link through the window rules', async () => {
    const { handlers, ctx, openExternal } = setup();
    await handlers['open-external']({ url: 'https://www.strava.com/' }, ctx);
    await handlers['open-external']({ url: 'file:///etc/passwd' }, ctx);
    expect(openExternal.mock.calls).toEqual([['https://www.strava.com/'], ['file:///etc/passwd']]);
  });

  it('quits', async () => {
    const { handlers, ctx, quit } = setup();
    await handlers['quit-app']({}, ctx);
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it("clears the windows' browser data once each", async () => {
    const { handlers, ctx, windows } = setup();
    const tracker = windows.open('tracker').window;
    await handlers['clear-browser-cache']({}, ctx);
    expect((ctx.window as unknown as { cleared: number }).cleared).toBe(1);
    expect((tracker as unknown as { cleared: number }).cleared).toBe(1);
  });
});
