import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventRiders, users } from '../../db/schema.js';

/**
 * Serialises a member's membership changes (a create, a join in another tab, a leave): the
 * same lock as open-ride.ts's, so two at once queue instead of meeting the one-event index.
 */
export async function lockMember(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Makes `eventId` the member's one open event: any other open membership is closed at `at`,
 * and this one is opened (or reopened). Call with lockMember held. Returns the events whose
 * membership it closed, so the caller can tell their rooms.
 */
export async function enterEvent(
  tx: Db,
  eventId: number,
  userId: number,
  at: Date,
): Promise<number[]> {
  const closed = await tx
    .update(eventRiders)
    .set({ leftAt: at })
    .where(
      and(
        eq(eventRiders.userId, userId),
        isNull(eventRiders.leftAt),
        ne(eventRiders.eventId, eventId),
      ),
    )
    .returning({ eventId: eventRiders.eventId });
  await tx
    .insert(eventRiders)
    .values({ eventId, userId, joinedAt: at })
    .onConflictDoUpdate({
      target: [eventRiders.eventId, eventRiders.userId],
      set: { leftAt: null },
    });
  return closed.map((row) => row.eventId);
}
