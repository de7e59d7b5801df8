import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeLeaderboardResponseSchema } from '@ridealong/contracts';
import { challengeBoards, jobs, tracks, userChallenges } from '../src/db/schema.js';
import { createDbJobQueue } from '../src/jobs/db-queue.js';
import type { JobRunner } from '../src/jobs/types.js';
import { LIVE_BOARD_MAX, rankChallenge } from '../src/modules/challenges/board-snapshot.js';
import { challengeJobHandlers, challengeJobPayloads } from '../src/modules/challenges/jobs.js';
import { refreshMember } from '../src/modules/challenges/refresh.js';
import { RANKING_AS_OF_HEADER } from '../src/modules/challenges/routes.js';
import { backends, startServer, type TestServer } from './harness.js';
import { member } from './races-fixtures.js';
import { calls, challenge, jobsDone } from './challenges-fixtures.js';

/**
 * Big boards (more than LIVE_BOARD_MAX members) read from ranking snapshots
 * (board-snapshot.ts): pages at any depth and the caller's row exactly as the snapshot ranks
 * them, ties sharing a ranking; a change of progress queues one debounced rebuild; one build
 * at a time, whichever worker runs it.
 */

const SIZE = LIVE_BOARD_MAX + 200;
/** Seven levels of (completion, total): ties of about SIZE / 7 members. */
const levelOf = (i: number) => (i % 7) / 10;

type Standing = { userId: number; completion: number; total: number };

/** Board order and rankings as docs/challenges.md defines them, computed plainly. */
function expectedBoard(rows: Standing[]): Array<Standing & { ranking: number }> {
  const sorted = [...rows].sort(
    (a, b) => b.completion - a.completion || b.total - a.total || a.userId - b.userId,
  );
  return sorted.map((row) => ({
    ...row,
    ranking:
      1 +
      sorted.filter(
        (o) =>
          o.completion > row.completion || (o.completion === row.completion && o.total > row.total),
      ).length,
  }));
}

describe.each(backends)('challenge ranking snapshots on $name', (backend) => {
  let s: TestServer;
  let api: ReturnType<typeof calls>;

  beforeAll(async () => {
    // No worker in the server: the tests decide when builds run (workers() below).
    s = await startServer(backend, { ROLE: 'api' });
    api = calls(s);
  });
  afterAll(() => s.close());

  /** `n` worker runners of the challenge jobs, as separate worker processes would run them. */
  function workers(n: number): { stop: () => Promise<void> } {
    const runners: JobRunner[] = Array.from({ length: n }, () =>
      createDbJobQueue({ db: s.database.db, schemas: challengeJobPayloads }).runner({
        handlers: challengeJobHandlers(s.database.db),
        pollMs: 50,
      }),
    );
    for (const r of runners) r.start();
    return { stop: async () => void (await Promise.all(runners.map((r) => r.stop()))) };
  }
  /** Runs the challenge's queued build on one worker and waits for it. */
  async function built(id: number) {
    const worker = workers(1);
    try {
      return await jobsDone(s.database, 'challenge.rank', { challengeId: id });
    } finally {
      await worker.stop();
    }
  }

  /** A TIME_BASED challenge (goal 30 minutes) with SIZE members at seven levels, no rides. */
  async function bigBoard(): Promise<{ id: number; members: Standing[] }> {
    const c = await challenge(s, { type: 'TIME_BASED', goal: 30 });
    const tag = randomUUID().slice(0, 8);
    const { rows } = (await s.database.db.execute(sql`
      insert into users (email, username, display_name, email_verified)
      select 'big-' || ${tag} || '-' || i || '@example.com', 'big' || i, 'Big ' || i, true
        from generate_series(1, ${SIZE}::int) i
      returning id`)) as unknown as { rows: Array<{ id: number }> };
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const members = ids.map((userId, i) => ({
      userId,
      completion: levelOf(i),
      total: levelOf(i) * 30,
    }));
    await s.database.db.insert(userChallenges).values(
      members.map((m) => ({
        challengeId: c.id,
        userId: m.userId,
        completionPercent: m.completion,
        currentTotal: m.total,
      })),
    );
    await s.database.db.execute(
      sql`update challenges set participants = ${SIZE}::int where id = ${c.id}::int`,
    );
    return { id: c.id, members };
  }

  const page = async (id: number, query: string, token?: string) => {
    const res = await s.get(`/api/v1/challenge/leaderboard/${id}${query}`, token);
    expect(res.status).toBe(200);
    return {
      asOf: res.headers.get(RANKING_AS_OF_HEADER),
      body: challengeLeaderboardResponseSchema.parse(await res.json()),
    };
  };
  const board = (id: number) =>
    s.database.db.select().from(challengeBoards).where(eq(challengeBoards.challengeId, id));
  const snapshotTables = async (id: number) => {
    const { rows } = (await s.database.db.execute(sql`
      select tablename from pg_tables where tablename ~ ${`^challenge_rankings_${id}_[0-9]+$`}`)) as unknown as {
      rows: Array<{ tablename: string }>;
    };
    return rows.map((r) => Number(r.tablename.split('_').at(-1))).sort((a, b) => a - b);
  };
  const rankJobs = (id: number) =>
    s.database.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.name, 'challenge.rank'), sql`${jobs.payload} @> ${{ challengeId: id }}::jsonb`),
      );

  it('answers every page at any depth from the snapshot, ties sharing a ranking', async () => {
    const { id, members } = await bigBoard();
    // No snapshot yet: a live answer, and the first read queues the build.
    const live = await page(id, '?start=0&paginate=5');
    expect(live.asOf).toBeNull();
    expect(await rankJobs(id)).toHaveLength(1);
    await built(id);
    const expected = expectedBoard(members);
    for (const start of [0, 170, 171, 600, SIZE - 100, SIZE - 3]) {
      const { asOf, body } = await page(id, `?start=${start}&paginate=100`);
      expect(Date.parse(asOf ?? '')).toBeLessThanOrEqual(Date.now());
      expect(body.count).toBe(SIZE);
      const want = expected.slice(start, start + 100);
      expect(body.rows.map((r) => [r.user.id, r.ranking, r.completion_percent])).toEqual(
        want.map((w) => [w.userId, w.ranking, w.completion]),
      );
    }
    // Past the end: an empty page, not an error.
    expect((await page(id, `?start=${SIZE}`)).body.rows).toEqual([]);
  });

  it('gives the caller their own row: deep in the snapshot, or joined since it was taken', async () => {
    const { id, members } = await bigBoard();
    expect((await rankChallenge(s.database.db, id)).built).toBe(true);
    const expected = expectedBoard(members);
    const deep = expected[SIZE - 2]!;
    const token = (await member(s, { name: 'Probe' })).token;
    // A session of the deep member.
    const { sessionStore } = await import('../src/modules/accounts/sessions.js');
    const deepToken = await sessionStore(s.database.db, 3600_000).create(deep.userId);
    const top = await page(id, '?paginate=10', deepToken);
    expect(top.body.me).toMatchObject({ user: { id: deep.userId }, ranking: deep.ranking });
    expect(top.body.me!.ranking).toBeGreaterThan(SIZE / 2);
    // Not a member: no row of their own; a guest neither.
    expect((await page(id, '', token)).body.me).toBeNull();
    expect((await page(id, '')).body.me).toBeNull();

    // Joins after the snapshot (with no rides, progress 0): ranked among the snapshot's rows,
    // level with its last tie (1 + the rows strictly ahead).
    const late = await member(s, { name: 'Late' });
    await api.joined(late, id);
    const lastTie = expected.at(-1)!;
    expect(lastTie.completion).toBe(0);
    const seen = await page(id, '?paginate=1', late.token);
    expect(seen.body.me).toMatchObject({ user: { id: late.user.id }, ranking: lastTie.ranking });
    // The snapshot's count stays until the rebuild the join queued.
    expect(seen.body.count).toBe(SIZE);
    expect(await rankJobs(id)).toHaveLength(1);
  });

  it('ranks progress changes after one debounced rebuild, however many changes', async () => {
    const { id, members } = await bigBoard();
    await rankChallenge(s.database.db, id);
    const [before] = await board(id);
    // Three members ride the whole goal: their refreshes each change a row of the big board.
    const riders = [members[5]!, members[700]!, members[SIZE - 1]!];
    for (const r of riders) {
      await s.database.db.insert(tracks).values({
        userId: r.userId,
        raceUrl: 'gone-video',
        title: 'Ride',
        clientRideId: randomUUID(),
        status: 'saved',
        startedAt: new Date(Date.now() - 3600_000),
        duration: 30 * 60,
        totalDistance: 10_000,
        accumulatedPower: 30 * 60 * 150,
        lastElapsedTime: 30 * 60 - 1,
      });
      expect(await refreshMember(s.database.db, r.userId)).toBe(1);
    }
    // Until the rebuild the board answers the old snapshot, saying as of when.
    const stale = await page(id, '?paginate=3');
    expect(stale.asOf).toBe(before!.rankedAt!.toISOString());
    expect(stale.body.rows.map((r) => r.user.id)).not.toContain(riders[2]!.userId);

    expect(await rankJobs(id)).toHaveLength(1);
    const [done] = await built(id);
    expect(done!.attempts).toBe(1);
    const [after] = await board(id);
    expect(after!.generation).toBe(before!.generation! + 1);
    const moved = members.map((m) =>
      riders.some((r) => r.userId === m.userId) ? { ...m, completion: 1, total: 30 } : m,
    );
    const expected = expectedBoard(moved);
    const fresh = await page(id, '?paginate=5');
    expect(fresh.body.rows.map((r) => [r.user.id, r.ranking])).toEqual(
      expected.slice(0, 5).map((w) => [w.userId, w.ranking]),
    );
    expect(fresh.body.rows.slice(0, 3).map((r) => r.ranking)).toEqual([1, 1, 1]);
    // Each snapshot is a table; the one before the current stays for readers caught by the
    // switch, older ones are dropped.
    expect(await snapshotTables(id)).toEqual([before!.generation!, after!.generation!]);
    const third = await rankChallenge(s.database.db, id);
    expect(await snapshotTables(id)).toEqual([after!.generation!, third.built && third.generation]);
  });

  it('builds once across two workers, and one build at a time', async () => {
    const { id } = await bigBoard();
    // Two builds asked at once: one builds, the other finds the board leased.
    const both = await Promise.all([
      rankChallenge(s.database.db, id),
      rankChallenge(s.database.db, id),
    ]);
    expect(both.map((b) => b.built).sort()).toEqual([false, true]);
    const [first] = await board(id);

    // Two workers: a burst of changes queues one job, run once.
    const two = workers(2);
    try {
      const joiners = await Promise.all(
        Array.from({ length: 5 }, (_, i) => member(s, { name: `Burst${i}` })),
      );
      for (const j of joiners) await api.joined(j, id);
      expect(await rankJobs(id)).toHaveLength(1);
      const [ran] = await jobsDone(s.database, 'challenge.rank', { challengeId: id });
      expect(ran!.attempts).toBe(1);
    } finally {
      await two.stop();
    }
    const [after] = await board(id);
    expect(after).toMatchObject({ generation: first!.generation! + 1, ranked: SIZE + 5 });
    expect(after!.dueAt).toBeNull();
  });
});
