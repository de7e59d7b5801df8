import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { DesktopEvents } from '@ridealong/contracts';
import '../desktop/bridge-global.js';
import { startForeignSite, type ForeignSite } from '../desktop/foreign-site.js';
import { launchDesktopApp, type LaunchedDesktopApp } from '../desktop/launch.js';
import { IPC_BINDING } from '../desktop/shim-names.js';
import { expectPath } from '../support/accounts.js';
import { OWN_SERVER_PORTS, ownServer } from '../support/ownServer.js';
import { signInDesktopRider } from '../support/tracker.js';

/**
 * The desktop app's shell, its real main process and preload on the harness (e2e/desktop/):
 * offline start, who may send it messages, which links leave the app, logout, and its events.
 */

/** One payload per event the main process sends (a new event is a compile error here). */
const EVENTS: { [K in keyof DesktopEvents]: DesktopEvents[K] } = {
  'checkout-session-status-changed': { status: 'complete' },
  'client-portal-closed': {},
  'upload-gpx-finished': { video_url: 'coast-loop' },
  'upload-error': { message: 'The GPX file could not be read.' },
  'electron-audio-processing-complete': { video_url: 'coast-loop' },
  'gpx-file-picked': { path: null },
  'strava-callback-ready': { redirect_uri: 'http://127.0.0.1:50123/strava' },
  'strava-callback-received': { code: 'c0de', state: 's7a7e', scope: 'activity:write' },
  'strava-callback-failed': { message: 'Strava was not connected.' },
  'desktop-signin-received': { code: 'one-time', code_verifier: 'v3rifier' },
  'desktop-signin-failed': { message: 'Sign-in was cancelled in the browser.' },
  'demo-mode-changed': { on: true },
  'desktop-info': {
    version: '2.5.0',
    platform: 'linux',
    simulator: true,
    trackerUrl: 'http://127.0.0.1:47110',
    trackerRunning: true,
    trackerError: null,
  },
  'uploader-files-picked': {
    files: [{ token: 't1', name: 'GX010001.MP4', size: 10, duration: 3 }],
  },
  'uploader-progress': { phase: 'uploading', percent: 40, bytesSent: 4, bytesTotal: 10 },
  'uploader-finished': { race_url: 'coast-loop' },
  'uploader-error': { message: 'The upload stopped.' },
};

/** WCAG 2 A/AA violations on the page as it is now (axe-core). */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

const warned = (desktop: LaunchedDesktopApp, text: string) =>
  desktop.log.lines.filter((l) => l.level === 'warn' && l.message.includes(text)).length;

test('the app starts offline on its own page, then loads the web app in desktop mode', async ({
  browser,
}) => {
  // Server start (up to ~15 s) and the app's retry back-off (2, 4, 8, 16 s).
  test.setTimeout(120_000);
  const server = ownServer(OWN_SERVER_PORTS.desktopShell);
  // The retry waits until the offline page is checked: axe on a busy machine can take longer
  // than the first 2 s back-off, and the retry's navigation would pull the page away mid-check.
  const desktop = await launchDesktopApp({ browser, serverUrl: server.url, holdTimers: true });
  try {
    const page = await desktop.mainPage();
    // Nothing listens on the port: the app's own page, never a white screen.
    expect(page.url()).toMatch(/^data:text\/html/);
    await expect(
      page.getByRole('heading', { name: 'RideAlong cannot reach its server' }),
    ).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(/^Trying again in \d+ seconds?\.$/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await expectAccessible(page);
    desktop.releaseTimers();

    await server.start();
    // A retry loads the web app in desktop mode: "/?electronMode" turns it on, then /login.
    await expect(page).toHaveURL((url) => url.origin === server.url, { timeout: 45_000 });
    await expectPath(page, '/login');
    await expect(page.getByRole('link', { name: 'Log in with email' })).toBeVisible();
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Help' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Download' })).toHaveCount(0);
    expect(await page.evaluate(() => typeof window.desktopBridge?.send)).toBe('function');
  } finally {
    try {
      await desktop.close();
    } finally {
      await server.kill();
    }
  }
});

test.describe.serial('the desktop shell on the config server', () => {
  let desktop: LaunchedDesktopApp;
  let page: Page;
  let foreign: ForeignSite;
  /** The app page's own Help link: the allowed URL every refused attempt also asks for. */
  let helpUrl = '';

  test.beforeAll(async ({ browser, baseURL }) => {
    helpUrl = `${baseURL}/setup`;
    foreign = await startForeignSite([
      { channel: 'open-external', payload: { url: helpUrl } },
      { channel: 'quit-app', payload: {} },
    ]);
    desktop = await launchDesktopApp({ browser, serverUrl: baseURL ?? '' });
    page = await desktop.mainPage();
    await expectPath(page, '/login');
  });

  test.afterAll(async () => {
    await desktop?.close();
    await foreign?.close();
  });

  test('messages from another origin, another window or an iframe are refused', async () => {
    // A window the app did not open, on another origin: no bridge, its IPC refused.
    const stray = await desktop.openForeignPage(foreign.url);
    await expect(stray).toHaveTitle('sent');
    expect(await stray.evaluate(() => 'desktopBridge' in window)).toBe(false);
    await stray.close();
    expect(warned(desktop, 'IPC refused on quit-app: not a window of the app')).toBe(1);

    // The app's own window showing another origin (as after a redirect): refused by origin.
    const main = await desktop.mainWindow();
    await main.load(foreign.url);
    await expect(page).toHaveTitle('sent');
    expect(warned(desktop, 'IPC refused on quit-app: frame "http://127.0.0.1')).toBeGreaterThan(0);
    await main.load(`${desktop.config.serverUrl}/login`);

    // An iframe inside the app's page gets no bridge, and its IPC is refused.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.name = 'e2e-inner';
      frame.title = 'inner';
      frame.srcdoc = '<p>inner</p>';
      document.body.append(frame);
    });
    await expect.poll(() => page.frame({ name: 'e2e-inner' })?.url()).toBe('about:srcdoc');
    const inner = page.frame({ name: 'e2e-inner' });
    if (!inner) throw new Error('the iframe is gone');
    expect(await inner.evaluate(() => 'desktopBridge' in window)).toBe(false);
    await inner.evaluate(
      async ([binding, url]) => {
        const ipc = (window as unknown as Record<string, (c: string, p: unknown) => Promise<void>>)[
          binding
        ];
        await ipc?.('open-external', { url });
        await ipc?.('quit-app', {});
      },
      [IPC_BINDING, helpUrl] as const,
    );
    expect(warned(desktop, 'IPC refused on quit-app: not the main frame')).toBe(1);
    expect(warned(desktop, 'IPC refused on open-external: not the main frame')).toBe(1);

    // None of them had any effect...
    expect(desktop.externals).toEqual([]);
    expect(desktop.system.quits).toBe(0);

    // ...while the same messages from the app's own page work.
    await page.evaluate((url) => window.desktopBridge?.send('open-external', { url }), helpUrl);
    await expect.poll(() => desktop.externals).toEqual([helpUrl]);
    await page.evaluate(() => window.desktopBridge?.send('quit-app', {}));
    await expect.poll(() => desktop.system.quits).toBe(1);
  });

  test('Help and Pricing open in the system browser; other links and origins never open', async () => {
    const opened = desktop.externals.length;
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Help' }).click();
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect
      .poll(() => desktop.externals.slice(opened))
      .toEqual([`${desktop.config.serverUrl}/setup`, `${desktop.config.serverUrl}/pricing`]);
    await expectPath(page, '/login');

    // Links a page might show: new windows are closed at once and go to the allow-list.
    const links = {
      file: 'file:///etc/passwd',
      script: 'javascript:document.title="ran"',
      unknown: 'https://unknown-host.example/phish',
      strava: 'https://www.strava.com/settings/apps',
    };
    await page.evaluate((hrefs) => {
      // Above the app's own layout, so a rider's click reaches them.
      const box = document.createElement('div');
      box.style.cssText = 'position:fixed;left:0;bottom:0;z-index:2147483647;background:#fff';
      for (const [id, href] of Object.entries(hrefs)) {
        const a = document.createElement('a');
        a.id = `e2e-${id}`;
        a.href = href;
        a.target = '_blank';
        a.textContent = id;
        box.append(a, ' ');
      }
      document.body.append(box);
    }, links);
    for (const id of Object.keys(links)) await page.locator(`#e2e-${id}`).click();
    // The allow-listed host opens outside (so the refusals before it are real refusals).
    await expect.poll(() => desktop.externals.slice(opened + 2)).toEqual([links.strava]);
    await expect
      .poll(() => warned(desktop, 'Refused to open "https://unknown-host.example'))
      .toBe(1);
    expect(desktop.externals.join(' ')).not.toMatch(/file:|javascript:|unknown-host/);
    // No popup stays open: the session holds the app's own windows only.
    const appWindows = () => desktop.windows.created.filter((w) => !w.isDestroyed()).length;
    await expect.poll(() => desktop.context.pages().length).toBe(appWindows());

    // A navigation of the app's window to another origin is refused; the page stays.
    const refusedBefore = warned(desktop, 'Refused navigation');
    await page.evaluate((url) => {
      window.location.href = url;
    }, `${foreign.url}/elsewhere`);
    await expect.poll(() => warned(desktop, 'Refused navigation')).toBe(refusedBefore + 1);
    await page.locator('#e2e-unknown').evaluate((a) => a.removeAttribute('target'));
    await page.locator('#e2e-unknown').click();
    await expect.poll(() => warned(desktop, 'Refused navigation')).toBe(refusedBefore + 2);
    await expectPath(page, '/login');
    expect(await page.title()).not.toBe('ran');
  });

  test('each event of the main process reaches the page; the bridge has no ipcRenderer', async () => {
    const bridge = await page.evaluate(() => {
      const b = window.desktopBridge as unknown as Record<string, unknown>;
      return {
        keys: Object.keys(b),
        types: [...new Set(Object.values(b).map((v) => typeof v))].sort(),
        frozen: Object.isFrozen(b),
        globals: ['ipcRenderer', 'require', 'process'].filter((k) => k in window),
      };
    });
    expect(bridge.keys).not.toContain('ipcRenderer');
    expect(bridge.keys).toEqual(expect.arrayContaining(['send', 'on', 'version', 'openExternal']));
    expect(bridge.types).toEqual(['function', 'string']);
    expect(bridge.frozen).toBe(true);
    expect(bridge.globals).toEqual([]);

    await page.evaluate((names) => {
      const got: Array<[string, unknown]> = [];
      (window as unknown as { __events: typeof got }).__events = got;
      for (const name of names) {
        window.desktopBridge?.on(name as keyof DesktopEvents, (payload) =>
          got.push([name, payload]),
        );
      }
    }, Object.keys(EVENTS));
    const main = await desktop.mainWindow();
    for (const [name, payload] of Object.entries(EVENTS)) {
      main.send(name as keyof DesktopEvents, payload as never);
    }
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events))
      .toEqual(Object.entries(EVENTS));
  });

  test('logout clears the app’s browser data and shows /login', async () => {
    test.setTimeout(60_000);
    await signInDesktopRider(page);
    // Desktop mode's own profile menu entries.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Connect Device' })).toBeVisible();
    await page.keyboard.press('Escape');

    const origin = desktop.config.origin;
    await desktop.context.addCookies([{ name: 'e2e-marker', value: '1', url: origin }]);
    await page.evaluate(() => localStorage.setItem('e2e-marker', '1'));
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expectPath(page, '/login');
    await expect
      .poll(() => desktop.log.lines.some((l) => l.message.includes('Cleared the browser cache')))
      .toBe(true);
    expect(await desktop.context.cookies(origin)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('e2e-marker'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);
  });
});
