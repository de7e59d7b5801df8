/**
 * Group join burst benchmark (npm run bench, issue 21): BENCH_BURST_SOCKETS (1,000) /group
 * sockets, BENCH_BURST_PER_MEMBER (3) per member, connected to a real server process, all join
 * one in-progress event within one second, then ride it for BENCH_BURST_PULSE_SECONDS (10):
 * a point pulse every second and an identity pulse every 3 s per socket, as the group ride
 * page does. Meanwhile a worker thread asks GET /healthz back to back (healthz-probe.ts).
 * Baseline of the same run: /healthz with every socket connected and idle.
 * Fails when /healthz's p99 during the burst and its pulses reaches 100 ms, a join is refused
 * or any group-error arrives. Also reports the joins' acknowledgement times and the most
 * identity pulses one socket received (the identity relay's bound, docs/group.md).
 *
 * Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL, BENCH_BURST_SOCKETS,
 * BENCH_BURST_PER_MEMBER, BENCH_BURST_PULSE_SECONDS.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  GROUP_NAMESPACE,
  type GroupClientToServer,
  type GroupServerToClient,
} from '@ridealong/contracts';
import { openDatabase } from '../src/db/client.js';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { envCount } from './bench-server.js';
import { createBenchDatabase, reachable, serverUrl } from './database.js';
import { healthzProbe } from './healthz-probe.js';
import { quantile, runBench } from './measure.js';
import { startServerProcess, type BenchProcess } from './server-processes.js';

const P99_LIMIT_MS = 100;
const SOCKETS = envCount('BENCH_BURST_SOCKETS', 1000);
const PER_MEMBER = envCount('BENCH_BURST_PER_MEMBER', 3);
const PULSE_SECONDS = envCount('BENCH_BURST_PULSE_SECONDS', 10);
const BASELINE_SECONDS = 3;
const ACK_MS = 30_000;
const EVENT_ID = 1;

type GroupSocket = Socket<GroupServerToClient, GroupClientToServer>;

function connect(baseUrl: string, token: string): Promise<GroupSocket> {
  const socket: GroupSocket = io(baseUrl + GROUP_NAMESPACE, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function seed(client: pg.Client, members: number): Promise<void> {
  await client.query(`
    insert into users (email, username, display_name, email_verified)
    select 'rider' || i || '@bench.test', 'rider' || i, 'Rider ' || i, true
      from generate_series(1, ${members + 1}) i`);
  await client.query(`
    insert into races (url, title, user_id, status, duration, slope_source_id)
    values ('bench-video', 'Bench video', 1, 'ready', 3600, 2)`);
}

/** Started a minute ago, so every pulsed second is one the event's clock has reached. */
async function startEvent(client: pg.Client): Promise<void> {
  await client.query(
    `insert into group_events (id, host_user_id, race_id, race_url, title, host_display_name,
                               status, time_start, duration)
     values ($1, 1, 1, 'bench-video', 'Bench video', 'Rider', 'in-progress',
             now() - interval '60 seconds', 3600)`,
    [EVENT_ID],
  );
}

const ms = (v: number) => v.toFixed(1).padStart(9);

function line(name: string, sorted: number[]): string {
  return `${name.padEnd(40)}${String(sorted.length).padStart(7)}${ms(quantile(sorted, 0.5))}${ms(
    quantile(sorted, 0.99),
  )}${ms(sorted.at(-1) ?? Number.NaN)}`;
}

/** Each socket joins at a random moment of one second, then pulses as the ride page does. */
async function burst(sockets: GroupSocket[], errors: string[]) {
  const joinMs: number[] = [];
  await Promise.all(
    sockets.map(async (socket) => {
      await sleep(Math.random() * 1000);
      const t = performance.now();
      const ack = await socket
        .timeout(ACK_MS)
        .emitWithAck('group-join-room', { roomId: EVENT_ID })
        .catch((e: unknown) => ({ ok: false as const, message: String(e) }));
      joinMs.push(performance.now() - t);
      if (!ack.ok) errors.push(`join: ${ack.message}`);
    }),
  );
  const pulsesFrom = performance.timeOrigin + performance.now();
  const watts = 200;
  await Promise.all(
    sockets.map(async (socket) => {
      await sleep(Math.random() * 1000);
      for (let k = 0; k < PULSE_SECONDS; k++) {
        socket.emit('group-point-pulse', {
          roomId: EVENT_ID,
          point: { elapsed_time: k, accumulated_power: (k + 1) * watts, power: watts },
        });
        if (k % 3 === 0) socket.emit('group-identity-pulse', { roomId: EVENT_ID });
        await sleep(1000);
      }
    }),
  );
  return { joins: joinMs.sort((a, b) => a - b), pulsesFrom };
}

async function main(): Promise<number> {
  const url = serverUrl();
  if (!(await reachable(url))) {
    console.log(`bench: no PostgreSQL at ${new URL(url).host}; set BENCH_DATABASE_URL. Skipped.`);
    return 0;
  }
  const bench = await createBenchDatabase(url);
  let server: BenchProcess | null = null;
  const sockets: GroupSocket[] = [];
  try {
    const members = Math.ceil(SOCKETS / PER_MEMBER);
    // Opening the database migrates it.
    const database = await openDatabase({ databaseUrl: bench.url, pgliteDir: null });
    const client = new pg.Client({ connectionString: bench.url });
    // The scratch database's drop ends this connection when a step above failed.
    client.on('error', () => undefined);
    await client.connect();
    await seed(client, members);
    const sessions = sessionStore(database.db, 3600_000);
    const tokens: string[] = [];
    for (let u = 2; u < 2 + members; u++) tokens.push(await sessions.create(u));
    await database.close();
    server = await startServerProcess({ databaseUrl: bench.url });
    const baseUrl = server.baseUrl;
    console.log(
      `bench: ${SOCKETS} /group sockets (${PER_MEMBER} per member) join one event within 1 s, ` +
        `then pulse for ${PULSE_SECONDS} s`,
    );
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) =>
        connect(baseUrl, tokens[Math.floor((i + j) / PER_MEMBER)] ?? ''),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    const errors: string[] = [];
    const identities = sockets.map(() => 0);
    sockets.forEach((s, i) => {
      s.on('group-error', (e) => errors.push(`${e.event}: ${e.message}`));
      s.on('group-identity-pulse', () => (identities[i] = (identities[i] ?? 0) + 1));
    });

    const idle = healthzProbe(baseUrl);
    await sleep(BASELINE_SECONDS * 1000);
    const baseline = (await idle.stop()).ms.sort((a, b) => a - b);

    await startEvent(client);
    await client.end();
    const t0 = performance.now();
    const probe = healthzProbe(baseUrl);
    const { joins, pulsesFrom } = await burst(sockets, errors);
    const probed = await probe.stop();
    const during = [...probed.ms].sort((a, b) => a - b);
    errors.push(...probed.failures.map((f) => `/healthz: ${f}`));
    const seconds = (performance.now() - t0) / 1000;

    console.log(
      `\n${'measure'.padEnd(40)}${'n'.padStart(7)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`,
    );
    console.log(line('/healthz, sockets idle (baseline)', baseline));
    console.log(line('/healthz, join burst and pulses', during));
    const inJoins = probed.ms.filter((_, i) => (probed.at[i] ?? 0) < pulsesFrom);
    const inPulses = probed.ms.filter((_, i) => (probed.at[i] ?? 0) >= pulsesFrom);
    console.log(
      line(
        '  of which while joining',
        inJoins.sort((a, b) => a - b),
      ),
    );
    console.log(
      line(
        '  of which while pulsing',
        inPulses.sort((a, b) => a - b),
      ),
    );
    console.log(line('group-join-room acknowledgement', joins));
    const p99 = quantile(during, 0.99);
    console.log(
      `\n/healthz p99 ${(p99 / quantile(baseline, 0.99)).toFixed(1)}x the baseline; most identity ` +
        `pulses one socket received: ${Math.max(...identities)} in ${seconds.toFixed(1)} s`,
    );
    for (const e of errors.slice(0, 5)) console.log(`  error: ${e}`);
    const ok = p99 < P99_LIMIT_MS && errors.length === 0 && during.length > 0;
    console.log(
      `\n/healthz p99 limit ${P99_LIMIT_MS} ms during the burst, no refused joins or errors: ${ok ? 'PASS' : 'FAIL'}`,
    );
    return ok ? 0 : 1;
  } finally {
    for (const s of sockets) s.close();
    await server?.stop();
    await bench.drop();
  }
}

runBench(main);
