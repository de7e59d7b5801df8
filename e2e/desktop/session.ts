import type { BrowserContext, CDPSession, Frame, Page, Request, Route } from '@playwright/test';
import type { WindowRules } from '../../apps/desktop/src/main/ports.js';

/** What the session needs from a window the app opened: its rules and its own loads. */
export interface PageOwner {
  readonly rules: WindowRules;
  /** True once for the URL the main process itself is loading (loadURL asks no rules). */
  consumeLoad(url: string): boolean;
}

/**
 * The harness's Electron session: one Playwright BrowserContext holding every window of one app,
 * the web contents ids of its pages, and the navigation guard. Every main-frame navigation of a
 * page goes through it: an app window's asks that window's rules (aborted when refused, as
 * Electron's will-navigate preventDefault), a popup's first one never reaches the network (its
 * URL goes to the opener's rules.onWindowOpen, see window-factory.ts), and a foreign page the
 * spec opened on purpose loads whatever it is sent to.
 */
export class HarnessSession {
  private readonly owners = new WeakMap<Page, PageOwner>();
  private readonly foreign = new WeakSet<Page>();
  private readonly ids = new WeakMap<Page, number>();
  private readonly cdpSessions = new WeakMap<Page, Promise<CDPSession>>();
  private nextId = 1;

  private constructor(
    readonly context: BrowserContext,
    /** The app's origin (the server's): its storage is what logout clears. */
    readonly appOrigin: string,
    private readonly browserCdp: CDPSession,
    /** Chromium's id of the context, for windows made through CDP. */
    private readonly browserContextId: string,
  ) {}

  static async open(context: BrowserContext, appOrigin: string): Promise<HarnessSession> {
    const browser = context.browser();
    if (!browser) throw new Error('the harness needs a context of a launched browser');
    // Chromium's id of this context, read from a page of it (Playwright does not expose it).
    const probe = await context.newPage();
    const probeCdp = await context.newCDPSession(probe);
    const { targetInfo } = await probeCdp.send('Target.getTargetInfo');
    await probe.close();
    if (!targetInfo.browserContextId) throw new Error('Chromium named no browser context');
    const session = new HarnessSession(
      context,
      appOrigin,
      await browser.newBrowserCDPSession(),
      targetInfo.browserContextId,
    );
    await context.route('**/*', (route, request) => session.guard(route, request));
    return session;
  }

  /** A page's own DevTools session (one per page, made on first use). */
  cdpOf(page: Page): Promise<CDPSession> {
    let cdp = this.cdpSessions.get(page);
    if (!cdp) {
      cdp = this.context.newCDPSession(page);
      this.cdpSessions.set(page, cdp);
    }
    return cdp;
  }

  /** The URL Chromium has for a page's target (a new popup's, before Playwright knows it). */
  async targetUrl(page: Page): Promise<string> {
    const cdp = await this.cdpOf(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    return targetInfo.url;
  }

  /**
   * A page in a Chromium window of its own (Playwright's newPage opens a tab in the context's
   * window): each app window then has its own size and full-screen state, as in Electron.
   */
  async newWindowPage(): Promise<Page> {
    const fresh: Page[] = [];
    let wake: (() => void) | null = null;
    const onPage = (page: Page) => {
      fresh.push(page);
      wake?.();
    };
    this.context.on('page', onPage);
    try {
      const { targetId } = await this.browserCdp.send('Target.createTarget', {
        url: 'about:blank',
        browserContextId: this.browserContextId,
        newWindow: true,
      });
      const deadline = Date.now() + 10_000;
      for (;;) {
        for (const page of fresh.splice(0)) {
          const cdp = await this.cdpOf(page);
          const { targetInfo } = await cdp.send('Target.getTargetInfo');
          if (targetInfo.targetId === targetId) return page;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('Chromium opened no window for a new app window');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    } finally {
      this.context.off('page', onPage);
    }
  }

  /** A fresh web contents id (a window's id is known before its page exists). */
  newId(): number {
    return this.nextId++;
  }

  /** Marks `page` as the app's window `id`; before its first navigation. */
  adopt(page: Page, id: number, owner: PageOwner): void {
    this.ids.set(page, id);
    this.owners.set(page, owner);
  }

  /** The web contents id of any page of the session (pages the app did not open get one too). */
  idOf(page: Page): number {
    let id = this.ids.get(page);
    if (id === undefined) {
      id = this.newId();
      this.ids.set(page, id);
    }
    return id;
  }

  /**
   * A window the app did not open, in the app's session (so it can reach the IPC binding, as any
   * renderer can try IPC): no preload, no rules. Loads `url` when given.
   */
  async openForeignPage(url?: string): Promise<Page> {
    const page = await this.context.newPage();
    this.foreign.add(page);
    if (url) await page.goto(url);
    return page;
  }

  private async guard(route: Route, request: Request): Promise<void> {
    if (!request.isNavigationRequest()) return route.fallback();
    let frame: Frame | null = null;
    try {
      frame = request.frame();
    } catch {
      // Playwright has no frame yet for a popup's first navigation.
      frame = null;
    }
    const page = frame?.page() ?? null;
    // An iframe's navigation is the page's business; its IPC is refused by the router.
    if (page && frame !== page.mainFrame()) return route.fallback();
    const owner = page ? this.owners.get(page) : undefined;
    if (owner) {
      const url = request.url();
      if (owner.consumeLoad(url) || owner.rules.allowNavigation(url)) return route.fallback();
      return route.abort('aborted');
    }
    if (page && this.foreign.has(page)) return route.fallback();
    // A popup: an empty document keeps its URL for the opener's rules, and nothing is fetched.
    return route.fulfill({ status: 200, contentType: 'text/html', body: '' });
  }
}
