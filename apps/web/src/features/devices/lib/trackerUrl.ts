import { TRACKER_DEFAULT_PORT } from '@ridealong/contracts';

/** localStorage key a developer or a test sets to reach a tracker on another address. */
export const TRACKER_URL_KEY = 'ridealong.trackerUrl';

export const DEFAULT_TRACKER_URL = `http://127.0.0.1:${TRACKER_DEFAULT_PORT}`;

type Storage = Pick<globalThis.Storage, 'getItem'>;

/** The tracker's address: the stored override when it is an http(s) URL, else the default. */
export function trackerUrl(storage: Storage | null = safeLocalStorage()): string {
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
