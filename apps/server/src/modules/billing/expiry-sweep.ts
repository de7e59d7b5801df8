import { and, asc, eq, gt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { periodicTask } from '../../lib/periodic.js';
import { applyAccountEvent } from './account-events.js';

/** Trials and grants end at a given instant; a minute late is close enough for a plan. */
export const EXPIRY_EVERY_MS = 60_000;
/** The first sweep waits a little, so it does not compete with start-up work. */
export const EXPIRY_FIRST_DELAY_MS = 5_000;
const BATCH = 200;

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * Members whose trial or complimentary grant is over at `now`, after `afterId`, by id. The two
 * conditions are the ones the 'expire' transition acts on, so each row found changes once.
 * Written for partial indexes on (current_period_end_date) WHERE account_level = 'trial' and
 * (complimentary_until) WHERE complimentary_access (see docs/billing.md).
 */
async function dueUserIds(db: Db, now: Date, afterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        gt(users.id, afterId),
        or(
          and(eq(users.accountLevel, 'trial'), lte(users.currentPeriodEndDate, now)),
          and(eq(users.complimentaryAccess, true), lte(users.complimentaryUntil, now)),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * Ends trials and complimentary grants that are over by applying the 'expire' event to each
 * member. Every server process may run it at once: `applyAccountEvent` locks the row and the
 * transition changes nothing the second time, so a member is expired exactly once.
 */
export function expirySweep(deps: { db: Db; log: Log }) {
  const { db, log } = deps;

  /** One pass; returns how many members changed. A failing member is logged and skipped. */
  async function sweep(now = new Date()): Promise<number> {
    let changed = 0;
    let afterId = 0;
    for (;;) {
      const ids = await dueUserIds(db, now, afterId);
      for (const id of ids) {
        try {
          const r = await applyAccountEvent(db, id, { type: 'expire', now });
          if (r.ok && r.changed) changed += 1;
        } catch (err) {
          log.error({ err, userId: id }, 'expiring an account level failed');
        }
      }
      // Keyset paging: a row that did not change cannot be found again and loop forever.
      const last = ids.at(-1);
      if (ids.length < BATCH || last === undefined) break;
      afterId = last;
    }
    if (changed > 0) log.info({ changed }, 'ended trials and complimentary grants');
    return changed;
  }

  const task = periodicTask({
    run: async () => void (await sweep()),
    firstDelayMs: EXPIRY_FIRST_DELAY_MS,
    everyMs: EXPIRY_EVERY_MS,
    onError: (err) => log.error({ err }, 'account expiry sweep failed'),
  });

  return { sweep, start: task.start, stop: task.stop };
}

export type ExpirySweep = ReturnType<typeof expirySweep>;
