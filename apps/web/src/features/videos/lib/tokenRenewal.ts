import type { Playback } from '@ridealong/contracts';
import { tokenOf } from './mediaToken';

export type TokenRenewal = {
  /**
   * A request under `failedUri` (null: unknown) was answered 403. Resolves true when streaming
   * should be retried under the latest token, false when the 403 stands (the player's fatal).
   */
  forbidden: (failedUri: string | null) => Promise<boolean>;
  /** The server answered a request: a later 403 starts a new failure run. */
  reset: () => void;
};

export type TokenRenewalDeps = {
  /** The Playback whose token requests go out under now. */
  latest: () => Playback;
  /** Asks the server for the stream again: the new Playback, or null (failed, 403 included). */
  renew: () => Promise<Playback | null>;
  /** A renewal brought a new token: requests go out under it from now on. */
  accept: (playback: Playback) => void;
};

/**
 * What a 403 on a media request means (issue 11). Signed URLs expire, and a ride outlasts them
 * when an outage keeps the background renewal from running, so the first 403 of a failure run
 * asks for fresh URLs once; a token the server gives again, no answer, or a second 403 in the
 * same run is a real refusal (a preview's end, a plan that ran out). A 403 for a request that
 * went out under an older token than the latest is retried under the latest without asking.
 */
export function createTokenRenewal(deps: TokenRenewalDeps): TokenRenewal {
  let renewedThisRun = false;
  // Several streams (video, audio) hit the same expired token: one renewal answers them all.
  let pending: Promise<boolean> | null = null;

  const renewOnce = async (staleToken: string | null): Promise<boolean> => {
    let renewed: Playback | null;
    try {
      renewed = await deps.renew();
    } catch {
      renewed = null;
    }
    const token = renewed ? tokenOf(renewed.dash_url) : null;
    if (!renewed || token === null || token === staleToken) return false;
    deps.accept(renewed);
    return true;
  };

  return {
    forbidden: (failedUri) => {
      if (pending) return pending;
      const latestToken = tokenOf(deps.latest().dash_url);
      const failedToken = failedUri === null ? null : tokenOf(failedUri);
      if (failedToken !== null && latestToken !== null && failedToken !== latestToken) {
        return Promise.resolve(true);
      }
      if (renewedThisRun) return Promise.resolve(false);
      renewedThisRun = true;
      const run = renewOnce(latestToken).finally(() => {
        pending = null;
      });
      pending = run;
      return run;
    },
    reset: () => {
      renewedThisRun = false;
    },
  };
}
