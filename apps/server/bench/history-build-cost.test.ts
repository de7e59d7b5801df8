import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.js';
import { historyStandingsReader } from '../src/modules/tracks/history-standings-read.js';
import { standingsSweep } from '../src/modules/tracks/history-standings-sweep.js';
import { backends } from '../test/harness.js';
import { BATCH_RIDES, saveRideBatch } from './history-build-cost.js';

/**
 * The history bench's saved rides (history-build-cost.ts) beside the app's own standings sweep,
 * which runs every 2 s in the bench's server and may build the video between any two commits of
 * the bench. Rides seen saved before their points were in were built without a single row, and
 * the build moved past them: the whole batch was left out of the standings for good (the bench's
 * answers counted 64 riders fewer than SQL, every rank too low; levels 0,1,0,2,0,1,0,0,3).
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** `db`, with the sweep taking a turn after every commit made through it. */
function sweptAfterEachCommit(db: Db, sweep: () => Promise<unknown>): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if ((prop !== 'execute' && prop !== 'transaction') || typeof value !== 'function') {
        return value;
      }
      // A statement outside a transaction commits by itself; a transaction when it returns.
      return async (...args: unknown[]) => {
        const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
        await sweep();
        return result;
      };
    },
  });
}

describe.each(backends)('history bench: saved batches and the sweep ($name)', (backend) => {
  let database: Database & { drop: () => Promise<void> };
  let raceId = 0;

  beforeAll(async () => {
    database = await backend.open();
    const db = database.db;
    await db.execute(sql`
      insert into users (email, username, display_name, email_verified)
      select 'rider' || i || '@bench.test', 'rider' || i, 'Rider ' || i, true
        from generate_series(1, ${BATCH_RIDES + 2}::int) i`);
    const [race] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into races (url, title, user_id, status, duration, slope_source_id)
        values ('bench-video', 'Bench video', 1, 'ready', 30, 2) returning id`),
    );
    raceId = Number(race!.id);
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('every batch is in the standings whole, whenever the sweep builds', async () => {
    const db = database.db;
    const errors: object[] = [];
    const { sweep } = standingsSweep({
      db,
      log: { info: () => undefined, error: (obj) => void errors.push(obj) },
    });
    const saver = sweptAfterEachCommit(db, sweep);
    for (let batch = 0; batch < 3; batch++) await saveRideBatch(saver, raceId, batch, 30);
    expect(errors).toEqual([]);

    // Each batch built right after it was saved: a binary counter, 3 = levels 0 and 1 full.
    const levels = rowsOf<{ level: number; rides: number }>(
      await db.execute(sql`select level, rides from race_standing_levels
                            where race_id = ${raceId} order by level`),
    );
    expect(levels.map((l) => [Number(l.level), Number(l.rides)])).toEqual([
      [0, BATCH_RIDES],
      [1, 2 * BATCH_RIDES],
    ]);
    // Every answer counts every ride (the read's count, as history-leaderboard takes it).
    const reader = historyStandingsReader(db);
    for (const second of [0, 15, 29, 40]) {
      const read = await reader.read(raceId, second, null, null);
      expect({
        second,
        riders: read.builtTotal - read.pending.length + read.since.length,
      }).toEqual({ second, riders: 3 * BATCH_RIDES });
    }
  });
});
