import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { CHALLENGE, type ChallengeType } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { challenges, userChallenges } from '../../db/schema.js';
import { LIVE_BOARD_MAX, markBoardsDue } from './board-snapshot.js';
import {
  readyUploadsOf,
  savedRidesOf,
  writeProgress,
  type ProgressWrite,
} from './facts-repository.js';
import { progressOf, spanOf, type ChallengeRule, type Progress } from './progress.js';

/**
 * Progress is recomputed from what is stored (saved rides, ready uploads), never added to: a
 * ride resent, saved twice or deleted lands on the same numbers. Each recompute locks the
 * user-challenge rows it rewrites (FOR UPDATE, in one order: a member's by challenge id, a
 * challenge's by user id), so two recomputes of one member take turns and the later one,
 * which read the later rides, is the one that stays.
 */

/** Types a ride can move (a ride never changes UPLOAD_BASED). */
export const RIDE_TYPES: readonly ChallengeType[] = [
  'RACE_BASED',
  'DISTANCE_BASED',
  'POWER_BASED',
  'TIME_BASED',
  'RIDE_BASED',
];

const memberColumns = {
  challengeId: userChallenges.challengeId,
  userId: userChallenges.userId,
  currentTotal: userChallenges.currentTotal,
  averagePower: userChallenges.averagePower,
  videosWatched: userChallenges.videosWatched,
  completionPercent: userChallenges.completionPercent,
  complete: userChallenges.complete,
  type: challenges.challengeType,
  startsAt: challenges.startsAt,
  endsAt: challenges.endsAt,
  goal: challenges.goal,
  videoSubset: challenges.videoSubset,
  participants: challenges.participants,
};

type MemberRow = Progress &
  ChallengeRule & { challengeId: number; userId: number; participants: number };

/** The member rows that match, locked for this transaction in primary-key order. */
function lockedMembers(
  db: Db,
  where: SQL | undefined,
  order: 'challenge' | 'user',
  limit?: number,
) {
  const query = db
    .select(memberColumns)
    .from(userChallenges)
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .where(where)
    .orderBy(asc(order === 'challenge' ? userChallenges.challengeId : userChallenges.userId))
    .$dynamic();
  return (limit === undefined ? query : query.limit(limit)).for('update', { of: userChallenges });
}

const sameProgress = (a: Progress, b: Progress) =>
  a.currentTotal === b.currentTotal &&
  a.averagePower === b.averagePower &&
  a.completionPercent === b.completionPercent &&
  a.complete === b.complete &&
  a.videosWatched.length === b.videosWatched.length &&
  a.videosWatched.every((url, i) => url === b.videosWatched[i]);

/**
 * Recomputes these member rows: one read of the rides (and one of the uploads, when an
 * UPLOAD_BASED row is among them) of all their members over the union of their windows, then
 * one statement writing the rows whose progress changed. Returns how many changed.
 */
async function recompute(db: Db, rows: readonly MemberRow[]): Promise<number> {
  const span = spanOf(rows);
  if (!span) return 0;
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const needsRides = rows.some((r) => r.type !== 'UPLOAD_BASED');
  const needsUploads = rows.some((r) => r.type === 'UPLOAD_BASED');
  const rides = needsRides ? await savedRidesOf(db, userIds, span) : new Map<number, never[]>();
  const uploads = needsUploads
    ? await readyUploadsOf(db, userIds, span)
    : new Map<number, never[]>();
  const writes: ProgressWrite[] = [];
  const bigBoards = new Set<number>();
  for (const row of rows) {
    const progress = progressOf(row, rides.get(row.userId) ?? [], uploads.get(row.userId) ?? []);
    if (!sameProgress(row, progress)) {
      writes.push({ challengeId: row.challengeId, userId: row.userId, progress });
      if (row.participants > LIVE_BOARD_MAX) bigBoards.add(row.challengeId);
    }
  }
  await writeProgress(db, writes);
  // Boards read from snapshots learn a change in O(1): a debounced rebuild (board-snapshot.ts).
  if (bigBoards.size > 0) await markBoardsDue(db, [...bigBoards]);
  return writes.length;
}

/** Any constant: the namespace of the per-member lock (with the member's id as the key). */
const MEMBER_LOCK_SPACE = 1_414_031;

/**
 * One member's challenge changes take turns (a join and a save's refresh, two refreshes):
 * a transaction-level advisory lock on the member.
 */
export async function lockMember(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK_SPACE}::int, ${userId}::int)`);
}

export type RefreshOptions = {
  /** Only the challenges whose window contains this moment (a ride's start, an upload's). */
  at?: Date;
  /** Only these challenges (a join computes its one row). */
  challengeIds?: readonly number[];
  /** Only these types (RIDE_TYPES after a ride). */
  types?: readonly ChallengeType[];
};

/**
 * Recomputes one member's user-challenges that the change may touch (by default all of them).
 * Runs in its own transaction (a savepoint when `db` is one). Returns the rows that changed.
 */
export async function refreshMember(
  db: Db,
  userId: number,
  opts: RefreshOptions = {},
): Promise<number> {
  const where = and(
    eq(userChallenges.userId, userId),
    opts.at ? lte(challenges.startsAt, opts.at) : undefined,
    opts.at ? gt(challenges.endsAt, opts.at) : undefined,
    opts.challengeIds ? inArray(userChallenges.challengeId, [...opts.challengeIds]) : undefined,
    opts.types ? inArray(challenges.challengeType, [...opts.types]) : undefined,
  );
  if (opts.challengeIds?.length === 0 || opts.types?.length === 0) return 0;
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    return recompute(tx, await lockedMembers(tx, where, 'challenge'));
  });
}

export type RecalculateOptions = {
  /** Members per batch (one rides read and one write each); CHALLENGE.recalculateBatch. */
  batchSize?: number;
  /** Stops between batches (a worker shutting down); the job runs again from the start. */
  signal?: AbortSignal;
  /** Told after each batch with the members done so far. */
  onBatch?: (done: number) => Promise<void> | void;
};

/**
 * Recomputes every member of a challenge, a batch at a time in user-id order (keyset: each
 * batch is an index range of the primary key), each batch in its own short transaction.
 * Returns the members recomputed and the rows that changed.
 */
export async function recalculateChallenge(
  db: Db,
  challengeId: number,
  opts: RecalculateOptions = {},
): Promise<{ members: number; changed: number }> {
  const batchSize = opts.batchSize ?? CHALLENGE.recalculateBatch;
  let after = 0;
  let members = 0;
  let changed = 0;
  for (;;) {
    opts.signal?.throwIfAborted();
    const batch = await db.transaction(async (tx) => {
      const rows = await lockedMembers(
        tx,
        and(eq(userChallenges.challengeId, challengeId), gt(userChallenges.userId, after)),
        'user',
        batchSize,
      );
      return { rows: rows.length, last: rows.at(-1)?.userId, changed: await recompute(tx, rows) };
    });
    members += batch.rows;
    changed += batch.changed;
    if (batch.last === undefined || batch.rows < batchSize) break;
    after = batch.last;
    await opts.onBatch?.(members);
  }
  return { members, changed };
}
