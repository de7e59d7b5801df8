/**
 * Where the rider is along the road at each whole second: positions on the grid, speed, whether
 * they are moving, and the cumulative distance. Distance integrates speed (the receiver's Doppler
 * speed when it has one, else speed over a +-2 s baseline), never summed position-to-position
 * steps: GPS jitter adds phantom metres to those, most on slow climbs, which would flatten them.
 */
import { fillGaps, median, medianInterval, resampleChannel, type Timed } from './resample.js';
import { localProjection, type TrackSample } from './track.js';

/** Below this speed the rider is stopped: distance does not grow, the slope holds. */
export const STATIONARY_MPS = 0.5;
/** Half-width of the displacement window that decides whether the rider is stopped. */
const STOP_WINDOW_S = 5;
/** Positions: a local linear fit over +-2 s damps jitter without lagging at the track's ends. */
const POSITION_WINDOW_S = 2;
const SPEED_BASELINE_S = 2;

export type AlongTrack = {
  /** Metres from the first grid second, one value per second of the grid. */
  distance: number[];
  speed: number[];
  moving: boolean[];
};

/**
 * `samples` sorted by time and already filtered; the grid is t = start, start+1, ... (m seconds).
 * Returns null when no reading overlaps the grid.
 */
export function alongTrack(
  samples: readonly TrackSample[],
  start: number,
  m: number,
): AlongTrack | null {
  const first = samples[0];
  if (!first) return null;
  const project = localProjection(first.lat, first.lon);
  const xy = samples.map((s) => ({ t: s.t - start, ...project(s.lat, s.lon) }));
  const interval = medianInterval(xy.map((p) => ({ t: p.t, v: 0 })));
  const channel = (pick: (i: number) => number | null, halfWindowS: number) =>
    resampleChannel(
      xy.flatMap((p, i): Timed[] => {
        const v = pick(i);
        return v === null ? [] : [{ t: p.t, v }];
      }),
      m,
      { halfWindowS },
    );
  const posWindow = Math.max(POSITION_WINDOW_S, interval);
  const rawX = channel((i) => (xy[i] as { x: number }).x, posWindow);
  const sx = fillGaps(rawX);
  const sy = fillGaps(channel((i) => (xy[i] as { y: number }).y, posWindow));
  if (!sx || !sy) return null;
  const gpsSpeed = channel((i) => (samples[i] as TrackSample).speedMps, Math.max(0.5, interval));

  // Between the first and last reading the rider is somewhere (holes are interpolated); before
  // and after, the video is padded and nothing moves.
  const firstIdx = rawX.findIndex((v) => v !== null);
  const lastIdx = rawX.length - 1 - [...rawX].reverse().findIndex((v) => v !== null);
  const covered = (i: number) => i >= firstIdx && i <= lastIdx;
  const displacement = (i: number, r: number) => {
    const a = Math.max(firstIdx, i - r);
    const b = Math.min(lastIdx, i + r);
    const d = Math.hypot(
      (sx[b] as number) - (sx[a] as number),
      (sy[b] as number) - (sy[a] as number),
    );
    return b > a ? d / (b - a) : 0;
  };
  const speed = sx.map((_, i) =>
    covered(i) ? Math.max(0, gpsSpeed[i] ?? displacement(i, SPEED_BASELINE_S)) : 0,
  );
  // Stopped or not, judged over a longer window than the speed itself: a standing receiver's
  // jitter reads as ~0.3 m/s over 4 s but far less over 10 s; Doppler speed needs only a median.
  const moving = sx.map((_, i) => {
    if (!covered(i)) return false;
    const doppler = median(gpsSpeed.slice(Math.max(0, i - 2), i + 3).filter((v) => v !== null));
    return (doppler ?? displacement(i, STOP_WINDOW_S)) >= STATIONARY_MPS;
  });
  const distance = new Array<number>(m).fill(0);
  for (let i = 1; i < m; i++) {
    const step =
      moving[i] && covered(i - 1) ? ((speed[i - 1] as number) + (speed[i] as number)) / 2 : 0;
    distance[i] = (distance[i - 1] as number) + step;
  }
  return { distance, speed: speed.map((v, i) => (moving[i] ? v : 0)), moving };
}
