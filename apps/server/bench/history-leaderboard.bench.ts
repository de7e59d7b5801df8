/**
 * History leaderboard benchmark (npm run bench): 1,000 saved 600-second rides of one video in a
 * fresh PostgreSQL database (one point per second, as saving leaves them), the real app on a
 * random port, then `history-leaderboard` over a real Socket.IO client at random seconds against
 * two baselines measured in the same run: GET /healthz (one trivial database round trip) and
 * `history-leaderboard` of a video nobody rode (the channel's own cost). Fails when the p99
 * reaches 20 ms.
 *
 * Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL, BENCH_RIDES, BENCH_ROUNDS.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { envCount, withBenchServer } from './bench-server.js';
import { connectRide, type RideSocket } from './ride-socket.js';
import { runBench, stats, table, timed, type Scenario, type Stats } from './measure.js';

const P99_LIMIT_MS = 20;
const RIDES = envCount('BENCH_RIDES', 1_000);
const ROUNDS = envCount('BENCH_ROUNDS', 500);
const SECONDS = 600;

/** Riders, one ready video (and an unridden one), and RIDES saved rides: a fifth end at 300 s. */
async function seed(client: pg.Client, rides: number): Promise<void> {
  await client.query(`
    insert into users (email, username, display_name, email_verified)
    select 'rider' || i || '@bench.test', 'rider' || i, 'Rider ' || i, true
      from generate_series(1, ${rides + 1}) i`);
  await client.query(`
    insert into races (url, title, user_id, status, duration, slope_source_id)
    values ('bench-video', 'Bench video', 1, 'ready', ${SECONDS}, 2),
           ('empty-video', 'Nobody rode this', 1, 'ready', ${SECONDS}, 2)`);
  await client.query(`
    insert into tracks (user_id, race_id, race_url, title, client_ride_id, status, started_at,
                        total_distance, duration, accumulated_power, last_elapsed_time)
    select i + 1, 1, 'bench-video', 'Bench video', 'bench-' || i, 'saved',
           now() - make_interval(days => i), last * 8, last + 1, (last + 1) * 200, last
      from (select i, case when i % 5 = 0 then 299 else ${SECONDS - 1} end as last
              from generate_series(1, ${rides}) i) r`);
  await client.query(`
    insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                              heart_rate, cadence, distance, speed, recorded_at)
    select t.id, 1, s, (s + 1) * (150 + t.id % 150), 150 + t.id % 150, 140, 90, s * 8, 8,
           t.started_at + make_interval(secs => s)
      from tracks t cross join generate_series(0, t.last_elapsed_time) s`);
  // Visibility map set, as autovacuum leaves a table of finished rides: index-only scans.
  await client.query('vacuum analyze track_points');
  await client.query('analyze tracks');
}

/** One history request; checks the answer holds every ride (or none for the empty video). */
async function ask(socket: RideSocket, raceUrl: string, expected: number): Promise<number> {
  const second = Math.floor(Math.random() * SECONDS);
  const start = performance.now();
  const answer = await socket
    .timeout(10_000)
    .emitWithAck('history-leaderboard', { raceUrl, elapsed_time: second });
  const ms = performance.now() - start;
  if (!answer.ok) throw new Error(answer.message);
  if (answer.leaderboard.length !== expected) {
    throw new Error(`second ${second}: ${answer.leaderboard.length} rides, not ${expected}`);
  }
  return ms;
}

async function concurrent(
  sockets: RideSocket[],
  raceUrl: string,
  expected: number,
  rounds: number,
): Promise<Stats> {
  const ms: number[] = [];
  const start = performance.now();
  await Promise.all(
    sockets.map(async (socket) => {
      for (let i = 0; i < rounds; i++) ms.push(await ask(socket, raceUrl, expected));
    }),
  );
  return stats(`history, ${sockets.length} concurrent clients`, ms, performance.now() - start);
}

async function main(): Promise<number> {
  const sockets: RideSocket[] = [];
  return withBenchServer(
    `${RIDES} rides of ${SECONDS} s`,
    (client) => seed(client, RIDES),
    async ({ baseUrl, database }) => {
      try {
        const token = await sessionStore(database.db, 3600_000).create(RIDES + 1);
        for (let i = 0; i < 4; i++) sockets.push(await connectRide(baseUrl, token));
        const [socket] = sockets as [RideSocket];
        const healthz: Scenario = {
          name: 'GET /healthz (baseline)',
          path: '/healthz',
          kind: 'baseline',
        };

        console.log('bench: warming up');
        for (let i = 0; i < 30; i++) {
          await ask(socket, 'bench-video', RIDES);
          await ask(socket, 'empty-video', 0);
          await timed(baseUrl, healthz);
        }
        console.log(`bench: ${ROUNDS} sequential rounds`);
        const history: number[] = [];
        const empty: number[] = [];
        const health: number[] = [];
        // Interleaved, so a slow moment of the machine hits every kind alike.
        for (let r = 0; r < ROUNDS; r++) {
          history.push(await ask(socket, 'bench-video', RIDES));
          empty.push(await ask(socket, 'empty-video', 0));
          health.push(await timed(baseUrl, healthz));
        }
        const base = stats(healthz.name, health);
        const rows = [
          stats(`history-leaderboard, ${RIDES} rides`, history),
          stats('history-leaderboard, no rides (baseline)', empty),
          base,
          await concurrent(sockets, 'bench-video', RIDES, Math.ceil(ROUNDS / 4)),
        ];
        console.log(`\n${table(rows, base)}\n`);
        const main = rows[0]!;
        const overEmpty = main.p99 / rows[1]!.p99;
        console.log(
          `history p99 is ${overEmpty.toFixed(1)}x the empty answer's and ${(main.p99 / base.p99).toFixed(1)}x /healthz's; ` +
            `${(main.perSecond / base.perSecond).toFixed(2)}x the requests per second of /healthz`,
        );
        const ok = main.p99 < P99_LIMIT_MS;
        console.log(
          `history-leaderboard p99 ${main.p99.toFixed(2)} ms ${ok ? '<' : '>='} ${P99_LIMIT_MS} ms: ${ok ? 'PASS' : 'FAIL'}`,
        );
        return ok ? 0 : 1;
      } finally {
        for (const socket of sockets) socket.close();
      }
    },
  );
}

runBench(main);
