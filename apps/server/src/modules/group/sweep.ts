import { and, asc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { GROUP } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { eventRiders, groupEvents } from '../../db/schema.js';
import { periodicTask } from '../../lib/periodic.js';
import { hostLeavingCancels } from './host-rule.js';
import type { LiveStore } from './live-store.js';
import { completeEvent, finishDueEvents } from './transitions.js';

/** Events end by themselves within this of when they should: a few presence pulses. */
export const GROUP_SWEEP_EVERY_MS = 5_000;
const BATCH = 200;

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type SweepResult = { finished: number[]; abandoned: number[]; canceled: number[] };

/**
 * The worker's sweep (docs/group.md 'Rules'): completes in-progress events whose video is over
 * (finished), events nobody has been present in for the presence timeout (abandoned), and
 * applies the host rule to a host absent that long (canceled, or the event goes on without
 * them). Every process may run it at once: each change is a conditional UPDATE (transitions.ts).
 * `presenceShared`: presence is only read where it means something, i.e. the live store is
 * shared (Redis) or this process holds the sockets (one process, memory store); otherwise a
 * worker would see nobody anywhere and abandon every event.
 */
export function groupSweep(deps: { db: Db; live: LiveStore; log: Log; presenceShared: boolean }) {
  const { db, live, log } = deps;

  async function absentees(at: Date, result: SweepResult): Promise<void> {
    const since = at.getTime() - GROUP.presenceTimeoutMs;
    // The store has not known presence for a whole timeout (it started, or Redis came back
    // empty): riders are still reconnecting, so nobody counts as absent yet.
    if (live.knownSince() > since) return;
    let afterId = 0;
    for (;;) {
      // Older than the timeout: a new event's host has had the time to connect.
      const open = await db
        .select({ id: groupEvents.id, status: groupEvents.status, host: groupEvents.hostUserId })
        .from(groupEvents)
        .where(
          and(
            ne(groupEvents.status, 'complete'),
            lt(groupEvents.createdAt, new Date(since)),
            gt(groupEvents.id, afterId),
          ),
        )
        .orderBy(asc(groupEvents.id))
        .limit(BATCH);
      for (const event of open) {
        if (event.status === 'complete') continue;
        try {
          const present = await live.present(event.id, since);
          if (present.length === 0) {
            if (await completeEvent(db, event.id, 'abandoned', at, event.status)) {
              result.abandoned.push(event.id);
              await live.drop(event.id);
            }
          } else if (!present.includes(event.host)) {
            if (hostLeavingCancels(event.status, present.length)) {
              if (await completeEvent(db, event.id, 'canceled', at, event.status)) {
                result.canceled.push(event.id);
                await live.drop(event.id);
              }
            } else {
              // Started, others riding: it goes on without the host, as after their leave.
              await db
                .update(eventRiders)
                .set({ leftAt: at })
                .where(
                  and(
                    eq(eventRiders.eventId, event.id),
                    eq(eventRiders.userId, event.host),
                    isNull(eventRiders.leftAt),
                  ),
                );
            }
          }
        } catch (err) {
          log.error({ err, eventId: event.id }, 'sweeping a group event failed');
        }
      }
      const last = open.at(-1);
      if (open.length < BATCH || !last) break;
      afterId = last.id;
    }
  }

  /** One pass at `at` (the server's clock; tests pass their own). */
  async function sweep(at = new Date()): Promise<SweepResult> {
    const result: SweepResult = { finished: [], abandoned: [], canceled: [] };
    result.finished = await finishDueEvents(
      db,
      at,
      GROUP.countdownSeconds,
      GROUP.finishGraceSeconds,
    );
    for (const id of result.finished) await live.drop(id);
    if (deps.presenceShared) await absentees(at, result);
    const changed = result.finished.length + result.abandoned.length + result.canceled.length;
    if (changed > 0) log.info(result, 'group events completed');
    return result;
  }

  const task = periodicTask({
    run: async () => void (await sweep()),
    firstDelayMs: GROUP_SWEEP_EVERY_MS,
    everyMs: GROUP_SWEEP_EVERY_MS,
    onError: (err) => log.error({ err }, 'group sweep failed'),
  });

  return { sweep, start: task.start, stop: task.stop };
}

export type GroupSweep = ReturnType<typeof groupSweep>;
