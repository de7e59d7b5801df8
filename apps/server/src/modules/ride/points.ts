import type { RidePoint } from '@ridealong/contracts';
import type { NewTrackPointRow } from '../../db/schema.js';

/**
 * A pushed batch -> rows, sorted by second, one per second (the first sent wins within a
 * batch, as the first stored wins across batches). race_id stays null until the ride is saved.
 */
export function pointRows(trackId: number, points: readonly RidePoint[]): NewTrackPointRow[] {
  const bySecond = new Map<number, RidePoint>();
  for (const p of points) if (!bySecond.has(p.elapsed_time)) bySecond.set(p.elapsed_time, p);
  return [...bySecond.values()]
    .sort((a, b) => a.elapsed_time - b.elapsed_time)
    .map((p) => ({
      trackId,
      raceId: null,
      elapsedTime: p.elapsed_time,
      accumulatedPower: p.accumulated_power,
      power: p.power,
      heartRate: p.heart_rate,
      cadence: p.cadence,
      distance: p.distance,
      speed: p.speed,
      recordedAt: new Date(p.timestamp),
      rawData: p.raw_data ?? null,
    }));
}
