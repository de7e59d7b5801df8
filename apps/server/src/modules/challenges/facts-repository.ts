import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DIFFICULTY_RANGE } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races, tracks } from '../../db/schema.js';
import type { Progress, RideFact, UploadFact } from './progress.js';

/**
 * What progress is computed from (stored rides and ready uploads) and the one statement that
 * writes it. Every read takes a list of members, so recomputing one member and a batch of a
 * thousand cost one query each.
 */

export type Span = { from: Date; to: Date };

/** One user-challenge's new progress, keyed by its primary key. */
export type ProgressWrite = { challengeId: number; userId: number; progress: Progress };

/** Groups rows by member. */
function byUser<T extends { userId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.userId);
    if (list) list.push(row);
    else out.set(row.userId, [row]);
  }
  return out;
}

/**
 * The members' saved rides that started inside the span, with their video's length (null once
 * the video is deleted). One read: tracks_user_saved_idx covers (user_id, started_at). Only
 * rides at 100 % difficulty count (ROUVY's rule: the others are saved, not ranked); a reactive
 * ride's last second of video is where its video was at its last point (by primary key).
 */
export async function savedRidesOf(
  db: Db,
  userIds: readonly number[],
  span: Span,
): Promise<Map<number, RideFact[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: tracks.userId,
      startedAt: tracks.startedAt,
      raceUrl: tracks.raceUrl,
      distance: tracks.totalDistance,
      duration: tracks.duration,
      accumulatedPower: tracks.accumulatedPower,
      lastElapsedTime: sql<number | null>`case when ${tracks.rideMode} = 'reactive'
        then (select floor(p.video_time)::int from track_points p
               where p.track_id = ${tracks.id} and p.elapsed_time = ${tracks.lastElapsedTime})
        else ${tracks.lastElapsedTime} end`,
      videoDuration: races.duration,
    })
    .from(tracks)
    .leftJoin(races, eq(races.id, tracks.raceId))
    .where(
      and(
        inArray(tracks.userId, [...userIds]),
        eq(tracks.status, 'saved'),
        eq(tracks.difficulty, DIFFICULTY_RANGE.ranked),
        gte(tracks.startedAt, span.from),
        lt(tracks.startedAt, span.to),
      ),
    );
  return byUser(rows);
}

/** The members' videos that are ready, uploaded inside the span (races_user_idx). */
export async function readyUploadsOf(
  db: Db,
  userIds: readonly number[],
  span: Span,
): Promise<Map<number, UploadFact[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: races.userId, uploadedAt: races.createdAt })
    .from(races)
    .where(
      and(
        inArray(races.userId, [...userIds]),
        eq(races.status, 'ready'),
        gte(races.createdAt, span.from),
        lt(races.createdAt, span.to),
      ),
    );
  return byUser(rows);
}

/**
 * Writes every given progress in one statement (UPDATE ... FROM jsonb_to_recordset). A member
 * completing gets completed_at once; falling back below the goal (a ride deleted) clears it.
 */
export async function writeProgress(db: Db, writes: readonly ProgressWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const rows = JSON.stringify(
    writes.map((w) => ({
      challenge_id: w.challengeId,
      user_id: w.userId,
      current_total: w.progress.currentTotal,
      average_power: w.progress.averagePower,
      videos_watched: w.progress.videosWatched,
      completion_percent: w.progress.completionPercent,
      complete: w.progress.complete,
    })),
  );
  await db.execute(sql`
    update user_challenges uc set
      current_total = v.current_total,
      average_power = v.average_power,
      videos_watched = v.videos_watched,
      completion_percent = v.completion_percent,
      complete = v.complete,
      completed_at = case when not v.complete then null
        else coalesce(uc.completed_at, now()) end,
      updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as v(challenge_id int, user_id int,
      current_total float8, average_power float8, videos_watched text[],
      completion_percent float8, complete boolean)
    where uc.challenge_id = v.challenge_id and uc.user_id = v.user_id`);
}
