import type { Page } from '@playwright/test';
import type {
  WindowFactory,
  WindowKind,
  WindowOptions,
  WindowRules,
} from '../../apps/desktop/src/main/ports.js';
import { HarnessWindow } from './app-window.js';
import type { HarnessSession } from './session.js';

const POPUP_URL_WAIT_MS = 1500;
const POPUP_URL_STEP_MS = 50;

/**
 * The URL a popup was opened for, as Chromium's target has it (Playwright's popup.url() stays
 * empty for a popup whose first navigation the guard answered). A window.open() without a URL or
 * a javascript: link never leaves about:blank: that is its URL after a short wait.
 */
async function popupUrl(session: HarnessSession, popup: Page): Promise<string> {
  const deadline = Date.now() + POPUP_URL_WAIT_MS;
  let url = '';
  while (Date.now() < deadline) {
    url = await session.targetUrl(popup).catch(() => '');
    if (url !== '' && url !== 'about:blank') return url;
    await new Promise((resolve) => setTimeout(resolve, POPUP_URL_STEP_MS));
  }
  return url || 'about:blank';
}

/** The windows the app opened, in order, and the popups its pages tried to open. */
export interface HarnessWindows extends WindowFactory {
  readonly created: readonly HarnessWindow[];
  /** URLs of popups (window.open, target=_blank) closed at once and handed to the rules. */
  readonly popups: readonly string[];
  /** The newest open window of `kind`, waiting up to `timeoutMs` for the app to open one. */
  waitFor(kind: WindowKind, timeoutMs?: number): Promise<HarnessWindow>;
}

/**
 * Electron's BrowserWindow over Playwright: each window a page of the app's context with the real
 * preload injected. A popup of an app window is closed as soon as it exists and its URL handed to
 * the window's rules (Electron's setWindowOpenHandler answering deny).
 */
export function createWindowFactory(
  session: HarnessSession,
  preload: Promise<string>,
): HarnessWindows {
  const created: HarnessWindow[] = [];
  const popups: string[] = [];
  const waiters: Array<() => void> = [];

  const onPopup = (popup: Page, rules: WindowRules) => {
    void (async () => {
      const url = await popupUrl(session, popup);
      await popup.close().catch(() => undefined);
      popups.push(url);
      rules.onWindowOpen(url);
    })();
  };

  const newest = (kind: WindowKind) =>
    [...created].reverse().find((w) => w.kind === kind && !w.isDestroyed());

  return {
    created,
    popups,
    create(kind: WindowKind, options: WindowOptions, rules: WindowRules) {
      const window = new HarnessWindow(
        kind,
        session.newId(),
        options,
        rules,
        session,
        preload,
        onPopup,
      );
      created.push(window);
      for (const wake of waiters.splice(0)) wake();
      return window;
    },
    async waitFor(kind, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = newest(kind);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the app opened no ${kind} window in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}
