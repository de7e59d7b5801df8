import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

/** Where the committed migrations are, next to the bundle or the sources. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db -> ../../drizzle ; dist -> ../drizzle
  return here.endsWith(path.join('src', 'db'))
    ? path.resolve(here, '../../drizzle')
    : path.resolve(here, '../drizzle');
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir/db` (or in memory). */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  pgliteDir: string | null;
}): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection cut by the server (restart, failover, a dropped test database) must
    // not crash the process: the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzle(pool, { schema });
    await oneMigratorAtATime(pool, () => migrate(db, { migrationsFolder: migrationsFolder() }));
    database = { db, kind: 'postgres', ping: () => ping(db), close: () => pool.end() };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
    const client = new PGlite(opts.pgliteDir ?? undefined);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    database = { db, kind: 'pglite', ping: () => ping(db), close: () => client.close() };
  }
  return database;
}

/** Any constant: the session-level advisory lock every process migrates under. */
const MIGRATION_LOCK_KEY = 7_214_031_611;

/**
 * Processes starting together on one database (replicas behind a balancer) take turns: the
 * first applies the migrations, the others then find nothing left to do. Without the lock two
 * of them run the same CREATE statements at once and one fails (duplicate pg_type key). The
 * lock is held by a session of its own, so it goes with a process that dies meanwhile.
 */
async function oneMigratorAtATime(pool: Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
