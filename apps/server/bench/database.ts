import pg from 'pg';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL server to bench against: BENCH_DATABASE_URL, TEST_DATABASE_URL or the default. */
export function serverUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
}

/** True when the server answers within a few seconds. */
export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, uniquely named database on the same server; returns its URL and a dropper. */
export async function createBenchDatabase(
  url: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `ra_bench_${Date.now()}`;
  await admin(url, (c) => c.query(`create database ${name}`));
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    name,
    url: dbUrl.toString(),
    drop: async () => {
      await admin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Inserts saved rides in bulk: with the tracks triggers off (each would lock and bump the same
 * version row, 100,000 times in one statement), then the video versions and history places
 * set as migration 0007 sets them for rides saved before it.
 */
export async function insertSavedRides(client: pg.Client, insert: string): Promise<void> {
  await client.query('set session_replication_role = replica');
  try {
    await client.query(insert);
  } finally {
    await client.query('set session_replication_role = default');
  }
  await client.query(`
    insert into race_history_versions (race_id, saved)
      select race_id, count(*) from tracks
      where status = 'saved' and race_id is not null group by race_id
    on conflict (race_id) do update set saved = excluded.saved`);
  await client.query(`
    update tracks set history_seq = s.n
      from (select id, row_number() over (partition by race_id order by id) as n
            from tracks where status = 'saved' and race_id is not null) s
      where tracks.id = s.id`);
}
