import type { CDPSession, Page } from '@playwright/test';
import type { DesktopEvents } from '@ridealong/contracts';
import type {
  AppWindow,
  WindowKind,
  WindowOptions,
  WindowRules,
} from '../../apps/desktop/src/main/ports.js';
import type { HarnessSession } from './session.js';
import { EVENT_HOOK } from './shim-names.js';

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
};

/**
 * An Electron BrowserWindow of the harness: one Playwright page of the app's context. Made
 * synchronously (as `new BrowserWindow`); its page comes a moment later (`page()`), and every
 * method waits for it.
 */
export class HarnessWindow implements AppWindow {
  private readonly ready: Promise<Page>;
  private pageNow: Page | null = null;
  private visible = true;
  private fullScreen = false;
  private destroyed = false;
  private pendingLoad: string | null = null;
  private readonly closedListeners: Array<() => void> = [];
  /** What switching the Chromium window's state through CDP answered (null: never tried). */
  lastWindowState: { state: 'fullscreen' | 'normal'; error: string | null } | null = null;

  constructor(
    readonly kind: WindowKind,
    readonly id: number,
    readonly options: WindowOptions,
    readonly rules: WindowRules,
    private readonly session: HarnessSession,
    preload: Promise<string>,
    onPopup: (popup: Page, rules: WindowRules) => void,
  ) {
    this.ready = (async () => {
      const page = await session.newWindowPage();
      session.adopt(page, id, {
        rules,
        consumeLoad: (url) => {
          if (this.pendingLoad === null || !sameUrl(this.pendingLoad, url)) return false;
          this.pendingLoad = null;
          return true;
        },
      });
      page.on('popup', (popup) => onPopup(popup, rules));
      page.on('close', () => this.markClosed());
      await page.addInitScript({ content: await preload });
      await this.resize(page, options).catch(() => undefined);
      this.pageNow = page;
      return page;
    })();
    // A failure shows in the first method that waits for the page.
    this.ready.catch(() => undefined);
  }

  /** The window's page (for specs: what the rider sees and does). */
  page(): Promise<Page> {
    return this.ready;
  }

  async load(url: string): Promise<void> {
    const page = await this.ready;
    // The main process's own load asks no navigation rules (Electron's loadURL).
    this.pendingLoad = url;
    try {
      await page.goto(url, { waitUntil: 'load' });
    } catch (err) {
      const code = /net::(ERR_[A-Z_]+)/.exec(String(err))?.[1];
      if (!code) throw err;
      // Chromium commits its error page just after goto rejects; a next load (the offline
      // page) must not be interrupted by it. Electron's loadURL rejects after that too.
      await page
        .waitForURL((u) => u.protocol === 'chrome-error:', { waitUntil: 'commit', timeout: 2000 })
        .catch(() => undefined);
      throw new Error(`${code} loading '${url}'`);
    } finally {
      this.pendingLoad = null;
    }
  }

  async loadHtml(html: string): Promise<void> {
    const page = await this.ready;
    const url = `data:text/html;charset=utf-8;base64,${Buffer.from(html).toString('base64')}`;
    await page.goto(url, { waitUntil: 'load' });
  }

  currentUrl(): string {
    return this.pageNow && !this.pageNow.isClosed() ? this.pageNow.url() : 'about:blank';
  }

  send<K extends keyof DesktopEvents>(channel: K, payload: DesktopEvents[K]): void {
    if (this.destroyed) return;
    void this.ready
      .then((page) =>
        page.evaluate(
          ([hook, ch, body]) => {
            const dispatch = (window as unknown as Record<string, unknown>)[hook];
            if (typeof dispatch === 'function') dispatch(ch, body);
          },
          [EVENT_HOOK, channel, payload] as const,
        ),
      )
      // A page navigating or closing drops the message, as a web contents does.
      .catch(() => undefined);
  }

  show(): void {
    this.visible = true;
    void this.ready.then((page) => page.bringToFront()).catch(() => undefined);
  }

  focus(): void {
    void this.ready.then((page) => page.bringToFront()).catch(() => undefined);
  }

  isVisible(): boolean {
    return this.visible && !this.destroyed;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  setFullScreen(on: boolean): void {
    this.fullScreen = on;
    const state = on ? 'fullscreen' : 'normal';
    void this.windowState(state).then(
      () => (this.lastWindowState = { state, error: null }),
      (err: unknown) => (this.lastWindowState = { state, error: String(err) }),
    );
  }

  isFullScreen(): boolean {
    return this.fullScreen;
  }

  /** Electron's session.clearCache + clearStorageData: cookies, HTTP cache, the app's storage. */
  async clearBrowserData(): Promise<void> {
    const page = await this.ready;
    await this.session.context.clearCookies();
    const cdp = await this.cdp(page);
    await cdp.send('Network.clearBrowserCache');
    const origins = new Set([this.session.appOrigin]);
    const here = new URL(page.url()).origin;
    if (here.startsWith('http')) origins.add(here);
    for (const origin of origins) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
  }

  close(): void {
    if (this.destroyed) return;
    void this.ready.then((page) => page.close()).catch(() => this.markClosed());
  }

  onClosed(listener: () => void): void {
    this.closedListeners.push(listener);
  }

  private markClosed(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    for (const listener of this.closedListeners.splice(0)) listener();
  }

  private cdp(page: Page): Promise<CDPSession> {
    return this.session.cdpOf(page);
  }

  private async chromiumWindowId(page: Page): Promise<number> {
    const cdp = await this.cdp(page);
    const { windowId } = await cdp.send('Browser.getWindowForTarget');
    return windowId;
  }

  private async resize(page: Page, options: WindowOptions): Promise<void> {
    const cdp = await this.cdp(page);
    const windowId = await this.chromiumWindowId(page);
    await cdp.send('Browser.setWindowBounds', {
      windowId,
      bounds: { width: options.width, height: options.height },
    });
  }

  private async windowState(state: 'fullscreen' | 'normal'): Promise<void> {
    const page = await this.ready;
    const cdp = await this.cdp(page);
    const windowId = await this.chromiumWindowId(page);
    await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: state } });
  }
}
