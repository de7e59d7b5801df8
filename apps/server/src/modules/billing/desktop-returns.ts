import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { desktopPortalReturns } from '../../db/schema.js';
import { newSecret, sha256 } from '../../lib/secrets.js';

/** How long the desktop app may ask about a portal it opened (it stops after 30 minutes). */
export const DESKTOP_PORTAL_TTL_MS = 2 * 60 * 60 * 1000;

/** Where the billing portal sends a member who opened it from the desktop app. */
export const desktopReturnPath = (returnId: string) => `/billing/desktop-return/${returnId}`;

/**
 * The member's way back from a billing portal opened in the system browser (docs/billing.md,
 * 'The desktop app'). The portal's return address carries a fresh secret (the return id); its
 * page records the return. The app, which holds no session, asks by the SHA-256 of the portal
 * address it was handed: both keys are unguessable and issued to that member only, and the
 * answer says nothing but "came back or not".
 */
export function desktopReturns(db: Db, now: () => Date = () => new Date()) {
  const fresh = () =>
    gt(desktopPortalReturns.createdAt, new Date(now().getTime() - DESKTOP_PORTAL_TTL_MS));
  return {
    newReturnId: () => newSecret(),

    /** Remembers a portal opened with `desktopReturnPath(returnId)` as its return address. */
    async record(p: { portalUrl: string; returnId: string; userId: number }): Promise<void> {
      // Rows live for two hours; dropping the old ones here keeps the table small.
      const cutoff = new Date(now().getTime() - DESKTOP_PORTAL_TTL_MS);
      await db.delete(desktopPortalReturns).where(lt(desktopPortalReturns.createdAt, cutoff));
      await db
        .insert(desktopPortalReturns)
        .values({
          portalKey: sha256(p.portalUrl),
          returnKey: sha256(p.returnId),
          userId: p.userId,
          createdAt: now(),
        })
        .onConflictDoNothing();
    },

    /** The member came back through the return address: true when it names a live portal. */
    async markReturned(returnId: string): Promise<boolean> {
      const key = sha256(returnId);
      await db
        .update(desktopPortalReturns)
        .set({ returnedAt: now() })
        .where(
          and(
            eq(desktopPortalReturns.returnKey, key),
            isNull(desktopPortalReturns.returnedAt),
            fresh(),
          ),
        );
      const [row] = await db
        .select({ key: desktopPortalReturns.returnKey })
        .from(desktopPortalReturns)
        .where(and(eq(desktopPortalReturns.returnKey, key), fresh()));
      return row !== undefined;
    },

    /** Whether the member came back from that portal; null for an unknown or old portal. */
    async closed(portalKey: string): Promise<boolean | null> {
      const [row] = await db
        .select({ returnedAt: desktopPortalReturns.returnedAt })
        .from(desktopPortalReturns)
        .where(and(eq(desktopPortalReturns.portalKey, portalKey), fresh()));
      return row ? row.returnedAt !== null : null;
    },
  };
}
export type DesktopReturns = ReturnType<typeof desktopReturns>;
