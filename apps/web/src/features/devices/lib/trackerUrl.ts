import { TRACKER_DEFAULT_PORT } from '@ridealong/contracts';

/** localStorage key a developer or a test sets to reach a tracker on another address. */
export const TRACKER_URL_KEY = 'ridealong.trackerUrl';

export const DEFAULT_TRACKER_URL = `http://127.0.0.1:${TRACKER_DEFAULT_PORT}`;

type Storage = Pick<globalThis.Storage, 'getItem'>;

/** The desktop app's own tracker, as its 'desktop-info' says (null in a browser). */
let appTrackerUrl: string | null = null;

export function setAppTrackerUrl(url: string | null): void {
  appTrackerUrl = url;
}

/**
 * The tracker's address: in the desktop app its own tracker (the app knows its port); else the
 * stored override when it is an http(s) URL, else the default.
 */
export function trackerUrl(
  storage: Storage | null = safeLocalStorage(),
  app: string | null = appTrackerUrl,
): string {
  if (app) return app;
  const override = storage?.getItem(TRACKER_URL_KEY)?.trim();
  if (!override) return DEFAULT_TRACKER_URL;
  try {
    const url = new URL(override);
    return url.protocol === 'http:' || url.protocol === 'https:' ? override : DEFAULT_TRACKER_URL;
  } catch {
    return DEFAULT_TRACKER_URL;
  }
}

// Storage access throws in some privacy modes; the default address still works there.
function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
