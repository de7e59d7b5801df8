import { sql, type SQL } from 'drizzle-orm';
import {
  GHOST_AROUND,
  GHOST_LEADERS,
  GHOST_RANK_LIMIT,
  GHOST_WINDOW_SECONDS,
} from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { numberArray } from '../../db/sql-arrays.js';

/** A ranked reactive ride as read (ghosts.ts makes the answer's rows). */
export type GhostRow = {
  track_id: number;
  user_id: number;
  display_name: string;
  photo_url: string | null;
  weight: number | null;
  distance: number;
  seconds: number;
  accumulated_power: number;
  duration: number;
  started_at: string;
};

/** What GET ghosts reads in one statement. */
export type GhostsRead = {
  /** The route's whole distance (last slope row), null without a profile. */
  route: number | null;
  own: GhostRow | null;
  /** Rides ranked before the member's own best (its rank is this + 1). */
  better: number;
  leaders: GhostRow[];
  /** Closest first: the ones just better than own best, and just worse. */
  above: GhostRow[];
  below: GhostRow[];
};

/** One ghost's points in a window: [second, metres, watts] by second. */
export type GhostPointsRow = {
  track_id: number;
  reached: number;
  points: [number, number, number][];
};

/**
 * A video's ranked reactive rides: exactly tracks_reactive_rank_idx's predicate, so every read
 * below is a range of that index (race_id, reactive_distance desc nulls last, reactive_seconds,
 * id). The ORDER BYs spell the index's order (or its reverse) with its null order.
 */
const ranked = (raceId: number) => sql`t.race_id = ${raceId}::int and t.ride_mode = 'reactive'
  and t.difficulty = 100 and t.status = 'saved' and t.reactive_distance is not null`;
const FORWARD = sql`order by t.reactive_distance desc nulls last, t.reactive_seconds asc nulls last, t.id asc`;
const BACKWARD = sql`order by t.reactive_distance asc nulls first, t.reactive_seconds desc nulls first, t.id desc`;

/** A ride's answer row, from `t` joined with its rider `u`. */
const ROW = sql`t.id as track_id, t.user_id, u.display_name, u.photo_url, u.weight,
  t.reactive_distance as distance, t.reactive_seconds as seconds, t.accumulated_power, t.duration,
  to_char(t.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as started_at`;

/** Own best as a keyset position in the index's order. */
type Position = { id: number; d: number; s: number };

/**
 * The index ranges on either side of own best, in rank order: ranked before it are the farther
 * rides, the faster ones at the same reach, and the earlier ones at the same reach and time.
 */
function keyset(ranked: SQL, own: Position) {
  const d = sql`${own.d}::float8`;
  const sec = sql`${own.s}::int`;
  const id = sql`${own.id}::int`;
  const reach = sql`${ranked} and t.reactive_distance = ${d}`;
  const time = sql`${reach} and t.reactive_seconds = ${sec}`;
  return {
    farther: sql`${ranked} and t.reactive_distance > ${d}`,
    faster: sql`${reach} and t.reactive_seconds < ${sec}`,
    earlier: sql`${time} and t.id < ${id}`,
    later: sql`${time} and t.id > ${id}`,
    slower: sql`${reach} and t.reactive_seconds > ${sec}`,
    shorter: sql`${ranked} and t.reactive_distance < ${d}`,
  };
}

/** The ids of up to `limit` entries of `where` in `order`: an index range, no join. */
const idsOf = (where: SQL, order: SQL, limit: number) =>
  sql`array(select t.id from tracks t where ${where} ${order} limit ${limit}::int)`;

/**
 * Index entries matching `where`, counted up to GHOST_RANK_LIMIT only: a rank deep in a popular
 * video's rides costs no more than one 10,000 entries from the top.
 */
const capped = (where: SQL) =>
  sql`(select count(*) from (select 1 from tracks t where ${where} limit ${GHOST_RANK_LIMIT}::int) c)`;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
/** An int[] as the driver gives it: an array, or (some drivers) its text '{1,2}'. */
const toIds = (v: unknown): number[] => {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v !== 'string' || v.length <= 2) return [];
  return v.slice(1, -1).split(',').map(Number);
};

export function ghostsRepository(db: Db) {
  /** Rows of `ids` with their riders, by id (one primary-key lookup each). */
  async function ridesById(ids: readonly number[]): Promise<Map<number, GhostRow>> {
    if (ids.length === 0) return new Map();
    const result = await db.execute(sql`select ${ROW} from tracks t
      join users u on u.id = t.user_id where t.id = any(${numberArray(ids)})`);
    return new Map(rowsOf<GhostRow>(result).map((r) => [Number(r.track_id), r]));
  }

  return {
    /**
     * The member's own best, the leaders and the rides around own best, each a short range of
     * the index (keyset from own best: equal distance and seconds by id, equal distance by
     * seconds, then farther or shorter, each at most GHOST_AROUND), and own best's rank: the
     * one count, over the index entries ranked before it (index-only; see docs/ride.md, Ghosts).
     * Several small statements rather than one of a dozen subqueries: planning that one cost
     * more than running it (7 ms of 11, measured in bench/ghosts.bench.ts).
     */
    async read(raceId: number, userId: number): Promise<GhostsRead> {
      const r = ranked(raceId);
      const k = GHOST_AROUND;
      const [head, leaders] = await Promise.all([
        db.execute(sql`
          select (select p.distance from race_slope_points p where p.race_id = ${raceId}::int
                   order by p.second desc limit 1) as route, o.id, o.d, o.s
            from (select 1) one left join lateral (
              -- The member's rides by their own index (a handful), not a walk down the video's.
              select t.id, t.reactive_distance as d, t.reactive_seconds as s from tracks t
               where t.user_id = ${userId}::int and ${r}
               order by t.reactive_distance desc, t.reactive_seconds asc, t.id asc limit 1) o on true`),
        db.execute(sql`select ${ROW} from tracks t join users u on u.id = t.user_id
          where ${r} ${FORWARD} limit ${GHOST_LEADERS}::int`),
      ]);
      const [top] = rowsOf<{ route: unknown; id: unknown; d: unknown; s: unknown }>(head);
      const route = top?.route == null ? null : Number(top.route);
      const leaderRows = rowsOf<GhostRow>(leaders);
      if (top?.id == null)
        return { route, own: null, better: 0, leaders: leaderRows, above: [], below: [] };
      const own: Position = { id: Number(top.id), d: Number(top.d), s: Number(top.s) };
      const at = keyset(r, own);
      // The rank's count is the slow part (up to GHOST_RANK_LIMIT index entries): it runs on its
      // own connection while the rides around are found and read.
      const counting = db.execute(sql`select
          ${capped(at.farther)} + ${capped(at.faster)} + ${capped(at.earlier)} as better`);
      const near = await db.execute(sql`select
          ${idsOf(at.earlier, BACKWARD, k)} as a1, ${idsOf(at.faster, BACKWARD, k)} as a2,
          ${idsOf(at.farther, BACKWARD, k)} as a3, ${idsOf(at.later, FORWARD, k)} as b1,
          ${idsOf(at.slower, FORWARD, k)} as b2, ${idsOf(at.shorter, FORWARD, k)} as b3`);
      const [got] = rowsOf<Record<string, unknown>>(near);
      const above = [got?.a1, got?.a2, got?.a3].flatMap(toIds).slice(0, k);
      const below = [got?.b1, got?.b2, got?.b3].flatMap(toIds).slice(0, k);
      const [rides, better] = await Promise.all([
        ridesById([own.id, ...above, ...below]),
        counting.then((c) => Number(rowsOf<{ better: unknown }>(c)[0]?.better ?? 0)),
      ]);
      const pick = (ids: number[]) => ids.flatMap((i) => rides.get(i) ?? []);
      return {
        route,
        own: rides.get(own.id) ?? null,
        better,
        leaders: leaderRows,
        above: pick(above),
        below: pick(below),
      };
    },

    /**
     * The points of `ids` (those that are ranked reactive rides of this video; others are left
     * out) for GHOST_WINDOW_SECONDS from `from`: one statement, each track its ghost_windows
     * rows (at most two windows span `from`'s), by primary key.
     */
    async window(raceId: number, ids: readonly number[], from: number): Promise<GhostPointsRow[]> {
      const list = numberArray(ids);
      const to = from + GHOST_WINDOW_SECONDS - 1;
      const w = sql`${GHOST_WINDOW_SECONDS}::int`;
      const result = await db.execute(sql`
        select t.id as track_id, t.reactive_distance as reached,
          (select coalesce(json_agg(json_build_array(g.window_index, g.seconds, g.distance, g.power)
                    order by g.window_index), '[]'::json)
             from ghost_windows g
            where g.track_id = t.id
              and g.window_index between ${from}::int / ${w} and ${to}::int / ${w}) as windows
          from unnest(${list}) as x(id)
          -- Each id by the primary key (a lateral join, so no walk down the video's rides).
          cross join lateral (select t.id, t.reactive_distance from tracks t
                               where t.id = x.id and ${ranked(raceId)}) t
         order by t.id`);
      return rowsOf<Record<string, unknown>>(result).map((g) => ({
        track_id: Number(g.track_id),
        reached: Number(g.reached),
        points: unpack(parse<PackedWindow[]>(g.windows), from, to),
      }));
    },
  };
}

/** A ghost_windows row as read: [window, seconds in it, metres, watts]. */
type PackedWindow = [number, number[], number[], number[]];

/** The points of packed windows from `from` to `to` (ride seconds), by second. */
export function unpack(windows: readonly PackedWindow[], from: number, to: number) {
  const points: [number, number, number][] = [];
  for (const [index, seconds, distance, power] of windows) {
    seconds.forEach((s, i) => {
      const second = index * GHOST_WINDOW_SECONDS + s;
      if (second >= from && second <= to) points.push([second, distance[i] ?? 0, power[i] ?? 0]);
    });
  }
  return points;
}

export type GhostsRepository = ReturnType<typeof ghostsRepository>;
