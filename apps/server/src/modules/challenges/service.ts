import {
  CHALLENGE,
  CHALLENGE_MESSAGES,
  type CreateChallenge,
  type UserChallengeResponse,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { ChallengeRow, UserRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ChallengeJobQueue } from './jobs.js';
import { draftChallenge } from './create-rules.js';
import { LIVE_BOARD_MAX } from './board-snapshot.js';
import type { BoardEntry, MemberChallenge, MembersRepository } from './members-repository.js';
import { isActiveAt, presentUserChallenge } from './presenter.js';
import { pageRankings } from './ranking.js';
import type { ChallengesRepository, ChallengeWithVideos } from './repository.js';

type Caller = Pick<UserRow, 'id' | 'admin'>;

export type ChallengesServiceDeps = {
  challenges: ChallengesRepository;
  members: MembersRepository;
  jobs: ChallengeJobQueue;
  /** Joins and leaves per member (each recomputes the member's rides). */
  limiter: RateLimiter;
  now?: () => Date;
};

const HOUR_MS = 3600_000;

/**
 * A leaderboard answer before presenting: entries with their rankings; `asOf` is the moment of
 * the ranking snapshot it was read from (null: read live).
 */
export type Board = {
  count: number;
  rows: Array<{ entry: BoardEntry; ranking: number }>;
  me: { entry: BoardEntry; ranking: number } | null;
  asOf: Date | null;
};

/** The challenge calls of document 001 section 7 (docs/challenges.md). */
export function challengesService(deps: ChallengesServiceDeps) {
  const { challenges, members, jobs, limiter } = deps;
  /** Join and leave share one budget per member: a join/leave loop cannot hold the database. */
  const limitMembership = async (caller: Caller) => {
    const rate = await limiter.hit(
      `challenge-membership:member:${caller.id}`,
      CHALLENGE.membershipChangesPerHour,
      HOUR_MS,
    );
    if (!rate.allowed) throw tooManyRequests(rate.retryAfterSeconds);
  };
  const now = deps.now ?? (() => new Date());

  const existing = async (id: number, missing = notFound): Promise<ChallengeRow> => {
    const row = await challenges.findById(id);
    if (!row) throw missing(CHALLENGE_MESSAGES.unknown);
    return row;
  };
  const oneWithVideos = async (row: ChallengeRow) => (await challenges.withVideos([row]))[0]!;
  const self = (caller: Caller, userId: number) => {
    if (!can(caller, 'challengeMembership.change', { ownerId: userId })) {
      throw forbidden('You can only join or leave challenges yourself.');
    }
  };

  return {
    /** The member's challenges as the user carries them, newest joined first. */
    async summaries(userId: number) {
      const rows = await members.ofUser(userId, CHALLENGE.userChallengesMax);
      return rows.map((r: MemberChallenge) => presentUserChallenge(r));
    },

    /** add-user: joins an active challenge and computes the member's progress at once. */
    async join(caller: Caller, input: { user_id: number; challenge_id: number }): Promise<void> {
      self(caller, input.user_id);
      const challenge = await existing(input.challenge_id);
      if (!isActiveAt(challenge, now())) throw conflict(CHALLENGE_MESSAGES.notActive);
      await limitMembership(caller);
      await members.join(challenge.id, caller.id);
    },

    /** remove-user: leaving one not joined is what was asked. */
    async leave(caller: Caller, input: { user_id: number; challenge_id: number }): Promise<void> {
      self(caller, input.user_id);
      await existing(input.challenge_id);
      await limitMembership(caller);
      await members.leave(input.challenge_id, caller.id);
    },

    async userChallenge(
      caller: Caller,
      q: { challenge_id: number; user_id: number },
    ): Promise<UserChallengeResponse> {
      if (!can(caller, 'challengeMembership.read', { ownerId: q.user_id })) {
        throw forbidden("You may not see another member's progress.");
      }
      const challenge = await existing(q.challenge_id);
      const member = await members.find(challenge.id, q.user_id);
      return {
        is_registered: member !== null,
        user_challenge: member ? presentUserChallenge({ member, challenge }) : null,
      };
    },

    /**
     * A page of the board, everyone's count and the caller's own row wherever it ranks: a big
     * board from its ranking snapshot (board-snapshot.ts), a small one (or a big one before
     * its first snapshot) live.
     */
    async leaderboard(
      caller: Caller | null,
      challengeId: number,
      q: { start: number; paginate: number },
    ): Promise<Board> {
      const challenge = await existing(challengeId);
      if (challenge.participants > LIVE_BOARD_MAX) {
        const snap = await members.snapshotPage(
          challenge.id,
          q.start,
          q.paginate,
          caller?.id ?? null,
        );
        if (snap) return snap;
        await members.markDue(challenge.id);
      }
      const entries = await members.page(challenge.id, q.start, q.paginate);
      const first = entries[0];
      const aheadOfFirst = first ? await members.ahead(challenge.id, first.member) : 0;
      const rankings = pageRankings(
        entries.map((e) => e.member),
        q.start,
        aheadOfFirst,
      );
      const rows = entries.map((entry, i) => ({ entry, ranking: rankings[i]! }));
      const mine = caller ? rows.find((r) => r.entry.user.id === caller.id) : undefined;
      let me = mine ?? null;
      if (caller && !me) {
        const entry = await members.entry(challenge.id, caller.id);
        me = entry
          ? { entry, ranking: 1 + (await members.ahead(challenge.id, entry.member)) }
          : null;
      }
      return { count: challenge.participants, rows, me, asOf: null };
    },

    /** values: an unknown id is a 400 (the page goes back to the list, section 8). */
    async values(challengeId: number): Promise<ChallengeWithVideos> {
      return oneWithVideos(
        await existing(challengeId, (m = CHALLENGE_MESSAGES.unknown) => badRequest(m)),
      );
    },

    async active(): Promise<ChallengeWithVideos[]> {
      return challenges.withVideos(await challenges.active(now(), CHALLENGE.activeListMax));
    },

    async past(q: {
      start: number;
      paginate: number;
    }): Promise<{ count: number; rows: ChallengeWithVideos[] }> {
      const { count, rows } = await challenges.past(now(), q.start, q.paginate);
      return { count, rows: await challenges.withVideos(rows) };
    },

    /** Admins: the one featured challenge, an active one. */
    async setFeatured(id: number): Promise<void> {
      const challenge = await existing(id);
      if (!isActiveAt(challenge, now())) throw conflict(CHALLENGE_MESSAGES.notActive);
      if (!(await challenges.setFeatured(id))) throw notFound(CHALLENGE_MESSAGES.unknown);
    },

    /** Admins: one `challenge.recalculate` job per challenge; unknown ids are a 404. */
    async recalculate(ids: readonly number[]): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await challenges.existing(unique);
      if (found.length !== unique.length) throw notFound(CHALLENGE_MESSAGES.unknown);
      for (const challengeId of unique) {
        await jobs.enqueue('challenge.recalculate', { challengeId });
      }
    },

    /** Admins: a challenge from the admin page's fields (race videos must exist and be ready). */
    async create(input: CreateChallenge): Promise<ChallengeWithVideos> {
      const result = draftChallenge(input, now());
      if (!result.ok) throw badRequest(result.message);
      const { draft } = result;
      if (draft.challengeType === 'RACE_BASED') {
        const ready = await challenges.readyVideos(draft.videoSubset);
        if (ready.size !== draft.videoSubset.length) {
          throw badRequest(CHALLENGE_MESSAGES.raceVideos);
        }
      }
      return oneWithVideos(await challenges.insert(draft));
    },
  };
}

export type ChallengesService = ReturnType<typeof challengesService>;
