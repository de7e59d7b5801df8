import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client.js';

/**
 * PostgreSQL databases for the tests start from the migrated schema instead of migrating from
 * nothing: a template made once per set of migrations. Each test still gets a database of its
 * own; `openDatabase` still runs the migrations, which find nothing left to do. (PGlite is
 * created and migrated each time: started from a `dumpDataDir` image, one suite's close hung.)
 */

/** The migrations' own fingerprint: a changed or added migration makes a new template. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Any constant: the advisory lock test workers take turns under to make the template. */
const TEMPLATE_LOCK_KEY = 7_214_031_612;
const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated template database on the server of `adminUrl`, made by the first
 * worker that needs it (the others wait on the lock, then find it). Nobody connects to it
 * after it is made, as CREATE DATABASE ... TEMPLATE requires.
 */
export function migratedTemplate(adminUrl: string): Promise<string> {
  let made = templates.get(adminUrl);
  if (!made) {
    made = makeTemplate(adminUrl);
    templates.set(adminUrl, made);
  }
  return made;
}

async function makeTemplate(adminUrl: string): Promise<string> {
  const name = `ra_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      // Made under another name and renamed, so a worker killed half-way leaves no template
      // that looks finished.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
}
