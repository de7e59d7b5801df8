/**
 * History leaderboard benchmark (npm run bench): a video with 100,000 saved rides (one point a
 * second, as saving leaves them; a fifth end halfway) in a fresh PostgreSQL database, the real
 * app on a random port, and riders asking `history-leaderboard` over real Socket.IO clients,
 * each placed somewhere in the standings by its own sum. Baselines of the same run: GET /healthz
 * (one trivial database round trip) and `history-leaderboard` of a video nobody rode (the
 * channel's own cost). Every second is first asked once (the first rider there builds the
 * second's standings, timed on its own); then riders ask at random seconds, one after another
 * and four at once. Fails when the p99 reaches 20 ms, an answer holds more than 20 entries, or a
 * rank differs from the one counted in SQL.
 *
 * Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL, BENCH_RIDES, BENCH_SECONDS, BENCH_ROUNDS.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { historyRepository } from '../src/modules/tracks/history-repository.js';
import { envCount, withBenchServer } from './bench-server.js';
import { insertSavedRides } from './database.js';
import { connectRide, type RideSocket } from './ride-socket.js';
import { runBench, stats, table, timed, type Scenario, type Stats } from './measure.js';

const P99_LIMIT_MS = 20;
const MAX_ENTRIES = 20;
const RIDES = envCount('BENCH_RIDES', 100_000);
const SECONDS = envCount('BENCH_SECONDS', 30);
const ROUNDS = envCount('BENCH_ROUNDS', 500);
const USERS = Math.min(RIDES, 10_000);

/** Members, one ready video (and an unridden one), RIDES saved rides at 100-399 W. */
async function seed(client: pg.Client): Promise<void> {
  await client.query(`
    insert into users (email, username, display_name, email_verified)
    select 'rider' || i || '@bench.test', 'rider' || i, 'Rider ' || i, true
      from generate_series(1, ${USERS + 1}) i`);
  await client.query(`
    insert into races (url, title, user_id, status, duration, slope_source_id)
    values ('bench-video', 'Bench video', 1, 'ready', ${SECONDS}, 2),
           ('empty-video', 'Nobody rode this', 1, 'ready', ${SECONDS}, 2)`);
  await insertSavedRides(
    client,
    `
    insert into tracks (user_id, race_id, race_url, title, client_ride_id, status, started_at,
                        total_distance, duration, accumulated_power, last_elapsed_time)
    select 2 + i % ${USERS}, 1, 'bench-video', 'Bench video', 'bench-' || i, 'saved',
           now() - make_interval(mins => i), last * 8, last + 1, (last + 1) * 200, last
      from (select i, case when i % 5 = 0 then ${Math.floor(SECONDS / 2) - 1} else ${SECONDS - 1} end as last
              from generate_series(1, ${RIDES}) i) r`,
  );
  // The history index is built once after the rows go in (faster than row by row), from its
  // own definition, so it is the migrations' index.
  const { rows } = await client.query<{ def: string }>(
    `select indexdef as def from pg_indexes where indexname = 'track_points_history_idx'`,
  );
  await client.query('drop index track_points_history_idx');
  await client.query(`
    insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                              heart_rate, cadence, distance, speed, recorded_at)
    select t.id, 1, s, (s + 1) * (100 + (t.id * 7919) % 300), 100 + (t.id * 7919) % 300, 140, 90,
           s * 8, 8, t.started_at + make_interval(secs => s)
      from tracks t cross join generate_series(0, t.last_elapsed_time) s`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(rows[0]?.def ?? '');
  // Visibility map set, as autovacuum leaves a table of finished rides: index-only scans.
  await client.query('vacuum analyze track_points');
  await client.query('vacuum analyze tracks');
}

type Ask = { socket: RideSocket; raceUrl: string; second: number; sum: number };

/** One answer, timed; checks its size and that it is the video's (or empty). */
async function ask(q: Ask): Promise<{ ms: number; rank: number | null; total: number }> {
  const start = performance.now();
  const answer = await q.socket.timeout(10_000).emitWithAck('history-leaderboard', {
    raceUrl: q.raceUrl,
    elapsed_time: q.second,
    accumulated_power: q.sum,
  });
  const ms = performance.now() - start;
  if (!answer.ok) throw new Error(answer.message);
  if (answer.leaderboard.length > MAX_ENTRIES) {
    throw new Error(`${answer.leaderboard.length} entries at second ${q.second}`);
  }
  return { ms, rank: answer.rank, total: answer.total };
}

/** A rider somewhere in the standings: 100-399 W average up to a random second. */
const rider = (socket: RideSocket, raceUrl = 'bench-video'): Ask => {
  const second = Math.floor(Math.random() * SECONDS);
  return { socket, raceUrl, second, sum: (second + 1) * (100 + Math.random() * 300) };
};

/** The asker's rank counted in SQL: riders at that second with more, plus ended ones with more. */
async function sqlRank(client: pg.Client, q: Ask): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select (select count(*) from track_points where race_id = 1 and elapsed_time = $1
               and accumulated_power > $2)
          + (select count(*) from tracks t join track_points p
               on p.track_id = t.id and p.elapsed_time = t.last_elapsed_time
             where t.race_id = 1 and t.status = 'saved' and t.last_elapsed_time < $1
               and p.accumulated_power > $2) as n`,
    [q.second, q.sum],
  );
  return Number(rows[0]?.n ?? 0) + 1;
}

async function main(): Promise<number> {
  const sockets: RideSocket[] = [];
  return withBenchServer(
    `${RIDES} rides of a ${SECONDS} s video`,
    seed,
    async ({ baseUrl, database, databaseUrl }) => {
      try {
        const token = await sessionStore(database.db, 3600_000).create(1);
        for (let i = 0; i < 4; i++) sockets.push(await connectRide(baseUrl, token));
        const [socket] = sockets as [RideSocket];
        const healthz: Scenario = {
          name: 'GET /healthz (baseline)',
          path: '/healthz',
          kind: 'baseline',
        };

        console.log('bench: the first rider at each second builds its standings');
        const cold: number[] = [];
        for (let second = 0; second < SECONDS; second++) {
          cold.push((await ask({ ...rider(socket), second })).ms);
          await ask({ ...rider(socket, 'empty-video'), second });
        }
        for (let i = 0; i < 20; i++) await timed(baseUrl, healthz);

        console.log(`bench: ${ROUNDS} sequential rounds`);
        const history: number[] = [];
        const empty: number[] = [];
        const health: number[] = [];
        // Interleaved, so a slow moment of the machine hits every kind alike.
        for (let r = 0; r < ROUNDS; r++) {
          history.push((await ask(rider(socket))).ms);
          empty.push((await ask(rider(socket, 'empty-video'))).ms);
          health.push(await timed(baseUrl, healthz));
        }
        const concurrentMs: number[] = [];
        const wall = performance.now();
        await Promise.all(
          sockets.map(async (s) => {
            for (let i = 0; i < ROUNDS / 4; i++) concurrentMs.push((await ask(rider(s))).ms);
          }),
        );
        // What a process pays once per video, and once per second of it.
        const repo = historyRepository(database.db);
        const tableMs: number[] = [];
        const secondMs: number[] = [];
        for (let i = 0; i < 3; i++) {
          let t = performance.now();
          await repo.rides(1, null);
          tableMs.push(performance.now() - t);
          t = performance.now();
          await repo.rowsAt(1, i);
          secondMs.push(performance.now() - t);
        }
        const base = stats(healthz.name, health);
        const rows: Stats[] = [
          stats(`history-leaderboard, ${RIDES} rides`, history),
          stats('history-leaderboard, no rides (baseline)', empty),
          base,
          stats('history, 4 concurrent clients', concurrentMs, performance.now() - wall),
          stats('first rider at a second (builds it)', cold),
          stats(`read a video's ${RIDES} rides (once)`, tableMs),
          stats(`read one second's ${RIDES} values`, secondMs),
        ];
        console.log(`\n${table(rows, base)}\n`);

        // The ranks are the standings' (a few checked against SQL).
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        let wrong = 0;
        for (let i = 0; i < 5; i++) {
          const q = rider(socket);
          const got = await ask(q);
          const want = await sqlRank(client, q);
          if (got.rank !== want) wrong += 1;
          console.log(`rank at second ${q.second}: ${got.rank} of ${got.total} (SQL: ${want})`);
        }
        await client.end();

        const main = rows[0]!;
        console.log(
          `history p99 is ${(main.p99 / rows[1]!.p99).toFixed(1)}x the empty answer's and ` +
            `${(main.p99 / base.p99).toFixed(1)}x /healthz's; concurrent p99 ${rows[3]!.p99.toFixed(2)} ms`,
        );
        const ok = main.p99 < P99_LIMIT_MS && rows[3]!.p99 < P99_LIMIT_MS && wrong === 0;
        console.log(
          `history-leaderboard p99 ${main.p99.toFixed(2)} ms (limit ${P99_LIMIT_MS} ms), ` +
            `at most ${MAX_ENTRIES} entries, ${wrong} wrong ranks: ${ok ? 'PASS' : 'FAIL'}`,
        );
        return ok ? 0 : 1;
      } finally {
        for (const socket of sockets) socket.close();
      }
    },
  );
}

runBench(main);
