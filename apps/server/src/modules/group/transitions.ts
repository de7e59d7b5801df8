import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { MAX_VIDEO_SECONDS, type EventEndReason, type EventStatus } from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { Db } from '../../db/client.js';
import { eventRiders, groupEvents, races } from '../../db/schema.js';
import { GroupError, GROUP_REFUSALS } from './errors.js';
import { findEvent, openEvent } from './event-rows.js';
import { rideDuration } from './host-rule.js';

/**
 * An event's status changes, each one conditional UPDATE (`WHERE status = ...`): of two
 * processes acting at once (two clicks, a sweep and a host), exactly one changes the row and
 * the other finds it changed, so nothing is done twice and nothing fails.
 */

/**
 * Completes the event when it is still open (and still `from`, when given) and ends its open
 * memberships, in one transaction. True when this call completed it.
 */
export async function completeEvent(
  db: Db,
  eventId: number,
  reason: EventEndReason,
  at: Date,
  from?: Exclude<EventStatus, 'complete'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(groupEvents)
      .set({ status: 'complete', endReason: reason, completedAt: at })
      .where(
        and(
          eq(groupEvents.id, eventId),
          from ? eq(groupEvents.status, from) : ne(groupEvents.status, 'complete'),
        ),
      )
      .returning({ id: groupEvents.id });
    if (done.length === 0) return false;
    await tx
      .update(eventRiders)
      .set({ leftAt: at })
      .where(and(eq(eventRiders.eventId, eventId), isNull(eventRiders.leftAt)));
    return true;
  });
}

/**
 * The host's Start: from the waiting room only, at `at` on the server's clock. The duration is
 * the host's capped to the video's, or the video's (a deleted video's: the host's, if any).
 */
export async function startEvent(
  db: Db,
  hostId: number,
  eventId: number,
  requested: number | undefined,
  at: Date,
): Promise<{ timeStart: number; duration: number | null }> {
  const event = openEvent(await findEvent(db, eventId));
  if (!can({ id: hostId }, 'groupRide.start', { ownerId: event.hostUserId })) {
    throw new GroupError(GROUP_REFUSALS.startHostOnly);
  }
  if (event.status !== 'waiting-room') throw new GroupError(GROUP_REFUSALS.alreadyStarted);
  const [video] = event.raceId
    ? await db.select({ duration: races.duration }).from(races).where(eq(races.id, event.raceId))
    : [];
  const duration = rideDuration(requested, video?.duration ?? null);
  const [started] = await db
    .update(groupEvents)
    .set({ status: 'in-progress', timeStart: at, duration })
    .where(
      and(
        eq(groupEvents.id, eventId),
        eq(groupEvents.hostUserId, hostId),
        eq(groupEvents.status, 'waiting-room'),
      ),
    )
    .returning({ timeStart: groupEvents.timeStart, duration: groupEvents.duration });
  if (started?.timeStart) return { timeStart: started.timeStart.getTime(), duration };
  // Changed meanwhile (a second Start, a cancel): say what it is now.
  openEvent(await findEvent(db, eventId));
  throw new GroupError(GROUP_REFUSALS.alreadyStarted);
}

/** The host's cancel, whatever the open status. */
export async function cancelEvent(
  db: Db,
  hostId: number,
  eventId: number,
  at: Date,
): Promise<void> {
  const event = openEvent(await findEvent(db, eventId));
  if (!can({ id: hostId }, 'groupRide.cancel', { ownerId: event.hostUserId })) {
    throw new GroupError(GROUP_REFUSALS.cancelHostOnly);
  }
  if (!(await completeEvent(db, eventId, 'canceled', at))) {
    throw new GroupError(GROUP_REFUSALS.over);
  }
}

/**
 * In-progress events whose video, countdown and grace are over at `at`: complete, finished.
 * A duration never known counts as the longest video there is, so every event ends.
 */
export async function finishDueEvents(
  db: Db,
  at: Date,
  countdownSeconds: number,
  graceSeconds: number,
): Promise<number[]> {
  const atText = at.toISOString();
  return db.transaction(async (tx) => {
    const done = await tx
      .update(groupEvents)
      .set({ status: 'complete', endReason: 'finished', completedAt: at })
      .where(
        and(
          eq(groupEvents.status, 'in-progress'),
          sql`${groupEvents.timeStart} + make_interval(secs => coalesce(${groupEvents.duration}, ${MAX_VIDEO_SECONDS}) + ${countdownSeconds + graceSeconds}) < ${atText}::timestamptz`,
        ),
      )
      .returning({ id: groupEvents.id });
    const ids = done.map((r) => r.id);
    if (ids.length > 0) {
      await tx
        .update(eventRiders)
        .set({ leftAt: at })
        .where(and(inArray(eventRiders.eventId, ids), isNull(eventRiders.leftAt)));
    }
    return ids;
  });
}
