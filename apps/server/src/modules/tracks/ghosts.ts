import {
  GHOST_AROUND,
  GHOST_RANK_LIMIT,
  GHOST_WINDOW_SECONDS,
  MAX_GHOSTS,
  type GhostRide,
  type GhostSeries,
  type GhostsResponse,
} from '@ridealong/contracts';
import type { GhostPointsRow, GhostRow, GhostsRead } from './ghosts-repository.js';
import { tenth } from './reactive-rank.js';

/** A read row as served, at `rank`; a finisher has the route's whole distance. */
export function ghostRide(row: GhostRow, rank: number | null, route: number | null): GhostRide {
  const duration = Math.max(1, Number(row.duration));
  return {
    track_id: Number(row.track_id),
    user_id: Number(row.user_id),
    display_name: row.display_name,
    photo_url: row.photo_url,
    weight: row.weight === null ? null : Number(row.weight),
    rank,
    distance: tenth(Number(row.distance)),
    seconds: Number(row.seconds),
    average_power: Math.round(Number(row.accumulated_power) / duration),
    finished: route !== null && Number(row.distance) >= tenth(route),
    created_at: row.started_at,
  };
}

/**
 * The rides around own best: half above and half below (GHOST_AROUND), a side with fewer
 * leaving its places to the other; `above` and `below` come closest first.
 */
export function aroundOf<T>(above: readonly T[], below: readonly T[], size = GHOST_AROUND) {
  const half = Math.floor(size / 2);
  const up = Math.min(above.length, Math.max(half, size - below.length));
  const down = Math.min(below.length, size - up);
  return { above: above.slice(0, up), below: below.slice(0, down) };
}

/**
 * The app's choice: own best, then the rides around it closest first (alternating above and
 * below, above first: the ones to catch), then the leaders, without repeats, MAX_GHOSTS at most.
 */
export function chooseGhosts(
  own: number | null,
  above: readonly number[],
  below: readonly number[],
  leaders: readonly number[],
): number[] {
  const around: number[] = [];
  for (let i = 0; i < Math.max(above.length, below.length); i += 1) {
    const a = above[i];
    const b = below[i];
    if (a !== undefined) around.push(a);
    if (b !== undefined) around.push(b);
  }
  const all = [...(own === null ? [] : [own]), ...around, ...leaders];
  return [...new Set(all)].slice(0, MAX_GHOSTS);
}

/** GET ghosts' answer from its read: ranks from own best's, around in rank order. */
export function ghostsAnswer(read: GhostsRead): GhostsResponse {
  const { route } = read;
  // Past the counting limit the rank is unknown (null), and so are the ranks around it.
  const ownRank = read.better >= GHOST_RANK_LIMIT ? null : read.better + 1;
  const rankNear = (k: number) => (ownRank === null ? null : Math.max(1, ownRank + k));
  const own = read.own && ghostRide(read.own, ownRank, route);
  const leaders = read.leaders.map((r, i) => ghostRide(r, i + 1, route));
  const near = own ? aroundOf(read.above, read.below) : { above: [], below: [] };
  const above = near.above.map((r, i) => ghostRide(r, rankNear(-i - 1), route));
  const below = near.below.map((r, i) => ghostRide(r, rankNear(i + 1), route));
  const ids = (rides: readonly GhostRide[]) => rides.map((r) => r.track_id);
  return {
    own,
    leaders,
    around: [...above.slice().reverse(), ...below],
    chosen: chooseGhosts(own?.track_id ?? null, ids(above), ids(below), ids(leaders)),
  };
}

/**
 * One ghost's window from `from`: distance (0.1 m, never past its ranked reach) and power per
 * second up to its last point in the window; a second without a point repeats the one before
 * (0 before the ride's first point).
 */
export function ghostSeries(row: GhostPointsRow, from: number): GhostSeries {
  const last = row.points.at(-1);
  const length = last ? Math.min(GHOST_WINDOW_SECONDS, last[0] - from + 1) : 0;
  const distance: number[] = [];
  const power: number[] = [];
  let at = 0;
  let d = 0;
  let w = 0;
  for (let s = from; s < from + length; s += 1) {
    const point = row.points[at];
    if (point && point[0] === s) {
      d = tenth(Math.min(Number(point[1]), row.reached));
      w = Math.round(Number(point[2]));
      at += 1;
    }
    distance.push(d);
    power.push(w);
  }
  return { track_id: row.track_id, distance, power };
}
