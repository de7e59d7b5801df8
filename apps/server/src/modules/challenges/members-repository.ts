import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  challenges,
  userChallenges,
  users,
  type ChallengeRow,
  type UserChallengeRow,
  type UserRow,
} from '../../db/schema.js';
import { snapshotPage } from './board-reads.js';
import { LIVE_BOARD_MAX, markBoardsDue } from './board-snapshot.js';
import { lockMember, refreshMember } from './refresh.js';

/** A member's row with what its summary shows of the challenge. */
export type MemberChallenge = {
  member: UserChallengeRow;
  challenge: Pick<ChallengeRow, 'id' | 'title' | 'challengeType'>;
};

/** What a leaderboard row shows of a member's progress (live, or as a snapshot ranked it). */
export type BoardProgress = Pick<
  UserChallengeRow,
  'completionPercent' | 'currentTotal' | 'averagePower' | 'videosWatched' | 'complete'
>;

/** A leaderboard row: the member's progress and who they are. */
export type BoardEntry = {
  member: BoardProgress;
  user: Pick<UserRow, 'id' | 'displayName' | 'photoUrl'>;
};

const boardUser = { id: users.id, displayName: users.displayName, photoUrl: users.photoUrl };

/** The order of the leaderboard (user_challenges_board_idx): best first, ties by user id. */
const BOARD_ORDER = [
  // NULLS LAST as the index has it (the columns are never null): with PostgreSQL's default
  // for DESC (NULLS FIRST) the planner cannot read the index in order and sorts every row.
  sql`${userChallenges.completionPercent} desc nulls last`,
  sql`${userChallenges.currentTotal} desc nulls last`,
  asc(userChallenges.userId),
];

/**
 * A join or leave of a board read from snapshots marks it due for a new one; before the
 * challenge's row is updated (boards' rows are always locked first).
 */
async function markIfBig(tx: Db, challengeId: number, joining: number): Promise<void> {
  const [row] = await tx
    .select({ participants: challenges.participants })
    .from(challenges)
    .where(eq(challenges.id, challengeId));
  if (row && row.participants + joining > LIVE_BOARD_MAX) await markBoardsDue(tx, [challengeId]);
}

export function membersRepository(db: Db) {
  return {
    /**
     * Joins and computes the member's progress from their stored rides, in one transaction;
     * false when they had joined already (nothing changes then).
     */
    join(challengeId: number, userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Taken before the insert: a save's refresh of this member waits for the join to
        // commit (and then sees its row), or ran before it (and the join sees the ride).
        await lockMember(tx, userId);
        const [row] = await tx
          .insert(userChallenges)
          .values({ challengeId, userId })
          .onConflictDoNothing()
          .returning({ userId: userChallenges.userId });
        if (!row) return false;
        await refreshMember(tx, userId, { challengeIds: [challengeId] });
        await markIfBig(tx, challengeId, 1);
        // Last: the challenge's row is locked only for this statement's remaining moment,
        // not through the refresh (joins to one challenge would queue behind each other).
        await tx
          .update(challenges)
          .set({ participants: sql`${challenges.participants} + 1` })
          .where(eq(challenges.id, challengeId));
        return true;
      });
    },

    /** Leaves; false when the member was not in it. */
    leave(challengeId: number, userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(userChallenges)
          .where(
            and(eq(userChallenges.challengeId, challengeId), eq(userChallenges.userId, userId)),
          )
          .returning({ userId: userChallenges.userId });
        if (!row) return false;
        await markIfBig(tx, challengeId, 0);
        await tx
          .update(challenges)
          .set({ participants: sql`greatest(${challenges.participants} - 1, 0)` })
          .where(eq(challenges.id, challengeId));
        return true;
      });
    },

    async find(challengeId: number, userId: number): Promise<UserChallengeRow | null> {
      const [row] = await db
        .select()
        .from(userChallenges)
        .where(and(eq(userChallenges.challengeId, challengeId), eq(userChallenges.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The member's challenges, newest joined first (user_challenges_user_idx). */
    ofUser(userId: number, limit: number): Promise<MemberChallenge[]> {
      return db
        .select({
          member: userChallenges,
          challenge: {
            id: challenges.id,
            title: challenges.title,
            challengeType: challenges.challengeType,
          },
        })
        .from(userChallenges)
        .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
        .where(eq(userChallenges.userId, userId))
        .orderBy(desc(userChallenges.joinedAt), desc(userChallenges.challengeId))
        .limit(limit);
    },

    /**
     * A page of the leaderboard: an index range of user_challenges_board_idx. The offset is
     * walked over the index alone (an index-only scan of user ids); only the page's rows are
     * then read with their members, so a deep page does not fetch every row before it.
     */
    async page(challengeId: number, start: number, limit: number): Promise<BoardEntry[]> {
      const slice = db
        .select({ userId: userChallenges.userId })
        .from(userChallenges)
        .where(eq(userChallenges.challengeId, challengeId))
        .orderBy(...BOARD_ORDER)
        .offset(start)
        .limit(limit)
        .as('slice');
      return db
        .select({ member: userChallenges, user: boardUser })
        .from(slice)
        .innerJoin(
          userChallenges,
          and(eq(userChallenges.challengeId, challengeId), eq(userChallenges.userId, slice.userId)),
        )
        .innerJoin(users, eq(users.id, userChallenges.userId))
        .orderBy(...BOARD_ORDER);
    },

    /** One member's leaderboard row, or null when they have not joined. */
    async entry(challengeId: number, userId: number): Promise<BoardEntry | null> {
      const [row] = await db
        .select({ member: userChallenges, user: boardUser })
        .from(userChallenges)
        .innerJoin(users, eq(users.id, userChallenges.userId))
        .where(and(eq(userChallenges.challengeId, challengeId), eq(userChallenges.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** A page of the board's ranking snapshot (board-reads.ts), or null before the first. */
    snapshotPage: (challengeId: number, start: number, limit: number, callerId: number | null) =>
      snapshotPage(db, challengeId, start, limit, callerId),

    /** Queues a snapshot of a big board that has none yet. */
    markDue: (challengeId: number) => db.transaction((tx) => markBoardsDue(tx, [challengeId])),

    /**
     * Participants strictly ahead of this progress (completion, then total): the ranking is one
     * more. It reads the leading range of the board index, so it costs the rows ahead.
     */
    async ahead(
      challengeId: number,
      at: Pick<UserChallengeRow, 'completionPercent' | 'currentTotal'>,
    ): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(userChallenges)
        .where(
          and(
            eq(userChallenges.challengeId, challengeId),
            // A row comparison: the board index's leading range, read index-only (an OR of
            // the two cases would filter every participant instead).
            sql`(${userChallenges.completionPercent}, ${userChallenges.currentTotal})
              > (${at.completionPercent}::float8, ${at.currentTotal}::float8)`,
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type MembersRepository = ReturnType<typeof membersRepository>;
