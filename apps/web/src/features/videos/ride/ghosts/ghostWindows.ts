import {
  GHOST_WINDOW_SECONDS,
  type GhostPointsResponse,
  type GhostSeries,
} from '@ridealong/contracts';
import { estimatedGapSeconds, gapTo, ghostDistanceAt } from '@ridealong/trainer';

/**
 * The ghosts' points as the ride reads them: windows of GHOST_WINDOW_SECONDS ride seconds,
 * fetched ahead of the rider and kept (6 h of 10 ghosts is a few hundred thousand numbers),
 * and where each ghost is at a ride second against the rider. Pure but for its own cache.
 */

/** The first second of the window holding ride second `second`. */
export function windowOf(second: number): number {
  if (!(second > 0)) return 0;
  return Math.floor(second / GHOST_WINDOW_SECONDS) * GHOST_WINDOW_SECONDS;
}

/**
 * The windows to ask for at ride second `second`: the current one and the next, less those
 * asked for already and those after the window every ghost's ride ended in (`endFrom`).
 */
export function windowsToFetch(
  second: number,
  asked: ReadonlySet<number>,
  endFrom: number | null,
): number[] {
  const current = windowOf(second);
  return [current, current + GHOST_WINDOW_SECONDS].filter(
    (from) => !asked.has(from) && (endFrom === null || from <= endFrom),
  );
}

/** One ghost's points over contiguous fetched windows, from ride second `start`. */
type Run = { start: number; distance: number[]; power: number[]; ended: boolean };

export type GhostPlace = {
  /** Metres along the route at the ride second. */
  distance: number;
  /** Ghost - rider, metres: positive when the ghost is ahead. */
  gapMetres: number;
  /**
   * Seconds the ghost is ahead (positive) or behind: when it reached (or will reach) the
   * rider's distance against now. null when the fetched points do not tell.
   */
  gapSeconds: number | null;
  /** The gap in seconds is estimated at the ghost's pace (its points do not tell it exactly). */
  gapEstimated: boolean;
  /** Watts at that second; null once its ride is over. */
  power: number | null;
};

export class GhostWindows {
  /** window start -> track id -> its series there. */
  private readonly windows = new Map<number, Map<number, GhostSeries>>();
  private readonly runs = new Map<number, Run | null>();
  /** The last window any ghost has points in, once every ghost's ride is known to end. */
  endFrom: number | null = null;

  has(from: number): boolean {
    return this.windows.has(from);
  }

  /** Keeps a window (`tracks`: the ghosts asked for, to tell when all have ended). */
  add(response: GhostPointsResponse, tracks: readonly number[]): void {
    const byTrack = new Map(response.series.map((s) => [s.track_id, s]));
    this.windows.set(response.from, byTrack);
    this.runs.clear();
    // A series shorter than the window ended in it; a missing one has nothing to show.
    const allEnded = tracks.every(
      (t) => (byTrack.get(t)?.distance.length ?? 0) < GHOST_WINDOW_SECONDS,
    );
    if (allEnded && (this.endFrom === null || response.from < this.endFrom)) {
      this.endFrom = response.from;
    }
  }

  /** The track's points over the fetched windows contiguous with the one holding `second`. */
  private run(track: number, second: number): Run | null {
    let first = windowOf(second);
    if (!this.windows.has(first)) return null;
    const key = track * 1e6 + first;
    const cached = this.runs.get(key);
    if (cached !== undefined) return cached;
    while (this.windows.has(first - GHOST_WINDOW_SECONDS)) first -= GHOST_WINDOW_SECONDS;
    const distance: number[] = [];
    const power: number[] = [];
    let ended = false;
    for (let from = first; this.windows.has(from) && !ended; from += GHOST_WINDOW_SECONDS) {
      const series = this.windows.get(from)?.get(track);
      if (!series) break;
      distance.push(...series.distance);
      power.push(...series.power);
      ended = series.distance.length < GHOST_WINDOW_SECONDS;
    }
    const run = distance.length > 0 ? { start: first, distance, power, ended } : null;
    this.runs.set(key, run);
    return run;
  }

  /** Where ghost `track` is at ride second `second` against a rider `riderDistance` along. */
  place(track: number, second: number, riderDistance: number): GhostPlace | null {
    const run = this.run(track, second);
    if (!run) return null;
    const local = Math.max(0, second - run.start);
    const gap = gapTo(run.distance, riderDistance, local);
    const lastSecond = run.distance.length - 1;
    // Before the stretch held here the ghost may have passed that distance at any time.
    const unknownBefore = run.start > 0 && riderDistance < run.distance[0]!;
    const over = run.ended && local > lastSecond;
    const exact = unknownBefore ? null : gap.seconds;
    // Far behind (or passed before the points held), the gap is the metres at its pace; a
    // ghost whose ride ended short of the rider never gets there.
    const neverThere = run.ended && run.distance[lastSecond]! < riderDistance;
    const estimate =
      exact === null && !neverThere ? estimatedGapSeconds(run.distance, local, gap.metres) : null;
    return {
      distance: ghostDistanceAt(run.distance, local),
      gapMetres: gap.metres,
      gapSeconds: exact ?? estimate,
      gapEstimated: exact === null && estimate !== null,
      power: over ? null : (run.power[Math.min(Math.floor(local), lastSecond)] ?? null),
    };
  }
}
