import type { RouteTimeline } from './route-timeline.js';

/** Chromium's playbackRate bounds (0.0625-16x), which the peers use too. */
export const MIN_PLAYBACK_RATE = 0.0625;
export const MAX_PLAYBACK_RATE = 16;
/** The top rate while the player stalls: a buffering player cannot be fed at 16x. */
export const STALLED_MAX_RATE = 2;
/** Each second the player keeps up after a stall doubles the top rate, back to 16x. */
export const TOP_RATE_RAISE_MS = 1000;
/** Beyond this gap (seconds of video) the video seeks to the rider instead of chasing. */
export const SEEK_GAP_S = 8;
/** After a seek, no other seek for this long: the first one may not have landed yet. */
export const SEEK_COOLDOWN_MS = 2000;
/**
 * Time constant of the catch-up: rate = base + gap / CATCH_UP_S makes the gap decay as
 * e^(-t / 1.5 s), whatever the base rate: under 15 % of it is left after 3 s. Additive rather
 * than proportional in rate (base x (1 + gap)), which would barely correct a slow rider.
 */
export const CATCH_UP_S = 1.5;
/** Below this rider speed (m/s) the rider has stopped. */
export const MOVING_MPS = 0.05;
/** A stopped rider's video pauses once it is within this many seconds of the rider. */
export const SETTLED_GAP_S = 0.05;
/** The update interval assumed before two updates measured it, and its bounds, seconds. */
const DEFAULT_INTERVAL_S = 0.25;
const MIN_INTERVAL_S = 0.05;
const MAX_INTERVAL_S = 1;
/** A playing video that advanced less than this share of what its rate asked for lagged. */
const KEPT_UP_SHARE = 0.5;

export interface RateInput {
  /** The rider's virtual distance (m) and speed (m/s). */
  riderDistance: number;
  riderSpeed: number;
  /** The video element's currentTime, seconds. */
  videoTime: number;
  /** The player is waiting for data (the page's 'waiting'/'stalled' until 'playing'). */
  stalled: boolean;
  /** A monotonic clock, ms (performance.now()). */
  now: number;
}

export type RateDecision =
  { kind: 'rate'; rate: number } | { kind: 'pause' } | { kind: 'seek'; to: number };

const PAUSE: RateDecision = Object.freeze({ kind: 'pause' });

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * Decides the video's playbackRate about 4 times a second so the frame shown follows the rider:
 * the video's target time is where the filmer was at the rider's distance; the base rate is
 * rider speed / filmed speed there, plus a correction closing the gap within a few seconds.
 * O(1) plus two of the timeline's O(log n) timeAt; keeps a handful of numbers as state.
 */
export class RateController {
  private topRate = MAX_PLAYBACK_RATE;
  private keptUpMs = 0;
  private lastSeekAt = -Infinity;
  private lastNow = Number.NaN;
  private lastVideoTime = Number.NaN;
  /** The rate last asked for; 0 after a pause or a seek (no advance to check then). */
  private lastRate = 0;
  private lastGap = 0;
  /** The time between updates (s), measured: the base rate's look-ahead. */
  private interval = DEFAULT_INTERVAL_S;

  constructor(private readonly timeline: RouteTimeline) {}

  /** The highest rate currently allowed (lower after a stall). */
  get maxRate(): number {
    return this.topRate;
  }

  /** Target minus video time at the last decision, seconds of video (positive: video behind). */
  get gap(): number {
    return this.lastGap;
  }

  decide(input: RateInput): RateDecision {
    const { riderSpeed, videoTime, now } = input;
    this.updateTopRate(input);
    this.lastNow = now;
    this.lastVideoTime = videoTime;

    const target = this.timeline.timeAt(input.riderDistance);
    const gap = target - videoTime;
    this.lastGap = gap;
    const coolingDown = now - this.lastSeekAt < SEEK_COOLDOWN_MS;
    // No seek into a stalled player: it cannot land sooner than the data arrives, and the gap
    // still grows until then; the seek comes once it plays again.
    if (Math.abs(gap) > SEEK_GAP_S && !coolingDown && !input.stalled) {
      this.lastSeekAt = now;
      this.lastRate = 0;
      return { kind: 'seek', to: target };
    }

    let rate: number;
    if (!(riderSpeed > MOVING_MPS)) {
      // A stopped rider: finish closing the gap, then hold the frame. A video ahead waits.
      if (!(gap > SETTLED_GAP_S)) {
        this.lastRate = 0;
        return PAUSE;
      }
      rate = gap / CATCH_UP_S;
    } else {
      // Base rate: rider speed / filmed speed, averaged over the distance the rider covers
      // until the next update (where the target will be then, minus where it is now). Over
      // jittery GPS the filmed speed changes second by second, and one second's speed held for
      // a whole update lets the video fall behind; at a filmer's stop (filmed speed 0) there is
      // no division by zero, the base is just large and the top rate caps it.
      const h = this.interval;
      const ahead = this.timeline.timeAt(input.riderDistance + riderSpeed * h);
      // While a seek is on its way, chasing the gap it will close would overshoot once it lands.
      const correction = coolingDown && Math.abs(gap) > SEEK_GAP_S ? 0 : gap / CATCH_UP_S;
      rate = (ahead - target) / h + correction;
    }
    // A moving rider's video never stops: at worst it creeps at the minimum rate.
    rate = clamp(rate, MIN_PLAYBACK_RATE, this.topRate);
    this.lastRate = rate;
    return { kind: 'rate', rate };
  }

  /**
   * Stalled (or a playing video that fell well short of its rate): top rate 2x. Kept up: the top
   * rate doubles per second of keeping up, back to 16x.
   */
  private updateTopRate(input: RateInput): void {
    const dtMs = input.now - this.lastNow;
    if (dtMs > 0) this.interval = clamp(dtMs / 1000, MIN_INTERVAL_S, MAX_INTERVAL_S);
    const lagged =
      this.lastRate > 0 &&
      dtMs > 0 &&
      input.videoTime - this.lastVideoTime < (KEPT_UP_SHARE * this.lastRate * dtMs) / 1000;
    if (input.stalled || lagged) {
      this.topRate = STALLED_MAX_RATE;
      this.keptUpMs = 0;
      return;
    }
    if (this.topRate >= MAX_PLAYBACK_RATE || !(dtMs > 0)) return;
    this.keptUpMs += dtMs;
    while (this.keptUpMs >= TOP_RATE_RAISE_MS && this.topRate < MAX_PLAYBACK_RATE) {
      this.keptUpMs -= TOP_RATE_RAISE_MS;
      this.topRate = Math.min(MAX_PLAYBACK_RATE, this.topRate * 2);
    }
    if (this.topRate >= MAX_PLAYBACK_RATE) this.keptUpMs = 0;
  }
}
