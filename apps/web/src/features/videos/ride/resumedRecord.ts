import type { z } from 'zod';
import { readActivitySeries, seriesPoints, type SummaryPoint } from '@ridealong/contracts';
import { ApiError, apiRequest } from '../../../lib/api';
import type { PointBuffer, StoredRide } from './pointBuffer';
import type { RideRoad } from './rideRoad';

/**
 * The seconds a resumed ride recorded before its reload, for its summary: the server's (pushed
 * before the reload) and those still in this browser's buffer that the server lacks, one per
 * second, in order, none past the kept ride's last second (the resumed ride records after it).
 */
export function earlierSeconds(
  pushed: readonly SummaryPoint[],
  buffered: readonly SummaryPoint[],
  lastElapsed: number,
): SummaryPoint[] {
  const bySecond = new Map<number, SummaryPoint>();
  for (const point of buffered) bySecond.set(point.elapsed_time, point);
  // The server's copy of a second stands: it has the video's road under it.
  for (const point of pushed) bySecond.set(point.elapsed_time, point);
  return [...bySecond.values()]
    .filter((point) => point.elapsed_time <= lastElapsed)
    .sort((a, b) => a.elapsed_time - b.elapsed_time);
}

/** GET /tracks/{id}/series of a ride still recording: the seconds the server has of it. */
export async function pushedSeconds(trackId: number): Promise<SummaryPoint[]> {
  // Checked here with the contract's plain-loop reader, as the activity page does.
  const { data } = await apiRequest<z.ZodUnknown>(`/tracks/${trackId}/series`, {
    checkedByServer: true,
  });
  const series = readActivitySeries(data);
  if (!series) throw new ApiError(200, 'The server sent an unreadable answer.');
  return seriesPoints(series);
}

/**
 * Reads a resumed ride's earlier seconds and hands them to `seed` once, merged. Resolves once
 * the buffered points are read: the caller waits for that before its first push can confirm
 * them away, but never for the server, whose answer (or failure, offline: the buffered points
 * alone) comes later. A buffered second's grade is asked for then: a reactive ride's by its
 * distance, a steady ride's where its road is loaded by then (null before).
 */
export async function readEarlierSeconds(
  kept: StoredRide,
  buffer: PointBuffer,
  road: Pick<RideRoad, 'keptGrade'>,
  seed: (points: SummaryPoint[]) => void,
): Promise<void> {
  const buffered = await buffer.unconfirmed(kept.client_ride_id).catch(() => []);
  // Without a track the server was never sent a point (pushes name the track).
  const pushed = kept.track_id === null ? Promise.resolve([]) : pushedSeconds(kept.track_id);
  void pushed
    .catch(() => [])
    .then((points) => {
      const graded = buffered.map((point) => ({ ...point, grade: road.keptGrade(point) }));
      seed(earlierSeconds(points, graded, kept.last_elapsed));
    });
}
