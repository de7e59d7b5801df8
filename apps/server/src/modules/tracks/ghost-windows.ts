import { sql, type SQL } from 'drizzle-orm';
import { GHOST_WINDOW_SECONDS } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';

/**
 * Packs the points of the rides `trackIds` selects (a list or a subquery of track ids) into
 * ghost_windows, GHOST_WINDOW_SECONDS to a row: done once, when a ranked reactive ride is saved
 * (reactive-rank.ts), so a ghost window is then read as a row or two (ghosts-repository.ts)
 * instead of a page per point. Cost: one pass over the ride's points, by primary key.
 * Migration 0024 fills rides ranked before it with the same statement.
 */
export async function keepGhostWindows(db: Db, trackIds: SQL): Promise<void> {
  const w = sql`${GHOST_WINDOW_SECONDS}::int`;
  await db.execute(sql`
    insert into ghost_windows (track_id, window_index, seconds, distance, power)
    select p.track_id, p.elapsed_time / ${w},
           array_agg((p.elapsed_time % ${w})::smallint order by p.elapsed_time),
           array_agg(p.distance::real order by p.elapsed_time),
           array_agg(least(32767, greatest(0, round(p.power)))::smallint order by p.elapsed_time)
      from track_points p
     where p.track_id in (${trackIds}) and p.elapsed_time >= 0
     group by 1, 2 -- by position: each window length above is its own parameter
    on conflict (track_id, window_index) do update
       set seconds = excluded.seconds, distance = excluded.distance, power = excluded.power`);
}
