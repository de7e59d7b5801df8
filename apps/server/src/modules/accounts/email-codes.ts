import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailTokens } from '../../db/schema.js';
import { newSecret, sha256 } from '../../lib/secrets.js';

export type EmailCodePurpose = 'verify_email' | 'reset_password';

/** Random, single-use, expiring codes for mailed links; stored as hashes. */
export function emailCodes(db: Db) {
  return {
    async issue(userId: number, purpose: EmailCodePurpose, ttlMs: number): Promise<string> {
      const code = newSecret();
      await db.insert(emailTokens).values({
        userId,
        purpose,
        codeHash: sha256(code),
        expiresAt: new Date(Date.now() + ttlMs),
      });
      return code;
    },
    /** Marks the code used and returns its user, atomically; null if unknown, used or expired. */
    async consume(code: string, purpose: EmailCodePurpose): Promise<number | null> {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.codeHash, sha256(code)),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return row?.userId ?? null;
    },
  };
}

export type EmailCodes = ReturnType<typeof emailCodes>;
