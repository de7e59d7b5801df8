/**
 * push-points benchmark (npm run bench): every rider pushes a batch of 10 points every 10 s of
 * video, and each batch is checked against the ride's bounds (tracks/ride-bounds.ts: the first
 * stored second, the point just before the batch). That check must not grow with the ride: a
 * push late in a 5-hour ride (15,000 stored seconds) is timed against two baselines of the same
 * run, a push into a ride that has 10 stored seconds and GET /healthz. Fails when the long
 * ride's p99 reaches 2x the short ride's (plus 1 ms of timer noise).
 *
 * Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL, BENCH_STORED_SECONDS, BENCH_ROUNDS.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { RidePoint } from '@ridealong/contracts';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { envCount, withBenchServer } from './bench-server.js';
import { connectRide, type RideSocket } from './ride-socket.js';
import { runBench, stats, table, timed, type Scenario } from './measure.js';

const STORED = envCount('BENCH_STORED_SECONDS', 15_000);
const ROUNDS = envCount('BENCH_ROUNDS', 300);
const BATCH = 10;
/** Hours since add-track: far more than the long ride's seconds, so the wall-clock rule holds. */
const STARTED_HOURS_AGO = 6;

/** A rider, a video of unknown length (the 6 h cap applies) and two recording rides. */
async function seed(client: pg.Client): Promise<void> {
  await client.query(`
    insert into users (email, username, display_name, email_verified)
    values ('rider@bench.test', 'rider', 'Rider', true)`);
  await client.query(`
    insert into races (url, title, user_id, status, duration, slope_source_id)
    values ('bench-video', 'Bench video', 1, 'ready', 0, 2)`);
  await client.query(`
    insert into tracks (user_id, race_id, race_url, title, client_ride_id, status, created_at,
                        started_at, last_elapsed_time)
    values (1, 1, 'bench-video', 'Long', 'bench-long', 'recording',
            now() - interval '${STARTED_HOURS_AGO} hours', now() - interval '${STARTED_HOURS_AGO} hours', ${STORED - 1}),
           (1, 1, 'bench-video', 'Short', 'bench-short', 'recording',
            now() - interval '${STARTED_HOURS_AGO} hours', now() - interval '${STARTED_HOURS_AGO} hours', ${BATCH - 1})`);
  await client.query(`
    insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                              heart_rate, cadence, distance, speed, recorded_at)
    select t.id, 1, s, (s + 1) * 200, 200, 140, 90, s * 8, 8, t.created_at + make_interval(secs => s)
      from tracks t cross join generate_series(0, t.last_elapsed_time) s`);
  await client.query('vacuum analyze track_points');
  await client.query('analyze tracks');
}

/** The next BATCH seconds of a ride as the client records them (8 m/s at 200 W). */
function batch(from: number, startedAt: number): RidePoint[] {
  return Array.from({ length: BATCH }, (_, i) => {
    const s = from + i;
    return {
      elapsed_time: s,
      accumulated_power: (s + 1) * 200,
      power: 200,
      heart_rate: 140,
      cadence: 90,
      distance: s * 8,
      speed: 8,
      timestamp: startedAt + s * 1000,
    };
  });
}

/** A ride being pushed to: its track id and its next second. */
type Ride = { trackId: number; next: number };

async function push(socket: RideSocket, ride: Ride, startedAt: number): Promise<number> {
  const points = batch(ride.next, startedAt);
  const start = performance.now();
  const ack = await socket
    .timeout(10_000)
    .emitWithAck('push-points', { track_id: ride.trackId, points });
  const ms = performance.now() - start;
  if (!ack.ok) throw new Error(`push at second ${ride.next}: ${ack.message}`);
  ride.next += BATCH;
  return ms;
}

async function main(): Promise<number> {
  let socket: RideSocket | null = null;
  return withBenchServer(
    `a ride of ${STORED} stored seconds and one of ${BATCH}`,
    seed,
    async ({ baseUrl, database }) => {
      try {
        socket = await connectRide(baseUrl, await sessionStore(database.db, 3600_000).create(1));
        const startedAt = Date.now() - STARTED_HOURS_AGO * 3600_000;
        const long: Ride = { trackId: 1, next: STORED };
        const short: Ride = { trackId: 2, next: BATCH };
        const healthz: Scenario = {
          name: 'GET /healthz (baseline)',
          path: '/healthz',
          kind: 'baseline',
        };
        console.log('bench: warming up');
        for (let i = 0; i < 20; i++) {
          await push(socket, long, startedAt);
          await push(socket, short, startedAt);
          await timed(baseUrl, healthz);
        }
        console.log(`bench: ${ROUNDS} rounds`);
        const longMs: number[] = [];
        const shortMs: number[] = [];
        const healthMs: number[] = [];
        // Interleaved, so a slow moment of the machine hits every kind alike.
        for (let r = 0; r < ROUNDS; r++) {
          longMs.push(await push(socket, long, startedAt));
          shortMs.push(await push(socket, short, startedAt));
          healthMs.push(await timed(baseUrl, healthz));
        }
        const base = stats(healthz.name, healthMs);
        const rows = [
          stats(`push-points, ride at ${STORED}+ s`, longMs),
          stats(`push-points, ride at ${BATCH}+ s (baseline)`, shortMs),
          base,
        ];
        console.log(`\n${table(rows, base)}\n`);
        const ratio = rows[0]!.p99 / rows[1]!.p99;
        const ok = rows[0]!.p99 < 2 * rows[1]!.p99 + 1;
        console.log(
          `push-points p99 late in a long ride is ${ratio.toFixed(2)}x a fresh ride's: ${ok ? 'PASS' : 'FAIL'} (limit 2x + 1 ms)`,
        );
        return ok ? 0 : 1;
      } finally {
        socket?.close();
      }
    },
  );
}

runBench(main);
