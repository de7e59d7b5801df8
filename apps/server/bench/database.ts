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
