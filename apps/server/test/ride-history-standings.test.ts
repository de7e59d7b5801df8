import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LeaderboardEntry } from '@ridealong/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { leaderboardPlan } from '../src/modules/ride/standings-window.js';
import { buildStandings } from '../src/modules/tracks/history-standings-build.js';
import { backends, listenApp, startServer, type TestServer } from './harness.js';
import { member, type Member } from './races-fixtures.js';
import { connectRide, rideSockets, rideThrough, slopeVideo, startedAgo } from './ride-fixtures.js';

/**
 * Issue 21: the history leaderboard answers from standings kept in the database in levels
 * (the logarithmic method: marks every K places of each level and index range reads), exact
 * against a plain SQL count: with ties, ended rides, rides saved since the last build, rides
 * removed since, the asker's own saved ride, across many merges of levels, after the merge
 * that purges the removed, and on a second app instance sharing the database.
 */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** Small levels and marks, so a few dozen rides make many levels and merges. */
const SMALL = { markEvery: 4, levelBase: 4, rowsPerStatement: 200 };

async function build(db: Db, raceId: number) {
  const result = await buildStandings(db, raceId, SMALL);
  expect(result).not.toBeNull();
  return result!;
}

/** The live levels, lowest first: each within its capacity, and their rides counted in SQL. */
async function levelsOf(db: Db, raceId: number) {
  const levels = rows<{ level: number; rides: number; counted: number }>(
    await db.execute(sql`
      select l.level, l.rides,
             (select count(*)::int from race_standings rs where rs.race_id = l.race_id
                and rs.build = l.build and rs.second = s.horizon) as counted
        from race_standing_levels l join race_standings_state s on s.race_id = l.race_id
       where l.race_id = ${raceId} order by l.level`),
  );
  for (const l of levels) {
    expect(l.rides).toBe(l.counted);
    expect(l.rides).toBeLessThanOrEqual(SMALL.levelBase * 2 ** l.level);
  }
  return levels;
}

/** Saved rides put straight in the database (as saving leaves them): `power` W from `first` to `last`. */
async function seedRides(
  db: Db,
  race: { id: number; url: string },
  userId: number,
  rides: Array<{ power: number; first: number; last: number }>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rides) {
    const [t] = rows<{ id: number }>(
      await db.execute(sql`
        insert into tracks (user_id, race_id, race_url, title, client_ride_id, status,
                            last_elapsed_time, duration, accumulated_power)
        values (${userId}, ${race.id}, ${race.url}, 'Seeded', gen_random_uuid()::text, 'saved',
                ${r.last}, ${r.last - r.first + 1}, ${(r.last + 1) * r.power})
        returning id`),
    );
    await db.execute(sql`
      insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                                heart_rate, cadence, distance, speed, recorded_at)
      select ${t!.id}, ${race.id}, s, (s + 1) * ${r.power}, ${r.power}, 140, 90, s * 8, 8, now()
        from generate_series(${r.first}::int, ${r.last}::int) s`);
    ids.push(t!.id);
  }
  return ids;
}

/** The standings counted in SQL from the rides themselves: what every answer must match. */
async function expected(db: Db, raceId: number, second: number, sum: number | null, own: number) {
  const standings = rows<{ track_id: number; sum: number }>(
    await db.execute(sql`
      select t.id as track_id, p.accumulated_power as sum from tracks t
        join track_points p on p.track_id = t.id
         and p.elapsed_time = least(${second}::int, t.last_elapsed_time)
       where t.race_id = ${raceId} and t.status = 'saved' and t.id <> ${own}
       order by p.accumulated_power desc, t.id`),
  );
  const above = sum === null ? null : standings.filter((r) => r.sum > sum).length;
  const plan = leaderboardPlan(standings.length, above);
  return {
    total: plan.total,
    rank: plan.rank,
    rows: plan.rows.map((p) => [standings[p.position]!.track_id, p.rank]),
  };
}

describe.each(backends)('history standings ($name)', (backend) => {
  let s: TestServer;
  let second: { app: FastifyInstance; baseUrl: string; dir: string } | null = null;
  const sockets = rideSockets(() => s);
  let rider: Member;
  let owner: Member;
  let race: { id: number; url: string };

  beforeAll(async () => {
    s = await startServer(backend, { ROLE: 'api,realtime', RIDE_EVENTS_PER_SECOND: '1000' });
    owner = await member(s, { name: 'Owner' });
    rider = await member(s, { name: 'Asker' });
    race = await slopeVideo(s, owner, 20);
  });
  afterAll(async () => {
    sockets.closeAll();
    if (second) {
      await second.app.close();
      await rm(second.dir, { recursive: true, force: true });
    }
    await s.close();
  });

  /** Asks on `baseUrl` at many seconds and sums; every answer equals the SQL count's. */
  async function checkAll(
    baseUrl: string,
    own: number | null,
    sums: number[],
    video = race,
    seconds = [0, 3, 9, 10, 14, 19, 20, 25, 40],
  ) {
    const socket = await connectRide({ baseUrl }, rider.token);
    try {
      for (const t of seconds) {
        for (const sum of [null, ...sums.map((k) => k * (t + 1))]) {
          const answer = await socket.timeout(10_000).emitWithAck('history-leaderboard', {
            raceUrl: video.url,
            elapsed_time: t,
            ...(sum === null ? {} : { accumulated_power: sum }),
            ...(own === null ? {} : { track_id: own }),
          });
          if (!answer.ok) throw new Error(answer.message);
          const want = await expected(s.database.db, video.id, t, sum, own ?? 0);
          expect({
            at: [t, sum],
            total: answer.total,
            rank: answer.rank,
            rows: answer.leaderboard.map((e: LeaderboardEntry) => [e.track_id, e.rank]),
          }).toEqual({ at: [t, sum], ...want });
        }
      }
    } finally {
      socket.close();
    }
  }

  it('ranks and rows equal a SQL count with ties, ended rides, saves and removals since a build', async () => {
    const db = s.database.db;
    // 60 rides at 100, 150 or 200 W (many ties), a third ending at 9 s, some starting late.
    const built = await seedRides(
      db,
      race,
      rider.user.id,
      Array.from({ length: 60 }, (_, i) => ({
        power: 100 + 50 * (i % 3),
        first: i % 7 === 0 ? 5 : 0,
        last: i % 3 === 1 ? 9 : 19,
      })),
    );
    const own = built[4]!;
    const sums = [0, 100, 125, 150, 199.5, 200, 260];
    // Nothing built yet: every ride is one saved since (no build), still exact.
    await checkAll(s.baseUrl, own, sums);

    // 60 rides in one level (4 x 2^4 = 64 holds them).
    expect(await build(db, race.id)).toEqual({ level: 4, rides: 60, rowsWritten: 60 * 26 });
    const [state] = rows<{ built_seq: number; horizon: number }>(
      await db.execute(sql`select built_seq, horizon from race_standings_state
                            where race_id = ${race.id}`),
    );
    expect(state).toEqual({ built_seq: 60, horizon: 25 });
    await checkAll(s.baseUrl, own, sums);

    // Since the build: 9 more saved (ties with built ones), 6 built ones removed (one through
    // the API, the others as a deleted member's rides would go), one of them above the asker.
    await seedRides(
      db,
      race,
      rider.user.id,
      Array.from({ length: 9 }, (_, i) => ({
        power: 100 + 50 * (i % 3),
        first: 0,
        last: i % 2 ? 12 : 19,
      })),
    );
    const gone = await s.get(`/api/v1/tracks/${built[0]}/delete`, rider.token);
    expect(gone.status).toBe(200);
    await db.execute(
      sql`delete from tracks where id in (${sql.join(
        [1, 2, 10, 11, 35].map((i) => sql`${built[i]!}::int`),
        sql`, `,
      )})`,
    );
    await checkAll(s.baseUrl, own, sums);
    await checkAll(s.baseUrl, null, sums);

    // The next build puts the 9 in level 2; level 4 keeps the removed rides (subtracted).
    expect(await build(db, race.id)).toMatchObject({ level: 2, rides: 9 });
    expect((await levelsOf(db, race.id)).map((l) => [l.level, l.rides])).toEqual([
      [2, 9],
      [4, 60],
    ]);
    await checkAll(s.baseUrl, own, sums);
    // 50 more: the merge takes levels 2 and 4 in (level 5), leaving the removed out; the
    // build after drops the replaced levels' rows and the removed entries.
    await seedRides(
      db,
      race,
      rider.user.id,
      Array.from({ length: 50 }, (_, i) => ({ power: 120 + i, first: i % 4, last: 19 })),
    );
    expect(await build(db, race.id)).toMatchObject({ level: 5, rides: 60 - 6 + 9 + 50 });
    await checkAll(s.baseUrl, own, sums);
    await seedRides(db, race, rider.user.id, [{ power: 175, first: 0, last: 15 }]);
    expect(await build(db, race.id)).toMatchObject({ level: 0, rides: 1 });
    const [left] = rows<{ removed: number; rows: number }>(
      await db.execute(sql`
        select (select count(*)::int from race_standings_removed where race_id = ${race.id})
                 as removed,
               (select count(*)::int from race_standings where track_id = ${built[0]!}) as rows`),
    );
    expect(left).toEqual({ removed: 0, rows: 0 });
    await checkAll(s.baseUrl, own, sums);
  }, 180_000);

  it('stays exact across many merges, with removals in every level', async () => {
    const db = s.database.db;
    const video = await slopeVideo(s, owner, 20);
    const ids: number[] = [];
    const removed = new Set<number>();
    let saved = 0;
    const written = new Set<number>();
    for (let round = 0; round < 24; round++) {
      // 4 to 6 rides a round (the sweep's threshold is one level-0's worth), ties included.
      const n = 4 + (round % 3);
      ids.push(
        ...(await seedRides(
          db,
          video,
          rider.user.id,
          Array.from({ length: n }, (_, i) => ({
            power: 100 + 25 * ((round + i) % 5),
            first: (round + i) % 6,
            last: (round * 7 + i) % 3 === 0 ? 8 + (round % 5) : 19,
          })),
        )),
      );
      saved += n;
      if (round % 5 === 4) {
        // A ride of an older level goes (as a deleted member's ride would).
        const gone = ids.find((id, k) => k % 7 === round % 7 && !removed.has(id))!;
        removed.add(gone);
        await db.execute(sql`delete from tracks where id = ${gone}`);
      }
      written.add((await build(db, video.id)).level);
      const levels = await levelsOf(db, video.id);
      // Rides of live levels = saved - removed ones left out (the others are subtracted).
      const pending = rows<{ n: number }>(
        await db.execute(sql`select count(distinct track_id)::int as n from race_standings_removed
                              where race_id = ${video.id}`),
      )[0]!.n;
      expect(levels.reduce((k, l) => k + l.rides, 0)).toBeLessThanOrEqual(saved);
      expect(levels.reduce((k, l) => k + l.rides, 0)).toBeGreaterThanOrEqual(saved - removed.size);
      expect(pending).toBeLessThanOrEqual(removed.size);
      const own = ids[round % ids.length]!;
      await checkAll(s.baseUrl, removed.has(own) ? null : own, [125, 300], video, [0, 9, 19, 30]);
    }
    // 24 rounds of 4-6 rides (about 120): merges wrote levels 0 to 5.
    expect([...written].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    // The video grows longer: a ride past the old horizon extends every level (kept ones too).
    await db.execute(sql`update races set duration = 40 where id = ${video.id}`);
    await seedRides(db, video, rider.user.id, [{ power: 130, first: 0, last: 38 }]);
    expect(await build(db, video.id)).toMatchObject({ level: 0, rides: 1 });
    await levelsOf(db, video.id);
    await checkAll(s.baseUrl, null, [125, 300], video, [19, 25, 30, 38, 60]);
  }, 300_000);

  it('a ride saved then deleted on one app instance is in, then out, on another', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ra-test-'));
    const other = await listenApp({
      database: s.database,
      dataDir: dir,
      env: { ROLE: 'api,realtime', RIDE_EVENTS_PER_SECOND: '1000' },
    });
    second = { ...other, dir };
    const fast = await member(s, { name: 'Fasta' });
    const socket = await sockets.connect(fast);
    const trackId = await rideThrough(socket, fast, race, 0, 19, undefined, startedAgo(s, 19));
    const done = await socket.emitWithAck('stop-track', {
      discard_track: false,
      raceUrl: race.url,
      trackId,
      userId: fast.user.id,
    });
    expect(done.ok).toBe(true);
    // 200 W on every second: the answers at 10 s must place it (ties by track id).
    await checkAll(other.baseUrl, null, [0, 200, 201]);
    const onOther = await connectRide(other, rider.token);
    // Just below every 200 W ride at 10 s: the new ride (the last of those ties) shows above.
    const ask = () =>
      onOther.emitWithAck('history-leaderboard', {
        raceUrl: race.url,
        elapsed_time: 10,
        accumulated_power: 11 * 200 - 0.5,
      });
    const before = await ask();
    if (!before.ok) throw new Error(before.message);
    expect(before.leaderboard.map((e: LeaderboardEntry) => e.track_id)).toContain(trackId);

    const gone = await s.get(`/api/v1/tracks/${trackId}/delete`, fast.token);
    expect(gone.status).toBe(200);
    const after = await ask();
    onOther.close();
    if (!after.ok) throw new Error(after.message);
    expect(after.leaderboard.map((e: LeaderboardEntry) => e.track_id)).not.toContain(trackId);
    expect(after.total).toBe(before.total - 1);
    await checkAll(other.baseUrl, null, [0, 200, 201]);
  }, 120_000);
});
