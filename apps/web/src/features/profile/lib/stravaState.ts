/**
 * The `state` of the Strava authorisation this tab started (GET /strava/authorize answers it):
 * /portal-redirect/strava accepts a callback only when it brings the same one back. Kept in
 * sessionStorage: it belongs to this tab and survives the trip to Strava and back.
 */
const KEY = 'ridealong.stravaState';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage turned off by the browser: no callback can then be checked, so none is accepted.
    return null;
  }
}

export function rememberStravaState(state: string): void {
  storage()?.setItem(KEY, state);
}

export function storedStravaState(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

export function forgetStravaState(): void {
  storage()?.removeItem(KEY);
}
