import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';

/**
 * Migration 0022 (reactive rides, issue 26) on a database holding rides from before it: they
 * stay steady at 100 and in their video's history; members default to reactive; the checks
 * refuse other values; from then on only a steady ride at 100 joins the history.
 */

type Journal = { entries: Array<{ idx: number }> };
const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

/** The committed migrations up to index `last` (inclusive), as a folder of their own. */
async function migrationsUpTo(last: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ra-migrations-'));
  scratch.push(dir);
  await cp(migrationsFolder(), dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(file, JSON.stringify(journal));
  return dir;
}

/** A statement's rows (drizzle's execute answers the driver's result, typed unknown for Db). */
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as { rows: T[] }).rows;

describe('migration 0022 (reactive rides)', () => {
  it('keeps older rides steady at 100 in the history, and lets only ranked steady rides join it', async () => {
    const client = new PGlite();
    const local = drizzle(client, { schema });
    const db: Db = local;
    try {
      await migrate(local, { migrationsFolder: await migrationsUpTo(21) });
      const [user] = await rows<{ id: number }>(
        db,
        sql`insert into users (email, username,
        display_name) values ('old@example.com', 'old', 'Old') returning id`,
      );
      const [race] = await rows<{ id: number }>(
        db,
        sql`insert into races (url, title, description,
        user_id, status, duration) values ('old-video', 'Old', '', ${user!.id}, 'ready', 60) returning id`,
      );
      const insertTrack = (ride: string, extra = sql``) =>
        rows<{ id: number; history_seq: number | null }>(
          db,
          sql`insert into tracks (user_id,
          race_id, race_url, title, client_ride_id, status ${extra.queryChunks.length ? sql`, ride_mode, difficulty` : sql``})
          values (${user!.id}, ${race!.id}, 'old-video', 'Old', ${ride}, 'saved' ${extra})
          returning id, history_seq`,
        );
      const [before] = await insertTrack('before-0022');
      expect(before?.history_seq).toBe(1);

      await migrate(local, { migrationsFolder: migrationsFolder() });
      const [old] = await rows<{ ride_mode: string; difficulty: number; history_seq: number }>(
        db,
        sql`select ride_mode, difficulty, history_seq from tracks where id = ${before!.id}`,
      );
      expect(old).toEqual({ ride_mode: 'steady', difficulty: 100, history_seq: 1 });
      const [member] = await rows<{ ride_mode: string }>(db, sql`select ride_mode from users`);
      expect(member?.ride_mode).toBe('reactive');

      const [reactive] = await insertTrack('reactive-1', sql`, 'reactive', 100`);
      const [easy] = await insertTrack('easy-1', sql`, 'steady', 80`);
      const [ranked] = await insertTrack('ranked-1', sql`, 'steady', 100`);
      expect([reactive?.history_seq, easy?.history_seq, ranked?.history_seq]).toEqual([
        null,
        null,
        2,
      ]);
      const [version] = await rows<{ saved: number; removed: number }>(
        db,
        sql`select saved, removed from race_history_versions where race_id = ${race!.id}`,
      );
      expect(version).toEqual({ saved: 2, removed: 0 });
      // Deleting a ride outside the history removes nothing from it.
      await db.execute(sql`delete from tracks where id in (${reactive!.id}, ${easy!.id})`);
      const [after] = await rows<{ removed: number }>(
        db,
        sql`select removed from race_history_versions where race_id = ${race!.id}`,
      );
      expect(after?.removed).toBe(0);

      await expect(insertTrack('turbo-1', sql`, 'turbo', 100`)).rejects.toThrow();
      await expect(insertTrack('hard-1', sql`, 'steady', 201`)).rejects.toThrow();
      await expect(db.execute(sql`update users set ride_mode = 'x'`)).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});
