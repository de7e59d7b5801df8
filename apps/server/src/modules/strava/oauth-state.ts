import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { signedJson } from '../../lib/signed-json.js';

/** How long an authorisation may take between the Connect button and the callback. */
export const STATE_TTL_MS = 10 * 60 * 1000;

const claims = z.object({
  /** The member who started it. */
  u: z.number().int().positive(),
  /** Expiry, epoch milliseconds. */
  e: z.number().int(),
  /** A nonce: two authorisations never share a state. */
  n: z.string(),
});

export type OAuthState = {
  issue: (userId: number, now?: Date) => string;
  /** True when `state` was made here, for `userId`, and has not expired. */
  check: (state: string, userId: number, now?: Date) => boolean;
};

/**
 * The `state` of an authorisation (docs/strava.md, 'State'): an HMAC-signed value naming the
 * member and an expiry, so the callback proves it was started here by the same member. Any
 * process checks it (the key is shared, see token-crypto.ts); nothing is stored.
 */
export function oauthState(secret: string): OAuthState {
  const sealer = signedJson(secret, 'strava-oauth-state');
  return {
    issue: (userId, now = new Date()) =>
      sealer.seal({
        u: userId,
        e: now.getTime() + STATE_TTL_MS,
        n: randomBytes(9).toString('base64url'),
      }),
    check: (state, userId, now = new Date()) => {
      const parsed = claims.safeParse(sealer.open(state));
      return parsed.success && parsed.data.u === userId && parsed.data.e > now.getTime();
    },
  };
}
