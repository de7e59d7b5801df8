/**
 * Ride load benchmark (npm run bench): BENCH_RIDERS (1,000) riders on one server process, each
 * a Socket.IO client doing what the ride page does: history-leaderboard every second,
 * push-points (10 points) and control-request every 10 s, on a video with BENCH_RIDES (5,000)
 * earlier saved rides, each rider at its own place in the video. The server is a real process
 * (src/main.ts) on a fresh PostgreSQL database, so its CPU is read from /proc apart from the
 * load generator's. Baseline of the same run: BENCH_BASELINE_RIDERS (20) riders doing the same.
 * Fails when an answer's p99 reaches 50 ms or any request fails. Riders first join all at once
 * (add-track and a first leaderboard, as after a server restart: each at a second the process
 * has not built yet); those first answers are reported apart from the ride's.
 *
 * BENCH_PROCESSES=2 splits the riders over two server processes on the same database (and
 * REDIS_URL when set): the two-process variant.
 *
 * Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL, BENCH_RIDERS, BENCH_RIDES,
 * BENCH_LOAD_SECONDS, BENCH_PROCESSES, BENCH_BASELINE_RIDERS.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { standingsSweep } from '../src/modules/tracks/history-standings-sweep.js';
import { envCount } from './bench-server.js';
import { createBenchDatabase, insertSavedRides, reachable, serverUrl } from './database.js';
import { runBench, stats, table, type Stats } from './measure.js';
import { connectRide, type RideSocket } from './ride-socket.js';
import { cpuSeconds, startServerProcess, type BenchProcess } from './server-processes.js';

const P99_LIMIT_MS = 50;
const RIDERS = envCount('BENCH_RIDERS', 1000);
const BASELINE_RIDERS = envCount('BENCH_BASELINE_RIDERS', 20);
const RIDES = envCount('BENCH_RIDES', 5000);
const LOAD_SECONDS = envCount('BENCH_LOAD_SECONDS', 40);
const PROCESSES = envCount('BENCH_PROCESSES', 1);
const VIDEO_SECONDS = 300;
const ACK_MS = 10_000;

async function seed(client: pg.Client): Promise<void> {
  await client.query(`
    insert into users (email, username, display_name, email_verified)
    select 'rider' || i || '@bench.test', 'rider' || i, 'Rider ' || i, true
      from generate_series(1, ${RIDERS + BASELINE_RIDERS + 1}) i`);
  await client.query(`
    insert into races (url, title, user_id, status, duration, slope_source_id)
    values ('bench-video', 'Bench video', 1, 'ready', ${VIDEO_SECONDS}, 2)`);
  await client.query(`
    insert into race_slope_points (race_id, second, distance, elevation, speed, slope)
    select 1, s, s * 8, 100, 8, (s % 10) - 5 from generate_series(0, ${VIDEO_SECONDS}) s`);
  await insertSavedRides(
    client,
    `
    insert into tracks (user_id, race_id, race_url, title, client_ride_id, status, started_at,
                        last_elapsed_time)
    select 2 + i % ${RIDERS}, 1, 'bench-video', 'Bench video', 'history-' || i, 'saved',
           now() - make_interval(mins => i),
           case when i % 5 = 0 then ${VIDEO_SECONDS / 2 - 1} else ${VIDEO_SECONDS - 1} end
      from generate_series(1, ${RIDES}) i`,
  );
  await client.query(`
    insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                              heart_rate, cadence, distance, speed, recorded_at)
    select t.id, 1, s, (s + 1) * (100 + (t.id * 7919) % 300), 100 + (t.id * 7919) % 300, 140, 90,
           s * 8, 8, t.started_at + make_interval(secs => s)
      from tracks t cross join generate_series(0, t.last_elapsed_time) s`);
  await client.query('vacuum analyze track_points');
  await client.query('vacuum analyze tracks');
}

/** Runs the worker's standings sweep until no video is due a build. */
async function buildAllStandings(db: Parameters<typeof standingsSweep>[0]['db']): Promise<void> {
  const quiet = { info: () => undefined, error: (o: object, m: string) => console.error(m, o) };
  const sweep = standingsSweep({ db, log: quiet });
  while ((await sweep.sweep()).length > 0);
}

type Timings = {
  history: number[];
  push: number[];
  control: number[];
  /** Each rider's first answer, at a second the process had not built yet. */
  join: number[];
  errors: string[];
};

/** Times one request into `into`; a refusal or a timeout is an error. */
async function timed<T extends { ok: boolean }>(
  out: Timings,
  into: number[],
  run: () => Promise<T>,
): Promise<T | null> {
  const start = performance.now();
  try {
    const answer = await run();
    into.push(performance.now() - start);
    if (!answer.ok) out.errors.push(JSON.stringify(answer).slice(0, 200));
    return answer;
  } catch (e) {
    out.errors.push(String(e));
    return null;
  }
}

type Rider = { socket: RideSocket; trackId: number; from: number; watts: number };

/** A rider opens the ride page: add-track at its place in the video and a first leaderboard. */
async function join(socket: RideSocket, userId: number, seconds: number, out: Timings) {
  const added = await socket.timeout(ACK_MS).emitWithAck('add-track', {
    race_id: 1,
    race_url: 'bench-video',
    user_id: userId,
    client_ride_id: randomUUID(),
  });
  if (!added.ok) throw new Error(added.message);
  const rider: Rider = {
    socket,
    trackId: added.track_id,
    from: Math.floor(Math.random() * (VIDEO_SECONDS - seconds - 10)),
    watts: 100 + Math.random() * 300,
  };
  await timed(out, out.join, () =>
    socket.timeout(ACK_MS).emitWithAck('history-leaderboard', {
      raceUrl: 'bench-video',
      elapsed_time: rider.from,
      track_id: rider.trackId,
    }),
  );
  return rider;
}

/** The ride page: every second a leaderboard, every 10 s a push and a control request. */
async function ride(r: Rider, seconds: number, out: Timings): Promise<void> {
  const { socket, trackId, from, watts } = r;
  // Riders started at different times: each pushes in its own second of the 10, and keeps its
  // own phase within the second.
  const pushPhase = Math.floor(Math.random() * 10);
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
  const began = performance.now();
  for (let k = 0; k < seconds; k++) {
    const second = from + k;
    const tasks: Array<Promise<unknown>> = [
      timed(out, out.history, () =>
        socket.timeout(ACK_MS).emitWithAck('history-leaderboard', {
          raceUrl: 'bench-video',
          elapsed_time: second,
          track_id: trackId,
        }),
      ),
    ];
    if (k % 10 === pushPhase && k >= 9) {
      const now = Date.now();
      const points = Array.from({ length: 10 }, (_, i) => {
        const s = second - 9 + i;
        return {
          elapsed_time: s,
          accumulated_power: (s - from + 1) * watts,
          power: watts,
          heart_rate: 140,
          cadence: 90,
          distance: (s - from) * 8,
          speed: 8,
          timestamp: now - (9 - i) * 1000,
        };
      });
      tasks.push(
        timed(out, out.push, () =>
          socket.timeout(ACK_MS).emitWithAck('push-points', { track_id: trackId, points }),
        ),
        timed(out, out.control, () =>
          socket.timeout(ACK_MS).emitWithAck('control-request', {
            startOfNeeded: second + 5,
            endOfNeeded: second + 15,
            slopeSourceId: 2,
            raceUrl: 'bench-video',
          }),
        ),
      );
    }
    await Promise.all(tasks);
    const next = began + (k + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
}

/**
 * Riders (users from `firstUser`) over the servers: they connect and join (timed apart), then
 * ride for `seconds` while the servers' CPU is read.
 */
async function load(servers: BenchProcess[], tokens: string[], firstUser: number, seconds: number) {
  const sockets: RideSocket[] = [];
  try {
    for (let i = 0; i < tokens.length; i += 50) {
      const batch = tokens.slice(i, i + 50);
      sockets.push(
        ...(await Promise.all(
          batch.map((t, j) => connectRide(servers[(i + j) % servers.length]!.baseUrl, t)),
        )),
      );
    }
    const out: Timings = { history: [], push: [], control: [], join: [], errors: [] };
    const riders = await Promise.all(sockets.map((s, i) => join(s, firstUser + i, seconds, out)));
    const cpu0 = await Promise.all(servers.map((s) => cpuSeconds(s.pid)));
    const self0 = process.cpuUsage();
    const wall0 = performance.now();
    await Promise.all(riders.map((r) => ride(r, seconds, out)));
    const wallS = (performance.now() - wall0) / 1000;
    const cpu1 = await Promise.all(servers.map((s) => cpuSeconds(s.pid)));
    const self = process.cpuUsage(self0);
    const serverCpu = cpu1.reduce((a, c, i) => a + c - (cpu0[i] ?? 0), 0);
    return { out, wallS, serverCpu, clientCpu: (self.user + self.system) / 1e6 };
  } finally {
    for (const s of sockets) s.close();
  }
}

async function main(): Promise<number> {
  const url = serverUrl();
  if (!(await reachable(url))) {
    console.log(`bench: no PostgreSQL at ${new URL(url).host}; set BENCH_DATABASE_URL. Skipped.`);
    return 0;
  }
  const bench = await createBenchDatabase(url);
  const servers: BenchProcess[] = [];
  try {
    console.log(
      `bench: database ${bench.name}, ${RIDES} earlier rides of a ${VIDEO_SECONDS} s video`,
    );
    const database = await openDatabase({ databaseUrl: bench.url, pgliteDir: null });
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    await seed(client);
    await client.end();
    // The earlier rides' history standings, as a server restarted in production finds them
    // (the worker's sweep built them when they were saved).
    const t0 = performance.now();
    await buildAllStandings(database.db);
    console.log(`bench: standings built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const sessions = sessionStore(database.db, 3600_000);
    const tokens: string[] = [];
    for (let u = 2; u < 2 + RIDERS + BASELINE_RIDERS; u++) tokens.push(await sessions.create(u));
    await database.close();
    for (let p = 0; p < PROCESSES; p++) {
      servers.push(await startServerProcess({ databaseUrl: bench.url }));
    }
    console.log(`bench: ${PROCESSES} server process(es) up; baseline of ${BASELINE_RIDERS} riders`);
    const base = await load(servers, tokens.slice(RIDERS), 2 + RIDERS, 10);
    console.log(`bench: ${RIDERS} riders for ${LOAD_SECONDS} s`);
    const full = await load(servers, tokens.slice(0, RIDERS), 2, LOAD_SECONDS);

    const row = (name: string, ms: number[], wallS: number) => stats(name, ms, wallS * 1000);
    const baseAll = row(
      `all answers, ${BASELINE_RIDERS} riders (baseline)`,
      [...base.out.history, ...base.out.push, ...base.out.control],
      base.wallS,
    );
    const rows: Stats[] = [
      row(`history-leaderboard, ${RIDERS} riders`, full.out.history, full.wallS),
      row(`push-points, ${RIDERS} riders`, full.out.push, full.wallS),
      row(`control-request, ${RIDERS} riders`, full.out.control, full.wallS),
      row(
        `all answers, ${RIDERS} riders`,
        [...full.out.history, ...full.out.push, ...full.out.control],
        full.wallS,
      ),
      baseAll,
      row(`first answer of each of ${RIDERS} riders joining at once`, full.out.join, full.wallS),
    ];
    console.log(`\n${table(rows, baseAll)}\n`);
    const all = rows[3]!;
    const cores = full.serverCpu / full.wallS;
    console.log(
      `server CPU: ${full.serverCpu.toFixed(1)} s over ${full.wallS.toFixed(1)} s (${(cores * 100).toFixed(0)}% of a core, ` +
        `${((cores * 1000) / RIDERS).toFixed(2)} ms a second per rider; baseline ` +
        `${(((base.serverCpu / base.wallS) * 1000) / BASELINE_RIDERS).toFixed(2)} ms); load generator ` +
        `${full.clientCpu.toFixed(1)} s`,
    );
    const errors = [...base.out.errors, ...full.out.errors];
    for (const e of errors.slice(0, 5)) console.log(`error: ${e}`);
    const ok = all.p99 < P99_LIMIT_MS && errors.length === 0;
    console.log(
      `ride load p99 ${all.p99.toFixed(2)} ms (${(all.p99 / baseAll.p99).toFixed(1)}x the baseline; ` +
        `limit ${P99_LIMIT_MS} ms), ${errors.length} errors: ${ok ? 'PASS' : 'FAIL'}`,
    );
    return ok ? 0 : 1;
  } finally {
    for (const s of servers) await s.stop();
    await bench.drop();
  }
}

runBench(main);
