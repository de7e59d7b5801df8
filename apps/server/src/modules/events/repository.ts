import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventRiders, groupEvents, races, users, type RaceRow } from '../../db/schema.js';
import { enterEvent, lockMember } from '../group/index.js';
import { completeEvent } from '../group/index.js';

export type GroupEventRow = typeof groupEvents.$inferSelect;
export type NewGroupEventRow = typeof groupEvents.$inferInsert;

/** What an event card needs of the video (its poster), null once the video is deleted. */
export type EventPoster = Pick<RaceRow, 'id' | 'status' | 'mediaKey' | 'posterFile'>;

/** What creating an event reads of its video (the plan rule's fields too). */
export type EventVideo = EventPoster &
  Pick<RaceRow, 'url' | 'title' | 'duration' | 'userId' | 'exclusive' | 'samplerMonth'>;

/**
 * One event of a list, with its video's poster fields, its open memberships and the host's
 * display name as it is now (the card names the member, never a name a client sent).
 */
export type ListedEvent = {
  event: GroupEventRow;
  poster: EventPoster | null;
  riders: number;
  /**
   * Open events: members who were ever in it, the host included (left or not). Completed
   * events: members who rode it, that is still in when the host pressed Start.
   */
  joined: number;
  hostName: string | null;
};

/** An event by id, or null. Usable inside a transaction (pass the transaction as `db`). */
export async function findEvent(db: Db, id: number): Promise<GroupEventRow | null> {
  const [row] = await db.select().from(groupEvents).where(eq(groupEvents.id, id)).limit(1);
  return row ?? null;
}

const posterColumns = {
  id: races.id,
  status: races.status,
  mediaKey: races.mediaKey,
  posterFile: races.posterFile,
};

/** Every membership the event ever had: one index range of event_riders' primary key. */
const joinedCount = sql<number>`(select count(*)::int from ${eventRiders}
  where ${eventRiders.eventId} = ${groupEvents.id})`;

/**
 * The members who rode the event: memberships still open at the host's Start. One who left
 * the waiting room keeps a row with `left_at` before it; completeEvent stamps the rest at the
 * end, and a rejoin reopens the same row. Same primary-key range as joinedCount.
 */
const rodeCount = sql<number>`(select count(*)::int from ${eventRiders}
  where ${eventRiders.eventId} = ${groupEvents.id}
    and (${eventRiders.leftAt} is null or ${eventRiders.leftAt} >= ${groupEvents.timeStart}))`;

/**
 * A completed event is one that was ridden: complete, and started by its host. A waiting room
 * left without starting (canceled, abandoned) is no event anyone can look back on, so neither
 * the completed pages nor their count show it (walks group_events_completed_started_idx).
 */
const RIDDEN = and(eq(groupEvents.status, 'complete'), isNotNull(groupEvents.timeStart));

/** The order of the active list: in progress first, then the newest. */
const ACTIVE_ORDER = [
  sql`${groupEvents.status} = 'in-progress' desc`,
  desc(groupEvents.createdAt),
  desc(groupEvents.id),
];

export function eventsRepository(db: Db) {
  return {
    findEvent: (id: number) => findEvent(db, id),

    /** The video an event would ride, by its url. */
    async findVideo(url: string): Promise<EventVideo | null> {
      const [row] = await db
        .select({
          ...posterColumns,
          url: races.url,
          title: races.title,
          duration: races.duration,
          userId: races.userId,
          exclusive: races.exclusive,
          samplerMonth: races.samplerMonth,
        })
        .from(races)
        .where(eq(races.url, url))
        .limit(1);
      return row ?? null;
    },

    /**
     * Opens an event hosted by `hostUserId`, the host a rider of it, in one transaction: the
     * member's open event when there is one (`decide` says whether it is taken again, or
     * refused by throwing), a new one otherwise. Two concurrent calls for one host end with
     * one event: the member's lock orders them, and the partial unique index (one open
     * event per host) stops any writer that does not take it, whose event is then `decide`d.
     */
    async openHostedEvent(
      values: NewGroupEventRow & { hostUserId: number },
      /** 'reuse' returns the open event; 'supersede' cancels it first; throwing refuses. */
      decide: (open: GroupEventRow) => Promise<'reuse' | 'supersede'>,
    ): Promise<GroupEventRow> {
      return db.transaction(async (tx) => {
        await lockMember(tx, values.hostUserId);
        const openHosted = async () => {
          const [row] = await tx
            .select()
            .from(groupEvents)
            .where(
              and(
                eq(groupEvents.hostUserId, values.hostUserId),
                ne(groupEvents.status, 'complete'),
              ),
            )
            .limit(1);
          return row ?? null;
        };
        let event = await openHosted();
        if (event && (await decide(event)) === 'supersede') {
          await completeEvent(tx, event.id, 'canceled', new Date());
          event = null;
        }
        if (!event) {
          const [created] = await tx
            .insert(groupEvents)
            .values(values)
            .onConflictDoNothing({
              target: groupEvents.hostUserId,
              where: sql`${groupEvents.status} <> 'complete'`,
            })
            .returning();
          // Lost the index to a writer outside the lock: its event is now visible.
          event = created ?? (await openHosted());
          if (!event) throw new Error('open event vanished while creating one');
          if (!created && (await decide(event)) === 'supersede')
            throw new Error('an open event appeared outside the member lock');
        }
        await enterEvent(tx, event.id, values.hostUserId, new Date());
        return event;
      });
    },

    /** Waiting-room and in-progress events, in-progress first then newest, at most `limit`. */
    async active(limit: number): Promise<ListedEvent[]> {
      const rows = await db
        .select({
          event: groupEvents,
          poster: posterColumns,
          // Correlated count per listed event: one query, read through event_riders_event_idx.
          riders: sql<number>`(select count(*)::int from ${eventRiders}
            where ${eventRiders.eventId} = ${groupEvents.id} and ${eventRiders.leftAt} is null)`,
          joined: joinedCount,
          hostName: users.displayName,
        })
        .from(groupEvents)
        .leftJoin(races, eq(races.id, groupEvents.raceId))
        .leftJoin(users, eq(users.id, groupEvents.hostUserId))
        .where(ne(groupEvents.status, 'complete'))
        .orderBy(...ACTIVE_ORDER)
        .limit(limit);
      return rows;
    },

    /** Events ridden to their end (RIDDEN), newest completed first. */
    async completed(w: { offset: number; limit: number }): Promise<ListedEvent[]> {
      const rows = await db
        .select({
          event: groupEvents,
          poster: posterColumns,
          riders: sql<number>`0`,
          joined: rodeCount,
          hostName: users.displayName,
        })
        .from(groupEvents)
        .leftJoin(races, eq(races.id, groupEvents.raceId))
        .leftJoin(users, eq(users.id, groupEvents.hostUserId))
        .where(RIDDEN)
        .orderBy(
          sql`${groupEvents.completedAt} desc nulls last`,
          sql`${groupEvents.id} desc nulls last`,
        )
        .limit(w.limit)
        .offset(w.offset);
      return rows;
    },

    async countCompleted(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupEvents)
        .where(RIDDEN);
      return row?.n ?? 0;
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
