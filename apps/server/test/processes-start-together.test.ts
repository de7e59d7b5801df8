import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrationsFolder } from '../src/db/client.js';
import { scratchPostgres, serverFleet, type ServerFleet } from './server-process.js';

/**
 * Issue 12: any number of processes may start at once. Five real processes (server-process.ts)
 * start together on one empty PostgreSQL database: they take turns migrating under the
 * advisory lock (db/client.ts), each migration is applied once, and every process serves.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
/** The roles of docs/running-several-processes.md's example, and two of every role. */
const FIVE = ['api,realtime', 'api,realtime', 'worker', 'api,realtime,worker', 'api'];

// Picked at collection time, so the declared test runs either way. Without PostgreSQL each
// process needs a PGlite of its own, whose start is CPU-heavy: two of them show the same
// start-up path without five cold PGlites fighting over two cores.
const roles = adminUrl ? FIVE : ['api,realtime', 'worker'];
const title = adminUrl
  ? `${roles.length} processes started at once on one empty PostgreSQL database all migrate and serve`
  : `${roles.length} processes started at once, each on its own embedded PGlite, migrate and ` +
    'serve (TEST_DATABASE_URL is not set, so they cannot share one database)';
if (!adminUrl) {
  console.warn('TEST_DATABASE_URL is not set: two processes start together, each on PGlite.');
}

/** Five cold tsx starts at once on a 2-core machine. */
const TIMEOUT_MS = 240_000;

const cleanups: Array<(failed: boolean) => Promise<void>> = [];
afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  for (const undo of cleanups.splice(0).reverse()) await undo(failed);
});

/** The committed migrations, as drizzle records them (one row each). */
async function journalLength(): Promise<number> {
  const journal = JSON.parse(
    await readFile(`${migrationsFolder()}/meta/_journal.json`, 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

describe('processes starting together', () => {
  it(
    title,
    async () => {
      const fleet: ServerFleet = await serverFleet('together');
      cleanups.push((failed) => fleet.dispose({ keep: failed }));
      let databaseUrl: string | null = null;
      if (adminUrl) {
        const scratch = await scratchPostgres(adminUrl, 'together');
        cleanups.push(async (failed) => {
          await fleet.dispose({ keep: failed });
          await scratch.drop();
        });
        databaseUrl = scratch.url;
      }
      const env = { MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex') };
      const processes = await Promise.all(
        roles.map((role, i) =>
          fleet.add({ name: `p${i + 1}`, databaseUrl, env: { ...env, ROLE: role } }),
        ),
      );

      const t0 = Date.now();
      await Promise.all(processes.map((p) => p.start()));
      const startedMs = Date.now() - t0;
      console.info(`${roles.length} processes healthy ${startedMs} ms after starting together`);

      for (const [i, p] of processes.entries()) {
        expect((await p.request('/healthz')).status, p.name).toBe(200);
        // A query over the migrated tables, from every process that serves the API.
        if (roles[i]?.includes('api')) {
          expect((await p.request('/api/v1/races')).status, p.name).toBe(200);
        }
        expect(await p.readLog(), p.name).not.toMatch(/duplicate key|already exists/);
      }

      if (databaseUrl) {
        // Each committed migration recorded once: nobody applied one twice (or skipped one).
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ hash: string }>(
            'select hash from drizzle.__drizzle_migrations',
          );
          const hashes = rows.map((r) => r.hash);
          expect(hashes).toHaveLength(await journalLength());
          expect(new Set(hashes).size).toBe(hashes.length);
        } finally {
          await client.end();
        }
      }
    },
    TIMEOUT_MS,
  );
});
