import type { DesktopEvents } from '@ridealong/contracts';
import type { LoopbackResult } from '../strava/loopback-listener.js';

/** The listener's path: redirect_uri is `http://127.0.0.1:{port}/signin/callback`. */
export const SIGNIN_CALLBACK_PATH = '/signin/callback';

/** What the system browser shows after the accepted callback: plain HTML, no scripts. */
export const SIGNIN_RETURN_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in - RideAlong</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222}</style></head>
<body><main><h1>Signed in</h1><p>You can go back to RideAlong.</p></main></body>
</html>
`;

export const SIGNIN_MESSAGES = {
  cancelled: 'Sign-in was cancelled in the browser.',
  timeout: 'Sign-in in the browser did not finish within 10 minutes. Please try again.',
  refused: 'The app could not open the sign-in page. Please try again.',
} as const;

export type SigninOutcome =
  | { kind: 'received'; payload: DesktopEvents['desktop-signin-received'] }
  | { kind: 'failed'; message: string };

/** The listener's outcome for the main window (null: closed for a newer try or quitting). */
export function signinOutcome(result: LoopbackResult, verifier: string): SigninOutcome | null {
  if (result.kind === 'closed') return null;
  if (result.kind === 'timeout') return { kind: 'failed', message: SIGNIN_MESSAGES.timeout };
  const code = result.params.get('code') ?? '';
  if (result.params.has('error') || code.length < 1 || code.length > 200) {
    return { kind: 'failed', message: SIGNIN_MESSAGES.cancelled };
  }
  return { kind: 'received', payload: { code, code_verifier: verifier } };
}
