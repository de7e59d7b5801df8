import { eq } from 'drizzle-orm';
import type { GroupPoint } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { groupEvents } from '../../db/schema.js';
import { GroupError, GROUP_REFUSALS } from './errors.js';
import { pointRefusal, type EventClock } from './point-bounds.js';

/** How long a process trusts a waiting room's clock it read: a Start shows within this. */
const CLOCK_TTL_MS = 1000;
/**
 * The same for a started event: its Start and duration never change again, and its end is
 * bounded anyway (the video's length; a cancel takes the sockets out of the room), so it is
 * read again rarely (100 events of 10 riders: 10 reads a second, not 100).
 */
const STARTED_TTL_MS = 10_000;
/** Events remembered per process; the map is cleared past this (entries are read again). */
const CLOCK_LIMIT = 10_000;

type Known = { at: number; clock: EventClock | null; reading: Promise<EventClock | null> | null };

/** An event's clock from the database (the columns point-bounds.ts reads), or null. */
export function eventClockReader(db: Db) {
  return async (eventId: number): Promise<EventClock | null> => {
    const [row] = await db
      .select({
        status: groupEvents.status,
        timeStart: groupEvents.timeStart,
        duration: groupEvents.duration,
      })
      .from(groupEvents)
      .where(eq(groupEvents.id, eventId));
    return row ?? null;
  };
}

/**
 * Checks each group point against its event's clock (point-bounds.ts) before it is stored.
 * Every rider sends a point a second, so a process reads an event's clock at most once a
 * second (a started one's every 10 s), never once per point: the first point of an event waits for the read (one read
 * shared by every point arriving meanwhile); after that a point is judged by the clock last
 * read while a stale one is read again behind it. A Start thus counts within about a second,
 * far inside the 10-second countdown before the first real point.
 */
export function pointGate(
  read: (eventId: number) => Promise<EventClock | null>,
  now: () => number,
) {
  const clocks = new Map<number, Known>();

  /** Reads the event's clock into `entry`; one read at a time per event. */
  function startRead(eventId: number, entry: Known, at: number): Promise<EventClock | null> {
    const reading = read(eventId)
      .then((clock) => {
        Object.assign(entry, { at, clock });
        return clock;
      })
      .finally(() => {
        entry.reading = null;
      });
    entry.reading = reading;
    return reading;
  }

  async function clockOf(eventId: number, at: number): Promise<EventClock | null> {
    let entry = clocks.get(eventId);
    if (!entry) {
      if (clocks.size >= CLOCK_LIMIT) clocks.clear();
      entry = { at: 0, clock: null, reading: null };
      clocks.set(eventId, entry);
    }
    // Never read yet (or the read failed): every point waits for the one read.
    if (entry.at === 0) return entry.reading ?? startRead(eventId, entry, at);
    // Stale: judged by the last clock while it is read again (a failure is retried later).
    const ttl = entry.clock?.status === 'in-progress' ? STARTED_TTL_MS : CLOCK_TTL_MS;
    if (at - entry.at >= ttl && !entry.reading) {
      startRead(eventId, entry, at).catch(() => undefined);
    }
    return entry.clock;
  }

  /** Throws the refusal when `point` cannot count in the event now. */
  return async function admitPoint(eventId: number, point: GroupPoint): Promise<void> {
    const at = now();
    const clock = await clockOf(eventId, at);
    if (!clock) throw new GroupError(GROUP_REFUSALS.notFound);
    const refusal = pointRefusal(clock, point, at);
    if (refusal) throw new GroupError(refusal);
  };
}
