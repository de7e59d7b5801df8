import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { desktopSigninCodes } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { newSecret, sha256 } from '../../lib/secrets.js';
import { loopbackRedirect } from '../../http/loopback-redirect.js';
import type { SignedIn } from './service.js';

/** A code lives long enough for the browser to reach the app's listener, no longer. */
export const DESKTOP_CODE_TTL_MS = 2 * 60 * 1000;

export const DESKTOP_SIGNIN_MESSAGES = {
  notLoopback:
    'The desktop callback must be a loopback address such as http://127.0.0.1:{port}/callback.',
  badCode: 'This sign-in has expired or was already used. Please sign in again from the app.',
} as const;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Hands a session signed in in the system browser to the desktop app (docs/desktop-accounts.md):
 * the signed-in browser asks for a one-time code for the app's loopback callback; the app's
 * window exchanges it, with the PKCE verifier only the app knows, for a session of its own.
 */
export function desktopSignin(deps: {
  db: Db;
  startSession: (userId: number) => Promise<SignedIn>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async handoff(
      userId: number,
      body: { redirect_uri: string; state: string; code_challenge: string },
    ): Promise<string> {
      const redirect = loopbackRedirect(body.redirect_uri);
      if (!redirect) throw badRequest(DESKTOP_SIGNIN_MESSAGES.notLoopback);
      const code = newSecret();
      const at = now();
      // Spent and expired codes are dropped as new ones are made: the table stays small.
      await db.delete(desktopSigninCodes).where(lt(desktopSigninCodes.expiresAt, at));
      await db.insert(desktopSigninCodes).values({
        codeHash: sha256(code),
        userId,
        challenge: body.code_challenge,
        createdAt: at,
        expiresAt: new Date(at.getTime() + DESKTOP_CODE_TTL_MS),
      });
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', body.state);
      return redirect.toString();
    },

    /** The code's member, once: unknown, used, expired or a wrong verifier is refused alike. */
    async exchange(body: { code: string; code_verifier: string }): Promise<SignedIn> {
      const [row] = await db
        .update(desktopSigninCodes)
        .set({ usedAt: now() })
        .where(
          and(
            eq(desktopSigninCodes.codeHash, sha256(body.code)),
            isNull(desktopSigninCodes.usedAt),
            gt(desktopSigninCodes.expiresAt, now()),
          ),
        )
        .returning({ userId: desktopSigninCodes.userId, challenge: desktopSigninCodes.challenge });
      // A wrong verifier spends the code too: a stolen code is good for one guess only.
      if (!row || row.challenge !== s256(body.code_verifier)) {
        throw badRequest(DESKTOP_SIGNIN_MESSAGES.badCode);
      }
      return deps.startSession(row.userId);
    },
  };
}
export type DesktopSignin = ReturnType<typeof desktopSignin>;
