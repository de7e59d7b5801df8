import type { RidePointInput } from '@ridealong/contracts';
import type { NewTrackPointRow } from '../../db/schema.js';

/**
 * A pushed batch -> rows, sorted by second, one per second (the first sent wins within a
 * batch, as the first stored wins across batches). race_id stays null until the ride is saved.
 * A point without `timestamp` (document 001's sample has none) is taken as recorded one second
 * a point up to the batch's arrival at `nowMs`: the batch's last second arrived now.
 */
export function pointRows(
  trackId: number,
  points: readonly RidePointInput[],
  nowMs: number,
): NewTrackPointRow[] {
  const bySecond = new Map<number, RidePointInput>();
  for (const p of points) if (!bySecond.has(p.elapsed_time)) bySecond.set(p.elapsed_time, p);
  const sorted = [...bySecond.values()].sort((a, b) => a.elapsed_time - b.elapsed_time);
  const lastSecond = sorted.at(-1)?.elapsed_time ?? 0;
  return sorted.map((p) => ({
    trackId,
    raceId: null,
    elapsedTime: p.elapsed_time,
    accumulatedPower: p.accumulated_power,
    power: p.power,
    heartRate: p.heart_rate,
    cadence: p.cadence,
    distance: p.distance,
    speed: p.speed,
    recordedAt: new Date(p.timestamp ?? nowMs - (lastSecond - p.elapsed_time) * 1000),
    rawData: p.raw_data ?? null,
    videoTime: p.video_time ?? null,
  }));
}
