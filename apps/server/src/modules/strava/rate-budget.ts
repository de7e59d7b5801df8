import { eq, sql, type SQL } from 'drizzle-orm';
import { STRAVA } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { stravaRateWindows } from '../../db/schema.js';

/**
 * Strava's rate limits as one budget for the whole application (docs/strava.md, 'Uploads'):
 * every process takes a unit from both windows in the database before each request, so
 * together they never send more than Strava allows. Strava counts per application in fixed
 * windows: 15 minutes from the quarter hour, and the UTC day. Its X-RateLimit-Limit and
 * X-RateLimit-Usage headers ("short,daily") keep the rows in step.
 */

export type RateWindowName = 'short' | 'daily';

/** What Strava's headers said: [15-minute, daily] each. */
export type RateHeaders = { limit: [number, number] | null; usage: [number, number] | null };

export type TakeResult = { ok: true } | { ok: false; window: RateWindowName; waitMs: number };

export type RateBudgetOptions = {
  /** The short window's length (tests shorten it); Strava's is 15 minutes. */
  shortWindowSeconds?: number;
  /** Limits used until Strava's headers say otherwise. */
  shortLimit?: number;
  dailyLimit?: number;
};

type Window = { name: RateWindowName; seconds: number; defaultLimit: number };

const DAY_SECONDS = 86_400;

/** "200,2000" -> [200, 2000]; anything else -> null. */
function pair(value: string | null): [number, number] | null {
  if (!value) return null;
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length < 2) return null;
  const [a, b] = parts as [number, number];
  const ok = (n: number) => Number.isInteger(n) && n >= 0 && n <= 2_000_000_000;
  return ok(a) && ok(b) ? [a, b] : null;
}

/** Strava's rate-limit headers of an answer (null fields when absent or malformed). */
export function rateHeaders(headers: Headers): RateHeaders {
  return {
    limit: pair(headers.get('x-ratelimit-limit')),
    usage: pair(headers.get('x-ratelimit-usage')),
  };
}

export function rateBudget(db: Db, options: RateBudgetOptions = {}) {
  // Locked in this order everywhere ('daily' before 'short'): takers never deadlock.
  const windows: Window[] = [
    { name: 'daily', seconds: DAY_SECONDS, defaultLimit: options.dailyLimit ?? STRAVA.dailyLimit },
    {
      name: 'short',
      seconds: options.shortWindowSeconds ?? STRAVA.shortWindowSeconds,
      defaultLimit: options.shortLimit ?? STRAVA.shortLimit,
    },
  ];
  const index = { short: 0, daily: 1 } as const;
  /** The current window's start by the database's clock (the same for every process). */
  const startOf = (w: Window): SQL =>
    sql`to_timestamp(floor(extract(epoch from now()) / ${w.seconds}::int) * ${w.seconds}::int)`;
  const waitOf = (w: Window): SQL<number> =>
    sql<number>`greatest(0, ceil(extract(epoch from (${startOf(w)} + make_interval(secs => ${w.seconds}::int) - now())) * 1000))::int`;

  /** Each window's row, created on first use, locked for the rest of the transaction. */
  async function lockWindows(tx: Db) {
    await tx
      .insert(stravaRateWindows)
      .values(
        windows.map((w) => ({
          name: w.name,
          startsAt: startOf(w),
          used: 0,
          limit: w.defaultLimit,
        })),
      )
      .onConflictDoNothing();
    const rows = [];
    for (const w of windows) {
      const [row] = await tx
        .select({
          used: stravaRateWindows.used,
          limit: stravaRateWindows.limit,
          current: sql<boolean>`${stravaRateWindows.startsAt} >= ${startOf(w)}`,
          waitMs: waitOf(w),
        })
        .from(stravaRateWindows)
        .where(eq(stravaRateWindows.name, w.name))
        .for('update');
      if (!row) throw new Error(`rate window ${w.name} vanished`);
      // A row of a window gone by counts from zero.
      rows.push({ window: w, ...row, used: row.current ? row.used : 0 });
    }
    return rows;
  }

  return {
    /**
     * Takes one request from both windows, or none: when either is spent, says which and how
     * long until it ends (the caller reschedules its job for then).
     */
    async take(): Promise<TakeResult> {
      return db.transaction(async (tx) => {
        const rows = await lockWindows(tx);
        // The longest wait wins: a spent day outlasts a spent quarter hour.
        const spent = rows.filter((r) => r.used >= r.limit).sort((a, b) => b.waitMs - a.waitMs)[0];
        if (spent) return { ok: false, window: spent.window.name, waitMs: spent.waitMs };
        for (const r of rows) {
          await tx
            .update(stravaRateWindows)
            .set({ used: r.used + 1, startsAt: startOf(r.window) })
            .where(eq(stravaRateWindows.name, r.window.name));
        }
        return { ok: true };
      });
    },

    /**
     * Strava's own count and limits from an answer's headers: the limits are taken as they
     * are, the usage raises ours (other clients of the same application count too).
     */
    async observe(headers: RateHeaders): Promise<void> {
      if (!headers.limit && !headers.usage) return;
      await db.transaction(async (tx) => {
        const rows = await lockWindows(tx);
        for (const r of rows) {
          const limit = headers.limit?.[index[r.window.name]] ?? r.limit;
          const usage = headers.usage?.[index[r.window.name]] ?? 0;
          await tx
            .update(stravaRateWindows)
            .set({
              used: Math.max(r.used, usage),
              limit: limit > 0 ? limit : r.limit,
              startsAt: startOf(r.window),
            })
            .where(eq(stravaRateWindows.name, r.window.name));
        }
      });
    },

    /**
     * Strava answered 429: the window its headers say is spent (the daily one when its usage
     * has reached its limit, else the 15-minute one) is marked spent for every process, and
     * the wait until it ends is returned.
     */
    async exhausted(headers: RateHeaders): Promise<{ window: RateWindowName; waitMs: number }> {
      return db.transaction(async (tx) => {
        const rows = await lockWindows(tx);
        const daily = rows.find((r) => r.window.name === 'daily')!;
        const dailyLimit = headers.limit?.[1] ?? daily.limit;
        const dailyUsage = headers.usage?.[1] ?? daily.used;
        const spent =
          dailyUsage >= dailyLimit ? daily : rows.find((r) => r.window.name === 'short')!;
        const told = headers.limit?.[index[spent.window.name]] ?? 0;
        const limit = told > 0 ? told : spent.limit;
        await tx
          .update(stravaRateWindows)
          .set({
            limit,
            used: Math.max(spent.used, limit),
            startsAt: startOf(spent.window),
          })
          .where(eq(stravaRateWindows.name, spent.window.name));
        return { window: spent.window.name, waitMs: spent.waitMs };
      });
    },
  };
}

export type RateBudget = ReturnType<typeof rateBudget>;
