import {
  checkoutStatusResponseSchema,
  desktopPortalStatusResponseSchema,
  type DesktopEvents,
} from '@ridealong/contracts';
import type { AppWindow, Clock, Logger, MessageHandlers } from '../ports.js';
import {
  checkoutRedirectUrl,
  checkoutStatusUrl,
  portalStatusUrl,
  portalUrlAllowed,
} from './billing-urls.js';
import { startPoll, type Poll, type PollStep } from './poll.js';

/** One look every few seconds per open checkout or portal, for at most half an hour. */
export const BILLING_WATCH = { intervalMs: 3_000, maxMs: 30 * 60 * 1000, requestMs: 10_000 };

export interface BillingDeps {
  /** The server's URL (DesktopConfig.serverUrl). */
  serverUrl: string;
  /** The core's allow-listed opener (window-rules openExternal): false when refused. */
  openExternal: (url: string) => boolean;
  /** The app's own HTTP to the server (DesktopPorts.fetch). */
  fetch: typeof fetch;
  clock: Clock;
  log: Logger;
  /** The main window (the web there goes to /portal-redirect on the events). */
  mainWindow: () => AppWindow | undefined;
  watch?: Partial<typeof BILLING_WATCH>;
}

export type BillingHandlers = Pick<
  MessageHandlers,
  'checkout-session-opened' | 'client-portal-opened'
> & {
  /** Stops both watches (the app is quitting). */
  dispose(): void;
};

/**
 * Checkout and the billing portal in the system browser (document 000 section 4, 'Buy flow';
 * section 7). The app learns how they ended from the server, which it asks with the keys the
 * member was issued (the session id; the portal address's hash): the main process holds no
 * session token, and the messages' payloads stay the documents' (docs/billing.md).
 */
export function billingHandlers(deps: BillingDeps): BillingHandlers {
  const watch = { ...BILLING_WATCH, ...deps.watch };
  // One watch of each kind: a newer checkout or portal replaces the older one.
  let checkout: Poll | null = null;
  let portal: Poll | null = null;
  let disposed = false;

  const send = <K extends keyof DesktopEvents>(channel: K, payload: DesktopEvents[K]) => {
    const main = deps.mainWindow();
    if (main && !main.isDestroyed()) main.send(channel, payload);
  };

  /** GET `url` as JSON; null for a 404 (the server does not know the key: stop). */
  const getJson = async (url: string, signal: AbortSignal): Promise<unknown> => {
    const res = await deps.fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(watch.requestMs)]),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.json();
  };

  const poll = (look: (signal: AbortSignal) => Promise<PollStep>, what: string) =>
    startPoll({
      clock: deps.clock,
      intervalMs: watch.intervalMs,
      maxMs: watch.maxMs,
      look,
      onEnd: (why) => {
        if (why === 'timeout') deps.log.info(`Stopped watching the ${what}: no change in time`);
      },
    });

  return {
    'checkout-session-opened'({ sessionId }) {
      if (disposed) return;
      const page = checkoutRedirectUrl(deps.serverUrl, sessionId);
      if (!page || !deps.openExternal(page)) {
        deps.log.warn('Refused a checkout session id the server would not have issued');
        return;
      }
      checkout?.stop();
      const url = checkoutStatusUrl(deps.serverUrl, sessionId);
      checkout = poll(async (signal) => {
        const body = await getJson(url, signal);
        if (body === null) {
          deps.log.warn('The server does not know the checkout session: not watching it');
          return 'stop';
        }
        const { status } = checkoutStatusResponseSchema.parse(body);
        if (status === 'open') return 'again';
        send('checkout-session-status-changed', { status });
        return 'stop';
      }, 'checkout');
    },

    'client-portal-opened'({ portalUrl }) {
      if (disposed) return;
      if (!portalUrlAllowed(portalUrl, deps.serverUrl) || !deps.openExternal(portalUrl)) {
        deps.log.warn('Refused a billing portal address that is not the provider’s portal');
        return;
      }
      portal?.stop();
      const url = portalStatusUrl(deps.serverUrl, portalUrl);
      portal = poll(async (signal) => {
        const body = await getJson(url, signal);
        // Unknown to the server: a portal opened by an older web page, without a return page.
        if (body === null) return 'stop';
        if (!desktopPortalStatusResponseSchema.parse(body).closed) return 'again';
        send('client-portal-closed', {});
        return 'stop';
      }, 'billing portal');
    },

    dispose() {
      disposed = true;
      checkout?.stop();
      portal?.stop();
    },
  };
}
