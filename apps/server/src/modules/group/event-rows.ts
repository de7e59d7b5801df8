import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  GROUP,
  type GroupMember,
  type GroupRoomMember,
  type GroupRoomState,
} from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { eventRiders, groupEvents, users } from '../../db/schema.js';
import { GroupError, GROUP_REFUSALS } from './errors.js';

export type EventRow = typeof groupEvents.$inferSelect;

/** Room names: an event's riders, and every socket of one member (all their tabs). */
export const eventRoom = (eventId: number) => `event:${eventId}`;
export const memberRoom = (userId: number) => `member:${userId}`;
/** The event id of an event room's name, or null for any other room. */
export function eventOfRoom(room: string): number | null {
  if (!room.startsWith('event:')) return null;
  const id = Number(room.slice('event:'.length));
  return Number.isSafeInteger(id) ? id : null;
}

export async function findEvent(db: Db, eventId: number): Promise<EventRow | null> {
  const [row] = await db.select().from(groupEvents).where(eq(groupEvents.id, eventId));
  return row ?? null;
}

/** The event when it exists and is not complete, else the refusal saying which. */
export function openEvent(row: EventRow | null): EventRow {
  if (!row) throw new GroupError(GROUP_REFUSALS.notFound);
  if (row.status === 'complete') throw new GroupError(GROUP_REFUSALS.over);
  return row;
}

/** The server's record of a member: what every relay names them by, never a payload's. */
export async function memberRecord(db: Db, userId: number): Promise<GroupMember> {
  const [row] = await db
    .select({ id: users.id, display_name: users.displayName, photo_url: users.photoUrl })
    .from(users)
    .where(eq(users.id, userId));
  // The handshake found this member's live session; a member deleted since is gone.
  if (!row) throw new GroupError('Your account was not found.');
  return row;
}

/** Of `userIds` (present now), the riders of the event, by when they joined. */
export async function ridersAmong(
  db: Db,
  eventId: number,
  userIds: readonly number[],
): Promise<GroupMember[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, display_name: users.displayName, photo_url: users.photoUrl })
    .from(eventRiders)
    .innerJoin(users, eq(users.id, eventRiders.userId))
    .where(
      and(
        eq(eventRiders.eventId, eventId),
        isNull(eventRiders.leftAt),
        inArray(eventRiders.userId, [...userIds]),
      ),
    )
    .orderBy(asc(eventRiders.joinedAt), asc(users.id))
    .limit(GROUP.roomListMax);
}

export function roomState(
  event: EventRow,
  members: GroupRoomMember[],
  present: number,
  serverNow: number,
): GroupRoomState {
  return {
    roomId: event.id,
    status: event.status,
    host_user: event.hostUserId,
    race_url: event.raceUrl,
    timeStart: event.timeStart?.getTime() ?? null,
    duration: event.duration,
    serverNow,
    members,
    present,
    end_reason: event.endReason,
  };
}
