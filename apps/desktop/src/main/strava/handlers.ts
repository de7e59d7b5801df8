import type { DesktopEvents } from '@ridealong/contracts';
import type { AppWindow, Clock, Logger, MessageHandlers } from '../ports.js';
import { checkAuthorizeUrl, stravaAuthorizePages } from './authorize-url.js';
import { openLoopbackListener, type LoopbackListener } from './loopback-listener.js';
import {
  callbackOutcome,
  STRAVA_CALLBACK_MESSAGES,
  STRAVA_CALLBACK_PATH,
  STRAVA_RETURN_PAGE,
} from './callback.js';

/** How long the app waits for the member to finish on Strava. */
export const STRAVA_CALLBACK_TIMEOUT_MS = 10 * 60 * 1000;

export interface StravaDeps {
  /** The server's URL (DesktopConfig.serverUrl): its stand-in's page is allowed too. */
  serverUrl: string;
  /** The core's allow-listed opener (window-rules openExternal): false when refused. */
  openExternal: (url: string) => boolean;
  clock: Clock;
  log: Logger;
  mainWindow: () => AppWindow | undefined;
  /** Pages the app opens (default: Strava's and the server's stand-in). */
  authorizePages?: readonly string[];
  timeoutMs?: number;
}

export type StravaHandlers = Pick<
  MessageHandlers,
  'strava-callback-open' | 'fitness-network-portal-opened'
> & {
  /** Closes a listener still open (the app is quitting). */
  dispose(): void;
};

/**
 * Connecting Strava from the app (document 000 section 7): the web asks for a loopback
 * callback ('strava-callback-open' -> 'strava-callback-ready' {redirect_uri}), asks the server
 * for an authorisation returning there, and hands it over ('fitness-network-portal-opened').
 * The app opens only Strava's page returning to its own listener and remembers its state; the
 * listener takes one callback with that state and tells the main window, which exchanges the
 * code on /portal-redirect/strava as the web does.
 */
export function stravaHandlers(deps: StravaDeps): StravaHandlers {
  const pages = deps.authorizePages ?? stravaAuthorizePages(deps.serverUrl);
  // One authorisation at a time: a newer Connect replaces an unfinished one.
  let current: LoopbackListener | null = null;
  let disposed = false;

  const send = <K extends keyof DesktopEvents>(channel: K, payload: DesktopEvents[K]) => {
    const main = deps.mainWindow();
    if (main && !main.isDestroyed()) main.send(channel, payload);
  };

  return {
    async 'strava-callback-open'(_payload, ctx) {
      if (disposed) return;
      current?.close();
      const listener = await openLoopbackListener({
        clock: deps.clock,
        path: STRAVA_CALLBACK_PATH,
        timeoutMs: deps.timeoutMs ?? STRAVA_CALLBACK_TIMEOUT_MS,
        page: STRAVA_RETURN_PAGE,
      });
      if (disposed) return listener.close();
      current = listener;
      void listener.result.then((result) => {
        if (current === listener) current = null;
        const outcome = callbackOutcome(result);
        if (!outcome) return;
        if (outcome.kind === 'received') send('strava-callback-received', outcome.payload);
        else send('strava-callback-failed', { message: outcome.message });
      });
      // The page that asked waits for the address (the main window in practice).
      const target = ctx.window.isDestroyed() ? deps.mainWindow() : ctx.window;
      target?.send('strava-callback-ready', { redirect_uri: listener.redirectUri });
    },

    'fitness-network-portal-opened'({ url }) {
      if (disposed) return;
      const listener = current;
      const verdict = checkAuthorizeUrl(url, pages, listener?.redirectUri ?? null);
      if (!verdict.ok || !listener) {
        deps.log.warn(
          `Refused to open a Strava authorisation: ${verdict.ok ? '' : verdict.reason}`,
        );
        return;
      }
      if (listener.expectedState !== null) {
        // The listener already waits for one authorisation; a second one is not opened.
        deps.log.warn('Refused a second Strava authorisation for one callback');
        return;
      }
      listener.expectState(verdict.state);
      if (!deps.openExternal(url)) {
        listener.close();
        send('strava-callback-failed', { message: STRAVA_CALLBACK_MESSAGES.refused });
      }
    },

    dispose() {
      disposed = true;
      current?.close();
      current = null;
    },
  };
}
