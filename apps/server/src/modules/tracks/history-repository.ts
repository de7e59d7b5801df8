import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { raceHistoryVersions, trackPoints, tracks, users } from '../../db/schema.js';
import type { StandingRow } from './standings.js';

/**
 * A saved ride of a video, as the standings need it: who rode it, where it ended and its last
 * values (shown once it has ended). Names are read with the ride table: a member renamed since
 * shows the old name until the video's table is read again.
 */
export type HistoryRide = {
  trackId: number;
  last: number;
  finalSum: number;
  final: StandingRow;
  seq: number;
  userId: number;
  username: string;
  url: string;
};

/** A video's history version: saves and removals of its saved rides so far (migration 0007). */
export type HistoryVersion = { saved: number; removed: number };

const rowColumns = {
  trackId: trackPoints.trackId,
  sum: trackPoints.accumulatedPower,
  power: trackPoints.power,
  heartRate: trackPoints.heartRate,
  cadence: trackPoints.cadence,
  distance: trackPoints.distance,
};

/**
 * The history leaderboard's reads. Each is one indexed statement: the version row (primary
 * key), a video's saved rides (all, or those saved after a version: tracks_race_history_idx),
 * one second's rows (the covering history index), a few rides' rows (primary key).
 */
export function historyRepository(db: Db) {
  return {
    async version(raceId: number): Promise<HistoryVersion> {
      const [row] = await db
        .select({ saved: raceHistoryVersions.saved, removed: raceHistoryVersions.removed })
        .from(raceHistoryVersions)
        .where(eq(raceHistoryVersions.raceId, raceId));
      return row ?? { saved: 0, removed: 0 };
    },

    /**
     * The video's saved rides, or only those saved after `afterSeq`, with their last values: one
     * JSON value (100,000 rides parse natively in a few tens of milliseconds, not as 100,000 rows).
     */
    async rides(raceId: number, afterSeq: number | null): Promise<HistoryRide[]> {
      const p = trackPoints;
      const [row] = await db
        .select({
          packed: sql<string | null>`json_agg(json_build_array(${tracks.id},
            ${tracks.lastElapsedTime}, ${tracks.historySeq}, ${tracks.userId}, ${users.displayName},
            ${tracks.raceUrl}, ${p.accumulatedPower}, ${p.power}, ${p.heartRate}, ${p.cadence},
            ${p.distance}))::text`,
        })
        .from(tracks)
        .innerJoin(p, and(eq(p.trackId, tracks.id), eq(p.elapsedTime, tracks.lastElapsedTime)))
        .innerJoin(users, eq(users.id, tracks.userId))
        .where(
          and(
            eq(tracks.raceId, raceId),
            eq(tracks.status, 'saved'),
            // In the history: ranked steady rides only (migration 0022's trigger numbers them).
            afterSeq === null ? isNotNull(tracks.historySeq) : gt(tracks.historySeq, afterSeq),
          ),
        );
      return row?.packed ? (JSON.parse(row.packed) as PackedRide[]).map(unpackRide) : [];
    },

    /**
     * Every published ride's values at one second, best first (ties by track id), packed into
     * one text value: a popular video's 100,000 rows cost one row to read and a split to unpack
     * (PostgreSQL's float8 text is exact).
     */
    async rowsAt(raceId: number, second: number): Promise<StandingRow[]> {
      const p = trackPoints;
      const [row] = await db
        .select({
          packed: sql<string | null>`string_agg(concat_ws(':', ${p.trackId}, ${p.accumulatedPower},
            ${p.power}, ${p.heartRate}, ${p.cadence}, ${p.distance}), ','
            order by ${p.accumulatedPower} desc, ${p.trackId})`,
        })
        .from(p)
        .where(and(eq(p.raceId, raceId), eq(p.elapsedTime, second)));
      return unpack(row?.packed ?? null);
    },

    /** A few rides' values at a few seconds (rides saved after standings were made). */
    async rowsOf(trackIds: number[], seconds: number[]) {
      if (trackIds.length === 0 || seconds.length === 0) return [];
      return db
        .select({ ...rowColumns, second: trackPoints.elapsedTime })
        .from(trackPoints)
        .where(
          and(inArray(trackPoints.trackId, trackIds), inArray(trackPoints.elapsedTime, seconds)),
        );
    },
  };
}

export type HistoryRepository = ReturnType<typeof historyRepository>;

type PackedRide = [
  trackId: number,
  last: number | null,
  seq: number | null,
  userId: number,
  username: string,
  url: string,
  sum: number,
  power: number,
  heartRate: number,
  cadence: number,
  distance: number,
];

function unpackRide(r: PackedRide): HistoryRide {
  const [trackId, last, seq, userId, username, url, sum, power, heartRate, cadence, distance] = r;
  const final = { trackId, sum, power, heartRate, cadence, distance };
  return { trackId, last: last ?? 0, finalSum: sum, final, seq: seq ?? 0, userId, username, url };
}

/** `id:sum:power:heart:cadence:distance,...` -> rows, in the same order. */
export function unpack(packed: string | null): StandingRow[] {
  if (!packed) return [];
  return packed.split(',').map((text) => {
    const [trackId, sum, power, heartRate, cadence, distance] = text.split(':').map(Number);
    return {
      trackId: trackId ?? 0,
      sum: sum ?? 0,
      power: power ?? 0,
      heartRate: heartRate ?? 0,
      cadence: cadence ?? 0,
      distance: distance ?? 0,
    };
  });
}
