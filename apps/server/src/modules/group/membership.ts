import { and, eq, isNull } from 'drizzle-orm';
import { GROUP } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { eventRiders, groupEvents } from '../../db/schema.js';
import { GroupError, GROUP_REFUSALS } from './errors.js';
import { findEvent, openEvent, type EventRow } from './event-rows.js';
import { hostLeavingCancels, videoOver } from './host-rule.js';
import type { LiveStore } from './live-store.js';
import { enterEvent, lockMember } from './rider-rows.js';
import { completeEvent } from './transitions.js';

/** A member left an event; `canceled` when their leaving (as its host) canceled it. */
export type Departure = { eventId: number; canceled: boolean };

// Every membership change locks the member's row first (rider-rows.ts), then the event's:
// the same order everywhere, so two joins at once (two tabs) never deadlock.

/**
 * The member leaves the event. Its host's leaving cancels it when it has not started or
 * nobody else is present (host-rule.ts); a host may leave an event they never joined.
 */
export async function leaveEvent(
  db: Db,
  live: LiveStore,
  userId: number,
  eventId: number,
  at: Date,
): Promise<Departure> {
  const event = openEvent(await findEvent(db, eventId));
  const isHost = event.hostUserId === userId;
  const others = isHost
    ? (await live.present(eventId, at.getTime() - GROUP.presenceTimeoutMs)).filter(
        (id) => id !== userId,
      ).length
    : 0;
  const canceled = await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const left = await tx
      .update(eventRiders)
      .set({ leftAt: at })
      .where(
        and(
          eq(eventRiders.eventId, eventId),
          eq(eventRiders.userId, userId),
          isNull(eventRiders.leftAt),
        ),
      )
      .returning({ eventId: eventRiders.eventId });
    if (left.length === 0 && !isHost) throw new GroupError(GROUP_REFUSALS.notMember);
    // Only from the status the rule was decided on: a Start meanwhile is decided again later
    // (the sweep), not canceled on a stale reading.
    return (
      isHost &&
      event.status !== 'complete' &&
      hostLeavingCancels(event.status, others) &&
      completeEvent(tx, eventId, 'canceled', at, event.status)
    );
  });
  if (canceled) await live.drop(eventId);
  else await live.forget(eventId, userId);
  return { eventId, canceled };
}

/**
 * The member joins an open event (again, after a reconnect: the same membership reopens),
 * leaving any other event first with that event's host rule. Answers the event as joined.
 * The join's presence touch also writes the trainer state the join reported, if any.
 */
export async function joinEvent(
  db: Db,
  live: LiveStore,
  userId: number,
  eventId: number,
  at: Date,
  trainer?: boolean,
): Promise<{ event: EventRow; departures: Departure[] }> {
  const found = openEvent(await findEvent(db, eventId));
  if (videoOver(found, at.getTime())) throw new GroupError(GROUP_REFUSALS.over);
  const open = await db
    .select({ eventId: eventRiders.eventId })
    .from(eventRiders)
    .where(and(eq(eventRiders.userId, userId), isNull(eventRiders.leftAt)));
  // Already in this event and no other (another tab, a reconnect): nothing to change, so no
  // transaction; a join burst of members with several sockets pays it once per member.
  if (open.length === 1 && open[0]?.eventId === eventId) {
    await live.touch(eventId, userId, at.getTime(), trainer);
    return { event: found, departures: [] };
  }
  const elsewhere = open.filter((row) => row.eventId !== eventId);
  const departures: Departure[] = [];
  for (const other of elsewhere) {
    try {
      departures.push(await leaveEvent(db, live, userId, other.eventId, at));
    } catch (err) {
      // Completed or left meanwhile: nothing left to leave there.
      if (!(err instanceof GroupError)) throw err;
    }
  }
  const event = await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [row] = await tx
      .select()
      .from(groupEvents)
      .where(eq(groupEvents.id, eventId))
      .for('share');
    const open = openEvent(row ?? null);
    // A membership opened meanwhile elsewhere (another tab's join): left, and its room told
    // (the handlers take the member's sockets out of it), without its host rule, which the
    // sweep applies once the member is absent there.
    const raced = await enterEvent(tx, eventId, userId, at);
    return { open, raced };
  });
  for (const other of event.raced) {
    await live.forget(other, userId);
    departures.push({ eventId: other, canceled: false });
  }
  await live.touch(eventId, userId, at.getTime(), trainer);
  return { event: event.open, departures };
}
