import {
  MAX_RIDER_STEP_S,
  RateController,
  VirtualRider,
  type RateDecision,
  type RouteTimeline,
} from '@ridealong/trainer';

/** What the driver needs of the page's video element (reactivePlayer.ts adapts one). */
export interface ReactivePlayer {
  /** The video's currentTime, seconds. */
  readonly currentTime: number;
  /** Waiting for data (between the element's 'waiting' and 'playing'). */
  readonly stalled: boolean;
  /** The element is paused (by anyone: the driver, an outage's hold, the rider). */
  readonly paused: boolean;
  setRate(rate: number): void;
  seek(to: number): void;
  pause(): void;
  play(): void;
}

/** The member's values the virtual rider rides with (profile, trainer settings). */
export type RiderSettings = {
  weightKg: number | null;
  difficulty: number;
  downhill: number;
};

/** Where a ride (re)starts: its ride second and distance (0 and 0 for a new one). */
export type DriverStart = { rideTime: number; distance: number };

export type DriverStep = {
  /** Seconds ridden since go, without the rider's pauses. */
  rideTime: number;
  /** The rider's virtual distance (m) and speed (m/s). */
  distance: number;
  speed: number;
  /** The rider reached the route's end: the ride is over. */
  finished: boolean;
  /** What the rate controller asked of the player; null at the end. */
  decision: RateDecision | null;
};

/**
 * A reactive ride's loop, one call per tick (~4 Hz): the virtual rider rides the time since the
 * last tick at the tracker's power, the rate controller decides the video's rate, and the
 * decision goes to the player. Ride time counts only between ticks of a running clock, so the
 * rider's pauses and outages (no ticks; restartClock after) are not ridden. No DOM here.
 */
export class ReactiveDriver {
  private readonly rider: VirtualRider;
  private readonly controller: RateController;
  private rideTime: number;
  private lastNow: number | null = null;
  private held = false;

  constructor(timeline: RouteTimeline, settings: RiderSettings, start?: DriverStart) {
    this.rider = new VirtualRider(timeline, {
      weightKg: settings.weightKg,
      slope: { difficultyPercent: settings.difficulty, downhillPercent: settings.downhill },
      distance: start?.distance ?? 0,
    });
    this.controller = new RateController(timeline);
    this.rideTime = Math.max(0, start?.rideTime ?? 0);
  }

  /**
   * The video is paused by the controller (a stopped rider, or the route's end), not by the
   * rider: the page must not take that pause for the rider's own.
   */
  get holding(): boolean {
    return this.held;
  }

  /** Where the ride is now (ride second, virtual distance and speed), for recording. */
  get position(): { rideTime: number; distance: number; speed: number } {
    return { rideTime: this.rideTime, distance: this.rider.distance, speed: this.rider.speed };
  }

  get distance(): number {
    return this.rider.distance;
  }

  get finished(): boolean {
    return this.rider.finished;
  }

  /** Starts (or restarts) the clock at `now` (ms, monotonic): the time before is not ridden. */
  restartClock(now: number): void {
    this.lastNow = now;
  }

  /** Stops the clock (a pause, an outage): the next tick without restartClock rides nothing. */
  stopClock(): void {
    this.lastNow = null;
  }

  /** One tick at `now` (ms, monotonic) with the rider's power (0 for a stale or missing sample). */
  tick(watts: number, now: number, player: ReactivePlayer): DriverStep {
    const dt = this.lastNow === null ? 0 : (now - this.lastNow) / 1000;
    this.lastNow = now;
    if (dt > 0) {
      // A throttled or sleeping tab rides at most one rider step, as the rider does.
      const step = Math.min(dt, MAX_RIDER_STEP_S);
      this.rideTime += step;
      this.rider.advance(watts, step);
    }
    if (this.rider.finished) {
      this.hold(player);
      return this.step(null);
    }
    const decision = this.controller.decide({
      riderDistance: this.rider.distance,
      riderSpeed: this.rider.speed,
      videoTime: player.currentTime,
      stalled: player.stalled,
      now,
    });
    this.apply(decision, player);
    return this.step(decision);
  }

  private apply(decision: RateDecision, player: ReactivePlayer): void {
    if (decision.kind === 'pause') return this.hold(player);
    if (decision.kind === 'seek') return player.seek(decision.to);
    this.held = false;
    player.setRate(decision.rate);
    // Also after an outage's hold: a moving rider's video plays.
    if (player.paused) player.play();
  }

  /** Holds the frame; a video someone else set playing meanwhile is paused again. */
  private hold(player: ReactivePlayer): void {
    this.held = true;
    if (!player.paused) player.pause();
  }

  private step(decision: RateDecision | null): DriverStep {
    return {
      rideTime: this.rideTime,
      distance: this.rider.distance,
      speed: this.rider.speed,
      finished: this.rider.finished,
      decision,
    };
  }
}

/** The virtual rider's settings from the member's profile (defaults where unset). */
export function riderSettingsOf(user: {
  weight?: number | null;
  trainer_difficulty?: number | null;
  trainer_downhill?: number | null;
}): RiderSettings {
  return {
    weightKg: user.weight ?? null,
    difficulty: user.trainer_difficulty ?? 100,
    downhill: user.trainer_downhill ?? 50,
  };
}
