import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema.js';
import { newSecret, sha256 } from '../../lib/secrets.js';

/** Opaque, revocable session tokens; the database keeps only their hash. */
export function sessionStore(db: Db, ttlMs: number) {
  return {
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
    async resolve(token: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, sha256(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row?.user ?? null;
    },
    async revoke(token: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
    },
    async revokeAllForUser(userId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
