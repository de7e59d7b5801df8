import { createHash } from 'node:crypto';
import { asc, eq, lt, and, sql } from 'drizzle-orm';
import { TIMELINE_MAX_SECONDS, type VideoTimeline } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { raceRoutes, raceSlopePoints } from '../../db/schema.js';
import { readRouteSummary } from './repository.js';

type SlopeRow = { second: number; distance: number; slope: number };

const round = (value: number, step: number) => Math.round(value / step) * step;

/**
 * A slope profile's rows -> one value per whole second from 0 to its last second: a second
 * missing from the profile carries the one before it (the road did not move), the first ones
 * before any row take the first row's. Distance in metres to 0.1, grade in percent to 0.01.
 */
export function timelineOf(rows: readonly SlopeRow[]): VideoTimeline | null {
  const last = rows.at(-1);
  const first = rows[0];
  if (!first || !last) return null;
  const seconds = Math.min(last.second + 1, TIMELINE_MAX_SECONDS);
  const distance = new Array<number>(seconds);
  const slope = new Array<number>(seconds);
  let at = 0;
  let current = first;
  for (let s = 0; s < seconds; s += 1) {
    while (at < rows.length && (rows[at]?.second ?? Infinity) <= s) current = rows[at++] ?? current;
    distance[s] = Number(round(current.distance, 0.1).toFixed(1));
    slope[s] = Number(round(current.slope, 0.01).toFixed(2));
  }
  return { seconds, distance, slope };
}

/** A timeline as served, made once per profile version, and its ETag. */
export type ServedTimeline = { timeline: VideoTimeline; etag: string };

/**
 * A video's slope profile version: when its route summary row was written, which
 * replaceSlopeProfile rewrites with every new profile (camera GPS or GPX) in the same
 * transaction, so every process sees a new version the moment a new profile commits. A profile
 * older than summaries gets its row made now (readRouteSummary). null: no profile.
 */
async function profileVersion(db: Db, raceId: number): Promise<string | null> {
  const read = async () => {
    const [row] = await db
      .select({ v: sql<string>`${raceRoutes.createdAt}::text` })
      .from(raceRoutes)
      .where(eq(raceRoutes.raceId, raceId));
    return row?.v ?? null;
  };
  const version = await read();
  if (version !== null) return version;
  const made = await readRouteSummary(db, raceId);
  return made && made !== 'gone' ? read() : null;
}

/**
 * Timelines kept per process, keyed by (video, profile version): each answer reads the version
 * (one primary-key read), so no process serves a replaced profile, and a process that never saw
 * a video makes it from the database like any other. At most `capacity` timelines (about 200 KB
 * each for a 4-hour video), least recently used out.
 */
export function timelineStore(db: Db, capacity = 64) {
  const kept = new Map<string, ServedTimeline | null>();
  return {
    async read(raceId: number): Promise<ServedTimeline | null> {
      const version = await profileVersion(db, raceId);
      if (version === null) return null;
      const key = `${raceId}:${version}`;
      if (kept.has(key)) {
        const hit = kept.get(key) ?? null;
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const rows = await db
        .select({
          second: raceSlopePoints.second,
          distance: raceSlopePoints.distance,
          slope: raceSlopePoints.slope,
        })
        .from(raceSlopePoints)
        .where(
          and(eq(raceSlopePoints.raceId, raceId), lt(raceSlopePoints.second, TIMELINE_MAX_SECONDS)),
        )
        .orderBy(asc(raceSlopePoints.second));
      const timeline = timelineOf(rows);
      const served = timeline && {
        timeline,
        etag: `"tl-${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`,
      };
      kept.set(key, served);
      while (kept.size > capacity) {
        const oldest = kept.keys().next().value;
        if (oldest === undefined) break;
        kept.delete(oldest);
      }
      return served;
    },
  };
}
export type TimelineStore = ReturnType<typeof timelineStore>;
