import type { DesktopEvents } from '@ridealong/contracts';
import type { LoopbackResult } from './loopback-listener.js';

/** The listener's path: redirect_uri is `http://127.0.0.1:{port}/strava/callback`. */
export const STRAVA_CALLBACK_PATH = '/strava/callback';

export const STRAVA_RETURN_TEXT = 'You can go back to RideAlong.';

/** What the system browser shows after the accepted callback: plain HTML, no scripts. */
export const STRAVA_RETURN_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Strava - RideAlong</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222}</style></head>
<body><main><h1>Strava</h1><p>${STRAVA_RETURN_TEXT}</p></main></body>
</html>
`;

export const STRAVA_CALLBACK_MESSAGES = {
  denied: 'Strava was not connected: the authorisation was declined on Strava.',
  error: 'Strava was not connected: Strava answered with an error.',
  noCode: 'Strava sent no authorisation code back.',
  timeout:
    'Strava was not connected: no answer came back from Strava within 10 minutes. Please connect again.',
  refused: 'The app could not open this Strava authorisation. Please connect again.',
} as const;

export type CallbackOutcome =
  | { kind: 'received'; payload: DesktopEvents['strava-callback-received'] }
  | { kind: 'failed'; message: string };

/**
 * What the main window is told about the listener's outcome (null: closed for a newer Connect
 * or the app quitting, nobody waits). The state was checked by the listener already.
 */
export function callbackOutcome(result: LoopbackResult): CallbackOutcome | null {
  if (result.kind === 'closed') return null;
  if (result.kind === 'timeout')
    return { kind: 'failed', message: STRAVA_CALLBACK_MESSAGES.timeout };
  const q = result.params;
  const error = q.get('error');
  if (error !== null) {
    const message =
      error === 'access_denied' ? STRAVA_CALLBACK_MESSAGES.denied : STRAVA_CALLBACK_MESSAGES.error;
    return { kind: 'failed', message };
  }
  const code = q.get('code') ?? '';
  const scope = q.get('scope') ?? '';
  if (code.length < 1 || code.length > 1000 || scope.length > 1000) {
    return { kind: 'failed', message: STRAVA_CALLBACK_MESSAGES.noCode };
  }
  return { kind: 'received', payload: { code, state: q.get('state') ?? '', scope } };
}
