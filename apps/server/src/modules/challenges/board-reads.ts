import { and, asc, eq, gt, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { challengeBoards, userChallenges, users } from '../../db/schema.js';
import type { BoardEntry } from './members-repository.js';
import { rankingTable } from './ranking-table.js';

/** A board row with its ranking. */
export type RankedEntry = { entry: BoardEntry; ranking: number };

/** A page of a board's ranking snapshot, as of `asOf`; `count` is the snapshot's members. */
export type SnapshotPage = {
  asOf: Date;
  count: number;
  rows: RankedEntry[];
  me: RankedEntry | null;
};

type RankingTable = ReturnType<typeof rankingTable>;
const boardUser = { id: users.id, displayName: users.displayName, photoUrl: users.photoUrl };

/**
 * A page of the board's current snapshot and the caller's row, or null when it has none yet.
 * Every read is an index probe or range of the snapshot's table, whatever the depth; they
 * run in one repeatable-read transaction, so a switch to a newer snapshot between them cannot
 * mix two snapshots (and the old one's rows outlive their deletion for this reader).
 */
export async function snapshotPage(
  db: Db,
  challengeId: number,
  start: number,
  limit: number,
  callerId: number | null,
): Promise<SnapshotPage | null> {
  try {
    return await readSnapshot(db, challengeId, start, limit, callerId);
  } catch (e) {
    // Its table dropped between reading the board's state and reading it: two builds passed
    // meanwhile (a reader held up for seconds). The newest snapshot answers.
    if (!isMissingTable(e)) throw e;
    return readSnapshot(db, challengeId, start, limit, callerId);
  }
}

function readSnapshot(
  db: Db,
  challengeId: number,
  start: number,
  limit: number,
  callerId: number | null,
): Promise<SnapshotPage | null> {
  return db.transaction(
    async (tx) => {
      const [state] = await tx
        .select({
          generation: challengeBoards.generation,
          rankedAt: challengeBoards.rankedAt,
          ranked: challengeBoards.ranked,
        })
        .from(challengeBoards)
        .where(
          and(eq(challengeBoards.challengeId, challengeId), isNotNull(challengeBoards.generation)),
        );
      if (!state?.generation || !state.rankedAt) return null;
      const r = rankingTable(challengeId, state.generation);
      const ranked = (where: SQL | undefined) =>
        tx
          .select({
            member: {
              completionPercent: r.completionPercent,
              currentTotal: r.currentTotal,
              averagePower: r.averagePower,
              videosWatched: r.videosWatched,
              complete: r.complete,
            },
            user: boardUser,
            ranking: r.ranking,
          })
          .from(r)
          .innerJoin(users, eq(users.id, r.userId))
          .where(where)
          .$dynamic();
      const toEntry = ({ ranking, ...entry }: BoardEntry & { ranking: number }) => ({
        entry,
        ranking,
      });
      const rows = (
        await ranked(and(gt(r.position, start), lte(r.position, start + limit)))
          .orderBy(asc(r.position))
          .limit(limit)
      ).map(toEntry);
      let me: RankedEntry | null = null;
      if (callerId !== null) {
        me = rows.find((row) => row.entry.user.id === callerId) ?? null;
        if (!me) {
          // Unordered: one row at most (an ORDER BY position would tempt the planner to walk
          // the key from the top for it).
          const [mine] = await ranked(eq(r.userId, callerId));
          me = mine ? toEntry(mine) : await unranked(tx, challengeId, r, state.ranked, callerId);
        }
      }
      return { asOf: state.rankedAt, count: state.ranked, rows, me };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** PostgreSQL's undefined_table, however the driver wraps it. */
function isMissingTable(e: unknown): boolean {
  const code = (x: unknown) => (x as { code?: unknown } | null)?.code;
  return code(e) === '42P01' || code((e as { cause?: unknown } | null)?.cause) === '42P01';
}

/**
 * A member who joined after the snapshot: their own progress, ranked where it falls among the
 * snapshot's rows (1 + the rows strictly ahead): the position of the first row not ahead of it,
 * one probe of the snapshot's (completion, total, position) index.
 */
async function unranked(
  tx: Db,
  challengeId: number,
  r: RankingTable,
  ranked: number,
  userId: number,
): Promise<RankedEntry | null> {
  const [live] = await tx
    .select({
      member: {
        completionPercent: userChallenges.completionPercent,
        currentTotal: userChallenges.currentTotal,
        averagePower: userChallenges.averagePower,
        videosWatched: userChallenges.videosWatched,
        complete: userChallenges.complete,
      },
      user: boardUser,
    })
    .from(userChallenges)
    .innerJoin(users, eq(users.id, userChallenges.userId))
    .where(and(eq(userChallenges.challengeId, challengeId), eq(userChallenges.userId, userId)));
  if (!live) return null;
  const { completionPercent, currentTotal } = live.member;
  const [notAhead] = await tx
    .select({ position: r.position })
    .from(r)
    .where(
      sql`(${r.completionPercent}, ${r.currentTotal})
        <= (${completionPercent}::float8, ${currentTotal}::float8)`,
    )
    .orderBy(
      sql`${r.completionPercent} desc nulls last`,
      sql`${r.currentTotal} desc nulls last`,
      asc(r.position),
    )
    .limit(1);
  return { entry: live, ranking: notAhead ? notAhead.position : ranked + 1 };
}
