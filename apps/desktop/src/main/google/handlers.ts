import { createHash, randomBytes } from 'node:crypto';
import type { DesktopEvents } from '@ridealong/contracts';
import type { AppWindow, Clock, Logger, MessageHandlers } from '../ports.js';
import { openLoopbackListener, type LoopbackListener } from '../strava/loopback-listener.js';
import {
  signinOutcome,
  SIGNIN_CALLBACK_PATH,
  SIGNIN_MESSAGES,
  SIGNIN_RETURN_PAGE,
} from './callback.js';

/** How long the app waits for the member to sign in in the system browser. */
export const SIGNIN_TIMEOUT_MS = 10 * 60 * 1000;
/** The web's page that signs the member in and hands the app a one-time code. */
export const DESKTOP_SIGNIN_PATH = '/desktop-signin';

export interface GoogleDeps {
  serverUrl: string;
  /** The core's allow-listed opener (window-rules openExternal): false when refused. */
  openExternal: (url: string) => boolean;
  clock: Clock;
  log: Logger;
  mainWindow: () => AppWindow | undefined;
  timeoutMs?: number;
}

export type GoogleHandlers = Pick<MessageHandlers, 'external-browser-google-auth'> & {
  /** Closes a listener still open (the app is quitting). */
  dispose(): void;
};

const secret = () => randomBytes(32).toString('base64url');
/** PKCE's S256 (RFC 7636): the server keeps the challenge, the app keeps the verifier. */
export const codeChallenge = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');

/**
 * Social sign-in from the app (document 000 section 7, 'external-browser-google-auth'): the
 * system browser opens the web's /desktop-signin, where the member signs in as on the web
 * (Google, or email) and approves; the server then sends the browser to this app's loopback
 * listener with a one-time code. The app hands the code and its PKCE verifier to the main
 * window, which exchanges them for a session (POST /api/v1/auth/desktop-exchange). No page of
 * the app ever holds the browser's session or a Google token.
 */
export function googleHandlers(deps: GoogleDeps): GoogleHandlers {
  let current: LoopbackListener | null = null;
  let disposed = false;

  const send = <K extends keyof DesktopEvents>(channel: K, payload: DesktopEvents[K]) => {
    const main = deps.mainWindow();
    if (main && !main.isDestroyed()) main.send(channel, payload);
  };

  return {
    async 'external-browser-google-auth'() {
      if (disposed) return;
      current?.close();
      const listener = await openLoopbackListener({
        clock: deps.clock,
        path: SIGNIN_CALLBACK_PATH,
        timeoutMs: deps.timeoutMs ?? SIGNIN_TIMEOUT_MS,
        page: SIGNIN_RETURN_PAGE,
      });
      if (disposed) return listener.close();
      current = listener;
      const state = secret();
      const verifier = secret();
      listener.expectState(state);
      void listener.result.then((result) => {
        if (current === listener) current = null;
        const outcome = signinOutcome(result, verifier);
        if (!outcome) return;
        if (outcome.kind === 'received') send('desktop-signin-received', outcome.payload);
        else send('desktop-signin-failed', { message: outcome.message });
      });
      const query = new URLSearchParams({
        redirect_uri: listener.redirectUri,
        state,
        code_challenge: codeChallenge(verifier),
      });
      if (!deps.openExternal(`${deps.serverUrl}${DESKTOP_SIGNIN_PATH}?${query.toString()}`)) {
        listener.close();
        send('desktop-signin-failed', { message: SIGNIN_MESSAGES.refused });
      }
    },

    dispose() {
      disposed = true;
      current?.close();
      current = null;
    },
  };
}
