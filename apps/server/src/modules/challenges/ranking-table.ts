import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

/**
 * One ranking snapshot of one board is a table of its own, `challenge_rankings_<id>_<gen>`
 * (board-snapshot.ts): written whole by one CREATE TABLE ... AS, indexed afterwards (sorted
 * index builds, far cheaper than a million index inserts) and dropped whole when two newer
 * ones exist (no deleted rows to vacuum). Ids are integers, so the name is a safe identifier.
 */
export const rankingTableName = (challengeId: number, generation: number) =>
  `challenge_rankings_${challengeId}_${generation}`;

/** The snapshot's table for the query builder: position (1-based, board order) is its key. */
export const rankingTable = (challengeId: number, generation: number) =>
  pgTable(rankingTableName(challengeId, generation), {
    position: integer('position').primaryKey(),
    ranking: integer('ranking').notNull(),
    userId: integer('user_id').notNull(),
    completionPercent: doublePrecision('completion_percent').notNull(),
    currentTotal: doublePrecision('current_total').notNull(),
    averagePower: doublePrecision('average_power').notNull(),
    videosWatched: text('videos_watched').array().notNull(),
    complete: boolean('complete').notNull(),
  });

/**
 * Writes the board's members into a new snapshot table with its indexes; answers its rows.
 * One statement reads the members: one consistent view, however long it takes, holding no lock
 * their writes wait for.
 */
export async function writeRankingTable(
  tx: Db,
  challengeId: number,
  generation: number,
): Promise<number> {
  const t = sql.identifier(rankingTableName(challengeId, generation));
  await tx.execute(sql`
    create table ${t} as
    select (row_number() over board)::int as position, (rank() over level)::int as ranking,
           user_id, completion_percent, current_total, average_power, videos_watched, complete
      from user_challenges
     where challenge_id = ${challengeId}::int
    -- The board order (user_challenges_board_idx); rank() over its (completion, total) prefix
    -- is 1 + the members strictly ahead, shared by ties. One index scan serves both.
    window board as (order by completion_percent desc nulls last,
                              current_total desc nulls last, user_id),
           level as (order by completion_percent desc nulls last,
                              current_total desc nulls last)`);
  await tx.execute(sql`alter table ${t} add primary key (position)`);
  await tx.execute(sql`create index on ${t} (user_id)`);
  // Where a progress not in the snapshot ranks (a member who joined since): one probe.
  await tx.execute(sql`create index on ${t}
    (completion_percent desc nulls last, current_total desc nulls last, position)`);
  // Statistics now, not when autovacuum comes by: a new table's planner knows nothing else.
  await tx.execute(sql`analyze ${t}`);
  const { rows } = (await tx.execute(
    sql`select coalesce(max(position), 0)::int as n from ${t}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(rows[0]?.n ?? 0);
}

/** The board's snapshot tables other than `keep`, dropped (a failure waits for the next build). */
export async function dropRankingTables(
  db: Db,
  challengeId: number,
  keep: ReadonlyArray<number | null>,
): Promise<void> {
  const { rows } = (await db.execute(sql`
    select tablename from pg_tables
     where schemaname = current_schema()
       and tablename ~ ${`^challenge_rankings_${challengeId}_[0-9]+$`}`)) as unknown as {
    rows: Array<{ tablename: string }>;
  };
  for (const { tablename } of rows) {
    const generation = Number(tablename.slice(tablename.lastIndexOf('_') + 1));
    if (keep.includes(generation)) continue;
    await db.execute(sql`drop table if exists ${sql.identifier(tablename)}`).catch(() => undefined);
  }
}
