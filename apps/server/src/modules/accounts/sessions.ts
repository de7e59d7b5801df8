import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema.js';
import { newSecret, sha256 } from '../../lib/secrets.js';
import { localRevocations, type SessionRevocations } from '../../realtime/session-revocations.js';

import type { LiveSession } from '../../realtime/sessions.js';

export type { LiveSession };

/**
 * Opaque, revocable session tokens; the database keeps only their hash. Every revocation is
 * also published, so open sockets of that session close without waiting for a reconnect.
 */
export function sessionStore(
  db: Db,
  ttlMs: number,
  revocations: SessionRevocations = localRevocations(),
) {
  async function live(token: string): Promise<LiveSession | null> {
    const tokenHash = sha256(token);
    const [row] = await db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row ? { user: row.user, tokenHash, expiresAt: row.expiresAt } : null;
  }
  return {
    revocations,
    async create(userId: number): Promise<string> {
      const token = newSecret();
      await db.insert(sessions).values({
        userId,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + ttlMs),
      });
      return token;
    },
    /** The user behind a live token, or null for unknown, expired or revoked tokens. */
    resolve: async (token: string): Promise<UserRow | null> => (await live(token))?.user ?? null,
    /** The same, with the session's hash (for connections that must end with the session). */
    live,
    async revoke(token: string): Promise<void> {
      const tokenHash = sha256(token);
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
      // Published after the update is stored: a socket whose handshake races it re-checks then.
      revocations.publish([tokenHash]);
    },
    async revokeAllForUser(userId: number): Promise<void> {
      // The sessions by token hash, not the member id: ids repeat across databases sharing
      // one Redis (another deployment, a test run), 256-bit hashes do not.
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ tokenHash: sessions.tokenHash });
      if (ended.length > 0) revocations.publish(ended.map((s) => s.tokenHash));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
