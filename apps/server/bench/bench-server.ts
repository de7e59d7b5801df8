import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { outboxMailer } from '../src/lib/mailer.js';
import { memoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter.js';
import { createBenchDatabase, reachable, serverUrl } from './database.js';

/** What a bench measures against: the real app on a random port over its own database. */
export type BenchServer = { baseUrl: string; database: Database; databaseUrl: string };

/** Reads a positive whole number from the environment (bench sizes), else `fallback`. */
export function envCount(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
}

/**
 * The scaffold every bench shares: a fresh PostgreSQL database (skipped, exit 0, when no server
 * answers), seeded by `seed` over a plain pg client and timed, the app built with its embedded
 * side effects and listening on 127.0.0.1, then `run`; everything is dropped afterwards.
 */
export async function withBenchServer(
  label: string,
  seed: (client: pg.Client) => Promise<void>,
  run: (server: BenchServer) => Promise<number>,
  /** A bench of a rate-limited route measures its cost, not its limit: its own limiter. */
  opts: { rateLimiter?: RateLimiter } = {},
): Promise<number> {
  const url = serverUrl();
  if (!(await reachable(url))) {
    console.log(`bench: no PostgreSQL at ${new URL(url).host}; set BENCH_DATABASE_URL. Skipped.`);
    return 0;
  }
  const bench = await createBenchDatabase(url);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-bench-'));
  let database: Database | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    console.log(`bench: database ${bench.name}, seeding ${label}`);
    database = await openDatabase({ databaseUrl: bench.url, pgliteDir: null });
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    const t = Date.now();
    await seed(client);
    await client.end();
    console.log(`bench: seeded and analysed in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_SAMPLE_DATA: 'false',
      MEDIA_SIGNING_SECRET: 'bench-signing-secret-0123456789abcdef',
      // A bench client asks back to back on one socket, far faster than a rider: latency, not
      // the per-socket flood limit, is what these benches measure.
      RIDE_EVENTS_PER_SECOND: '1000000',
    });
    app = await buildApp({
      config,
      database,
      mailer: outboxMailer(path.join(dataDir, 'outbox'), config.mailFrom, {
        info: () => undefined,
      }),
      rateLimiter: opts.rateLimiter ?? memoryRateLimiter(),
      promoVideo: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return await run({ baseUrl, database, databaseUrl: bench.url });
  } finally {
    await app?.close();
    await database?.close();
    // BENCH_KEEP_DB=1 keeps the seeded database for studying plans by hand (its name is logged).
    if (process.env.BENCH_KEEP_DB === '1') console.log(`bench: kept database ${bench.name}`);
    else await bench.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
