import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pgInt } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { challengeBoards } from '../../db/schema.js';
import { createDbJobQueue } from '../../jobs/db-queue.js';
import { dropRankingTables, writeRankingTable } from './ranking-table.js';

/**
 * Ranking snapshots of big boards (docs/challenges.md, 'Leaderboard'). A board of more than
 * LIVE_BOARD_MAX participants is read from a ranking snapshot: every member's position and
 * ranking as of one moment, so a page at any depth is an index range and the caller's ranking
 * one probe. A change of progress or membership marks the board due (O(1)) and queues one
 * debounced `challenge.rank` job; that job writes a whole new snapshot from one consistent view
 * of the members and switches the board to it.
 */

/** Boards this small are read live (the offset and the count ahead cost at most this many). */
export const LIVE_BOARD_MAX = 1000;
/** Changes within this long after the first share one rebuild. */
export const RANK_DEBOUNCE_MS = 2000;
/** A build holds the board this long at most (a builder that died frees it then). */
const RANK_LEASE_MS = 120_000;
/** A board due this long ago whose build never came is queued again by the next change. */
const OVERDUE_MS = 60_000;

/** `challenge.rank`'s payload (jobs.ts names it among the module's jobs). */
export const rankPayload = z.object({ challengeId: pgInt(1) });

/** Enqueues through the app's jobs table, inside the caller's transaction. */
const rankQueue = (db: Db) => createDbJobQueue({ db, schemas: { 'challenge.rank': rankPayload } });

const enqueueRank = (tx: Db, challengeId: number) =>
  rankQueue(tx).enqueue('challenge.rank', { challengeId }, { db: tx, delayMs: RANK_DEBOUNCE_MS });

const inMs = (ms: number) => sql`now() + ${ms}::int * interval '1 millisecond'`;

/**
 * In the transaction that changed these boards (each with more than LIVE_BOARD_MAX members):
 * the first change since the last build sets `due_at` and queues the build; later ones only
 * hold the board's row FOR SHARE until they commit. A build clears `due_at` with an UPDATE,
 * which waits for those holders, so every change either commits before the build's snapshot
 * or marks the board due again after the clear.
 */
export async function markBoardsDue(tx: Db, challengeIds: readonly number[]): Promise<void> {
  // Ascending: two transactions marking the same boards lock them in one order.
  for (const challengeId of [...new Set(challengeIds)].sort((a, b) => a - b)) {
    const [set] = await tx
      .update(challengeBoards)
      .set({ dueAt: inMs(RANK_DEBOUNCE_MS) })
      .where(
        and(
          eq(challengeBoards.challengeId, challengeId),
          // Long overdue: its job was lost (failed for good); queue another.
          or(isNull(challengeBoards.dueAt), lt(challengeBoards.dueAt, inMs(-OVERDUE_MS))),
        ),
      )
      .returning({ challengeId: challengeBoards.challengeId });
    if (set) {
      await enqueueRank(tx, challengeId);
      continue;
    }
    const [held] = await tx
      .select({ dueAt: challengeBoards.dueAt })
      .from(challengeBoards)
      .where(eq(challengeBoards.challengeId, challengeId))
      .for('share');
    if (held?.dueAt) continue;
    // No board row yet, or a build cleared it between the two reads: one more build (never
    // an UPDATE here: two holders of FOR SHARE upgrading would deadlock).
    await tx
      .insert(challengeBoards)
      .values({ challengeId, dueAt: inMs(RANK_DEBOUNCE_MS) })
      .onConflictDoNothing();
    await enqueueRank(tx, challengeId);
  }
}

export type RankResult =
  | { built: true; generation: number; ranked: number }
  /** Another process is building this board (its lease holds). */
  | { built: false };

/**
 * Builds a new snapshot of the board and switches to it. One builder at a time per board (a
 * lease on its row); the snapshot is one table written from one consistent view of the members
 * (ranking-table.ts), switched to in the transaction that wrote it (a builder that dies leaves
 * nothing). Readers keep the old snapshot until the switch; the one before it is dropped then
 * (the previous one stays for readers that read the switch just before it happened).
 */
export async function rankChallenge(
  db: Db,
  challengeId: number,
  opts: { signal?: AbortSignal } = {},
): Promise<RankResult> {
  await db.insert(challengeBoards).values({ challengeId }).onConflictDoNothing();
  const b = challengeBoards;
  const [claim] = await db
    .update(b)
    .set({
      dueAt: null,
      building: sql`greatest(coalesce(${b.generation}, 0), coalesce(${b.building}, 0)) + 1`,
      leaseUntil: inMs(RANK_LEASE_MS),
    })
    .where(
      and(eq(b.challengeId, challengeId), or(isNull(b.leaseUntil), lt(b.leaseUntil, sql`now()`))),
    )
    .returning({ generation: b.building, previous: b.generation });
  if (!claim?.generation) return { built: false };
  const { generation, previous } = claim;
  opts.signal?.throwIfAborted();

  const ranked = await db.transaction(async (tx) => {
    const rows = await writeRankingTable(tx, challengeId, generation);
    const [done] = await tx
      .update(b)
      .set({ generation, rankedAt: sql`now()`, ranked: rows, building: null, leaseUntil: null })
      .where(and(eq(b.challengeId, challengeId), eq(b.building, generation)))
      .returning({ ranked: b.ranked });
    // Another builder took over (this one outlived its lease): its snapshot stands.
    if (!done) throw new Error(`challenge ${challengeId}: lost the ranking lease`);
    return done.ranked;
  });
  await dropRankingTables(db, challengeId, [generation, previous]);
  return { built: true, generation, ranked };
}
