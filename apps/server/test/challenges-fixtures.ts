import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  Challenge,
  ChallengeLeaderboardResponse,
  ChallengeType,
  User,
  UserChallengeResponse,
} from '@ridealong/contracts';
import type { Database } from '../src/db/client.js';
import {
  challenges,
  jobs,
  userChallenges,
  type ChallengeRow,
  type JobRow,
} from '../src/db/schema.js';
import type { TestServer } from './harness.js';
import { json, type Member } from './races-fixtures.js';

/** Challenges written straight into the database, the challenge calls, and job waits. */

const DAY = 86_400_000;

export type Failure = { status: 'failure'; message: string };

/** A challenge running from `fromDays` to `toDays` days from now (a week ago to a month on). */
export async function challenge(
  s: TestServer,
  values: {
    type?: ChallengeType;
    goal?: number | null;
    videoSubset?: string[];
    title?: string;
    fromDays?: number;
    toDays?: number;
    active?: boolean;
    featured?: boolean;
  } = {},
): Promise<ChallengeRow> {
  const now = Date.now();
  const [row] = await s.database.db
    .insert(challenges)
    .values({
      title: values.title ?? 'Test challenge',
      description: 'Ride it.',
      challengeType: values.type ?? 'TIME_BASED',
      goal: values.goal === undefined ? 60 : values.goal,
      videoSubset: values.videoSubset ?? [],
      startsAt: new Date(now + (values.fromDays ?? -7) * DAY),
      endsAt: new Date(now + (values.toDays ?? 30) * DAY),
      active: values.active ?? true,
      featured: values.featured ?? false,
    })
    .returning();
  if (!row) throw new Error('no challenge');
  return row;
}

export async function failure(res: Response, status: number): Promise<string> {
  const body = await json<Failure>(res, status);
  expect(body.status).toBe('failure');
  expect(body.message.trim()).not.toBe('');
  return body.message;
}

/** The challenge calls as a member (or a guest without a token). */
export function calls(s: TestServer) {
  const membership =
    (path: string) =>
    (m: Member, challengeId: number, userId = m.user.id) =>
      s.post(`/api/v1/challenge/${path}`, { user_id: userId, challenge_id: challengeId }, m.token);
  return {
    join: membership('add-user'),
    leave: membership('remove-user'),
    joined: async (m: Member, challengeId: number) =>
      json<User>(await membership('add-user')(m, challengeId)),
    progress: async (m: Member, challengeId: number) =>
      json<UserChallengeResponse>(
        await s.get(
          `/api/v1/challenge/user-challenge/?challenge_id=${challengeId}&user_id=${m.user.id}`,
          m.token,
        ),
      ),
    board: async (challengeId: number, token?: string, query = '') =>
      json<ChallengeLeaderboardResponse>(
        await s.get(`/api/v1/challenge/leaderboard/${challengeId}${query}`, token),
      ),
    values: (challengeId: unknown) =>
      s.post('/api/v1/challenge/values/', { challenge_id: challengeId }),
    active: async () => json<Challenge[]>(await s.get('/api/v1/challenge/active')),
  };
}

/** Sets a member's stored progress directly (a leaderboard of known standings, a tampered row). */
export async function setProgress(
  database: Database,
  challengeId: number,
  userId: number,
  completionPercent: number,
  currentTotal: number,
): Promise<void> {
  await database.db
    .update(userChallenges)
    .set({ completionPercent, currentTotal, complete: completionPercent >= 1 })
    .where(and(eq(userChallenges.challengeId, challengeId), eq(userChallenges.userId, userId)));
}

/**
 * Waits until every job of this name whose payload contains `payload` has finished, and at
 * least one exists; polls the jobs table (the worker runs in the background, with no signal).
 */
export async function jobsDone(
  database: Database,
  name: string,
  payload: Record<string, unknown>,
): Promise<JobRow[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, name), sql`${jobs.payload} @> ${JSON.stringify(payload)}::jsonb`));
    if (rows.length > 0 && rows.every((r) => r.state === 'done' || r.state === 'failed')) {
      for (const row of rows) expect(row, JSON.stringify(row)).toMatchObject({ state: 'done' });
      return rows;
    }
    if (Date.now() > deadline) throw new Error(`${name} ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
