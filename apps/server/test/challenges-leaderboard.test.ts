import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeLeaderboardResponseSchema } from '@ridealong/contracts';
import { tracks, userChallenges } from '../src/db/schema.js';
import { recalculateChallenge } from '../src/modules/challenges/refresh.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, type Member } from './races-fixtures.js';
import { calls, challenge, failure, jobsDone, setProgress } from './challenges-fixtures.js';

/**
 * GET /challenge/leaderboard/{id}: board order, rankings shared by ties, pages, the count and
 * the caller's own row; and recalculate-rankings rebuilding rows changed behind the server's back.
 */

describe.each(backends)('challenge leaderboard and recalculation on $name', (backend) => {
  let s: TestServer;
  let admin: Member;
  let api: ReturnType<typeof calls>;

  beforeAll(async () => {
    s = await startServer(backend);
    api = calls(s);
    admin = await member(s, { name: 'Admin', admin: true });
  });
  afterAll(() => s.close());

  /** Members who joined `challengeId`, with these standings (completion, total), in order. */
  async function standings(challengeId: number, rows: Array<[string, number, number]>) {
    const out: Member[] = [];
    for (const [name, completion, total] of rows) {
      const m = await member(s, { name });
      await api.joined(m, challengeId);
      await setProgress(s.database, challengeId, m.user.id, completion, total);
      out.push(m);
    }
    return out;
  }

  it('ranks by completion then total, ties sharing a ranking, in pages, with the caller’s row', async () => {
    const c = await challenge(s, { type: 'DISTANCE_BASED', goal: 100 });
    const [ann, ben, cai, dan, eve, fay, gus, hal] = await standings(c.id, [
      ['Ann', 1, 120],
      ['Ben', 1, 100],
      ['Cai', 1, 100],
      ['Dan', 0.5, 50],
      ['Eve', 0.5, 50],
      ['Fay', 0.2, 20],
      ['Gus', 0, 0],
      ['Hal', 0, 0],
    ]);
    const names = (rows: Array<{ user: { display_name: string } }>) =>
      rows.map((r) => r.user.display_name);

    const top = challengeLeaderboardResponseSchema.parse(
      await api.board(c.id, gus!.token, '?start=0&paginate=3'),
    );
    expect(top.count).toBe(8);
    expect(names(top.rows)).toEqual(['Ann', 'Ben', 'Cai']);
    expect(top.rows.map((r) => r.ranking)).toEqual([1, 2, 2]);
    expect(top.rows[0]).toMatchObject({
      complete: true,
      completion_percent: 1,
      status_data: { status: { current_total: 120 } },
    });
    // Gus ranks 7th, level with Hal: his own row wherever it is.
    expect(top.me).toMatchObject({ ranking: 7, user: { id: gus!.user.id, display_name: 'Gus' } });

    const next = await api.board(c.id, ben!.token, '?start=3&paginate=3');
    expect(names(next.rows)).toEqual(['Dan', 'Eve', 'Fay']);
    expect(next.rows.map((r) => r.ranking)).toEqual([4, 4, 6]);
    expect(next.me).toMatchObject({ ranking: 2, user: { id: ben!.user.id } });
    // A page starting inside a tie ranks its first row with the tie.
    const inside = await api.board(c.id, undefined, '?start=2&paginate=2');
    expect(inside.rows.map((r) => [r.user.display_name, r.ranking])).toEqual([
      ['Cai', 2],
      ['Dan', 4],
    ]);
    const last = await api.board(c.id, hal!.token, '?start=6');
    expect(last.rows.map((r) => r.ranking)).toEqual([7, 7]);
    expect(last.me).toEqual(last.rows[1]);

    // Guests and non-participants have no row of their own; the default page is the top 100.
    const all = await api.board(c.id);
    expect(all.me).toBeNull();
    expect(all.rows).toHaveLength(8);
    const stranger = await member(s, { name: 'Stranger' });
    expect((await api.board(c.id, stranger.token)).me).toBeNull();
    expect([ann, cai, dan, eve, fay].every(Boolean)).toBe(true);
  });

  it('answers bad pages and unknown challenges with a 4xx', async () => {
    const c = await challenge(s);
    expect((await api.board(c.id)).count).toBe(0);
    const board = (q: string) => s.get(`/api/v1/challenge/leaderboard/${q}`);
    await failure(await board('2147483647'), 404);
    for (const q of [
      '2147483648',
      '0',
      '-1',
      'abc',
      '1.5',
      `${c.id}?paginate=101`,
      `${c.id}?paginate=0`,
      `${c.id}?start=-1`,
      `${c.id}?start=99999999999`,
    ]) {
      expect((await board(q)).status, q).toBe(400);
    }
  });

  /** A saved ride of the member, stored directly (as a save would leave it). */
  const storedRide = async (userId: number, minutes: number) => {
    await s.database.db.insert(tracks).values({
      userId,
      raceUrl: 'gone-video',
      title: 'Ride',
      clientRideId: randomUUID(),
      status: 'saved',
      startedAt: new Date(Date.now() - 3600_000),
      duration: minutes * 60,
      totalDistance: minutes * 500,
      accumulatedPower: minutes * 60 * 150,
      lastElapsedTime: minutes * 60 - 1,
    });
  };
  const rowsOf = (challengeId: number) =>
    s.database.db
      .select({
        userId: userChallenges.userId,
        currentTotal: userChallenges.currentTotal,
        completionPercent: userChallenges.completionPercent,
        complete: userChallenges.complete,
        completedAt: userChallenges.completedAt,
      })
      .from(userChallenges)
      .where(eq(userChallenges.challengeId, challengeId))
      .orderBy(asc(userChallenges.userId));

  it('rebuilds rows tampered with in the database, through recalculate-rankings', async () => {
    const c = await challenge(s, { type: 'TIME_BASED', goal: 30 });
    const riders = await standings(c.id, [
      ['R1', 0, 0],
      ['R2', 0, 0],
      ['R3', 0, 0],
    ]);
    await storedRide(riders[0]!.user.id, 30);
    await storedRide(riders[1]!.user.id, 12);
    // Rides stored behind the server's back, and rows set to what no ride says.
    await setProgress(s.database, c.id, riders[2]!.user.id, 1, 999);
    const outsider = await member(s, { name: 'Inserted' });
    await s.database.db.insert(userChallenges).values({
      challengeId: c.id,
      userId: outsider.user.id,
      completionPercent: 0.9,
      currentTotal: 27,
    });
    const res = await s.post(
      '/api/v1/challenge/recalculate-rankings',
      { challenge_ids: [c.id], user_id: admin.user.id },
      admin.token,
    );
    expect(await json(res)).toEqual({ status: 'success' });
    await jobsDone(s.database, 'challenge.recalculate', { challengeId: c.id });
    const rows = await rowsOf(c.id);
    expect(rows.map((r) => [r.currentTotal, r.completionPercent, r.complete])).toEqual([
      [30, 1, true],
      [12, 0.4, false],
      [0, 0, false],
      [0, 0, false],
    ]);
    expect(rows[0]!.completedAt).toBeInstanceOf(Date);
    expect(rows[2]!.completedAt).toBeNull();
    const board = await api.board(c.id);
    expect(board.rows.map((r) => [r.user.display_name, r.ranking])).toEqual([
      ['R1', 1],
      ['R2', 2],
      ['R3', 3],
      ['Inserted', 3],
    ]);
  });

  it('recalculates in batches (keyset over user id), every member once', async () => {
    const c = await challenge(s, { type: 'RIDE_BASED', goal: 1 });
    const riders = await standings(
      c.id,
      Array.from({ length: 7 }, (_, i): [string, number, number] => [`B${i}`, 0.5, 3]),
    );
    for (const r of riders.slice(0, 4)) await storedRide(r.user.id, 2);
    const batches: number[] = [];
    const result = await recalculateChallenge(s.database.db, c.id, {
      batchSize: 2,
      onBatch: (done) => void batches.push(done),
    });
    expect(result).toEqual({ members: 7, changed: 7 });
    expect(batches).toEqual([2, 4, 6]);
    const rows = await rowsOf(c.id);
    expect(rows.map((r) => r.completionPercent)).toEqual([1, 1, 1, 1, 0, 0, 0]);
    // Nothing to change the second time.
    expect(await recalculateChallenge(s.database.db, c.id, { batchSize: 3 })).toEqual({
      members: 7,
      changed: 0,
    });
    expect(
      await s.database.db
        .select()
        .from(userChallenges)
        .where(and(eq(userChallenges.challengeId, c.id), eq(userChallenges.complete, true))),
    ).toHaveLength(4);
  });
});
