import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { numberArray } from '../../db/sql-arrays.js';
import type { Ranked } from './standings.js';

/**
 * What one answer reads of a video's standings at a second, in one statement (one snapshot):
 * the built part (the live levels: per level a mark and an index count of at most K rows; the
 * shown rows from the order index) and the correction (`since`: rides saved after the levels;
 * `pending`: rides a live level holds that were removed since). O(levels x (log + K)) reads
 * for the counts, about log2(rides / 64) levels.
 */
export type StandingsRead = {
  /** Rides of the live levels at the second (their last marks' positions). */
  builtTotal: number;
  /** Rides of the live levels ahead of the sum (null without a sum). */
  builtAhead: number | null;
  /** The build's best rides, and those just above and just below the sum (own and removed left out). */
  top: Ranked[];
  above: Ranked[];
  below: Ranked[];
  /** Rides of the live levels removed since, at the second (still counted in builtTotal/Ahead). */
  pending: Ranked[];
  /** The asker's own built ride at the second, when it is one. */
  ownBuilt: Ranked | null;
  /** Rides saved since the build, at the second (at most `sinceLimit` + 1). */
  since: Ranked[];
};

export type ShownRide = {
  trackId: number;
  userId: number;
  username: string;
  url: string;
  last: number;
  power: number;
  heartRate: number;
  cadence: number;
  distance: number;
};

/**
 * How many of the build's rows a read holds: a list shorter than its limit is all there is, so
 * merged with the rides saved since, the first ones of each kind are exact. Enough for every
 * place standings-window.ts shows (the top 10; at most 4 above and 2 below the asker).
 */
export const READ_LIMITS = { top: 10, above: 5, below: 3 };

/** How many rows past the build's answers read; one more says "too many: use the fallback". */
export const SINCE_LIMIT = 1000;

type Packed = [number, number][] | null;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ranked = (p: Packed): Ranked[] => (p ?? []).map(([trackId, sum]) => ({ trackId, sum }));

export function historyStandingsReader(db: Db) {
  return {
    async read(raceId: number, second: number, sum: number | null, own: number | null) {
      const x = sum ?? 0;
      const ownId = own ?? 0;
      // The live levels first (one statement: one snapshot), so the statement below has them
      // as constants: the planner then reads each part as an ordered index range with its
      // limit (as one-time subqueries it sorted whole seconds instead).
      const [state] = rowsOf<{ bs: number; horizon: number; builds: number[] | null }>(
        await db.execute(sql`
          select s.built_seq as bs, s.horizon,
                 (select array_agg(l.build) from race_standing_levels l
                   where l.race_id = s.race_id) as builds
            from race_standings_state s where s.race_id = ${raceId}`),
      );
      const builds = numberArray(state?.builds ?? []);
      const bs = sql`${Number(state?.bs ?? 0)}::int`;
      // Past the horizon every built ride has ended: its last second stands for all later.
      const at = sql`${Math.max(0, Math.min(second, Number(state?.horizon ?? 0)))}::int`;
      const live = sql`rs.race_id = ${raceId} and rs.second = ${at} and rs.build = any(${builds})`;
      const shownable = sql`${live} and rs.track_id not in (select track_id from rm)
        and rs.track_id <> ${ownId}::int`;
      // One level's rows at the second, and its marks there (lv.build: the LATERAL's level).
      const inLevel = sql`rs.race_id = ${raceId} and rs.build = lv.build and rs.second = ${at}`;
      const marks = sql`m.race_id = ${raceId} and m.build = lv.build and m.second = ${at}`;
      // The ORDER BYs spell out the indexes' null order (no sums are null), so they are
      // read in index order, not sorted.
      const r = await db.execute(sql`
        with rm as (
          select distinct track_id from race_standings_removed where race_id = ${raceId}),
        lv as (select unnest(${builds}) as build)
        select
          (select sum(t.position) from lv cross join lateral (
             select m.position from race_standing_marks m where ${marks}
              order by m.sum asc nulls last, m.track_id desc nulls last limit 1) t) as total,
          (select sum(a.n) from lv cross join lateral (
             select mk.position + 1
               + (select count(*) from race_standings rs where ${inLevel}
                   and rs.sum = mk.sum and rs.track_id > mk.track_id)
               + (select count(*) from race_standings rs where ${inLevel}
                   and rs.sum > ${x}::float8 and rs.sum < mk.sum) as n
               from (select m.position, m.sum, m.track_id from race_standing_marks m
                      where ${marks} and m.sum > ${x}::float8
                      order by m.sum asc nulls last, m.track_id desc nulls last limit 1) mk
           ) a) as ahead,
          (select json_agg(json_build_array(track_id, sum)) from
            (select rs.track_id, rs.sum from race_standings rs where ${shownable}
              order by rs.sum desc nulls last, rs.track_id nulls last limit ${READ_LIMITS.top}) t) as top,
          (select json_agg(json_build_array(track_id, sum)) from
            (select rs.track_id, rs.sum from race_standings rs where ${shownable}
                and rs.sum > ${x}::float8
              order by rs.sum asc nulls first, rs.track_id desc nulls first limit ${READ_LIMITS.above}) t) as above,
          (select json_agg(json_build_array(track_id, sum)) from
            (select rs.track_id, rs.sum from race_standings rs where ${shownable}
                and rs.sum <= ${x}::float8
              order by rs.sum desc nulls last, rs.track_id nulls last limit ${READ_LIMITS.below}) t) as below,
          (select json_agg(json_build_array(rs.track_id, rs.sum)) from rm
             join race_standings rs on rs.track_id = rm.track_id and ${live}) as pending,
          (select json_build_array(rs.track_id, rs.sum) from race_standings rs
            where rs.track_id = ${ownId}::int and ${live}
              and rs.track_id not in (select track_id from rm)) as own,
          (select json_agg(json_build_array(t.id, t.sum)) from
            (select t.id, p.accumulated_power as sum from tracks t
               join track_points p on p.track_id = t.id
                and p.elapsed_time = least(${second}::int, t.last_elapsed_time)
              where t.race_id = ${raceId} and t.status = 'saved' and t.history_seq > ${bs}
              order by t.history_seq limit ${SINCE_LIMIT + 1}) t) as since`);
      const [row] = (r as unknown as { rows: Record<string, unknown>[] }).rows;
      const ownPacked = (row?.own ?? null) as [number, number] | null;
      const read: StandingsRead = {
        builtTotal: Number(row?.total ?? 0),
        builtAhead: sum === null ? null : Number(row?.ahead ?? 0),
        top: ranked(row?.top as Packed),
        above: ranked(row?.above as Packed),
        below: ranked(row?.below as Packed),
        pending: ranked(row?.pending as Packed),
        ownBuilt: ownPacked ? { trackId: ownPacked[0], sum: ownPacked[1] } : null,
        since: ranked(row?.since as Packed),
      };
      return read;
    },

    /** The shown rides' riders and values at the second (at most 10, by primary keys). */
    async shown(trackIds: number[], second: number): Promise<Map<number, ShownRide>> {
      if (trackIds.length === 0) return new Map();
      const r = await db.execute(sql`
        select t.id, t.user_id, u.display_name, t.race_url, t.last_elapsed_time,
               p.power, p.heart_rate, p.cadence, p.distance
          from tracks t join users u on u.id = t.user_id
          join track_points p on p.track_id = t.id
           and p.elapsed_time = least(${second}::int, t.last_elapsed_time)
         where t.id in (${sql.join(
           trackIds.map((id) => sql`${id}::int`),
           sql`, `,
         )})`);
      const rows = (r as unknown as { rows: Record<string, unknown>[] }).rows;
      return new Map(
        rows.map((x) => [
          Number(x.id),
          {
            trackId: Number(x.id),
            userId: Number(x.user_id),
            username: String(x.display_name),
            url: String(x.race_url),
            last: Number(x.last_elapsed_time),
            power: Number(x.power),
            heartRate: Number(x.heart_rate),
            cadence: Number(x.cadence),
            distance: Number(x.distance),
          },
        ]),
      );
    },
  };
}

export type HistoryStandingsReader = ReturnType<typeof historyStandingsReader>;
