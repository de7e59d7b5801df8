/**
 * What Strava's return to /portal-redirect/strava asks for (document 000: the fitness-network
 * variant). Strava adds `code`, `scope` and our `state` when the member authorises, or
 * `error=access_denied` when they decline.
 */
export type StravaCallback =
  | { kind: 'denied'; message: string }
  | { kind: 'bad-state' }
  | { kind: 'no-code'; message: string }
  | { kind: 'exchange'; code: string; state: string; scope: string | undefined };

export const STRAVA_DENIED_MESSAGE =
  'Strava was not connected: the authorisation was declined on Strava.';

/**
 * Reads the callback's query against the state this tab stored when it sent the member. The
 * state is checked first and nothing from the query is shown: a crafted link cannot put its
 * own words on this page.
 */
export function readStravaCallback(params: URLSearchParams, stored: string | null): StravaCallback {
  const state = params.get('state');
  if (!state || !stored || state !== stored) return { kind: 'bad-state' };
  const error = params.get('error');
  if (error !== null) {
    return {
      kind: 'denied',
      message:
        error === 'access_denied'
          ? STRAVA_DENIED_MESSAGE
          : 'Strava was not connected: Strava answered with an error.',
    };
  }
  const code = params.get('code');
  if (!code) return { kind: 'no-code', message: 'Strava sent no authorisation code back.' };
  return { kind: 'exchange', code, state, scope: params.get('scope') ?? undefined };
}
