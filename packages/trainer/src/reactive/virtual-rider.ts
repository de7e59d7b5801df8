import { physicsParams, type CyclingPhysicsParams } from '../physics/params.js';
import { stepSpeed } from '../physics/step.js';
import { normalizeSlopeSettings, shapeGrade, type SlopeSettings } from '../slope/shape-grade.js';
import type { RouteTimeline } from './route-timeline.js';

/** A single update longer than this is cut to it: a tab stalled for a minute must not teleport. */
export const MAX_RIDER_STEP_S = 5;
/**
 * Grade is re-read at least this often within one update, so a 5 s step over a crest does not
 * ride the whole way on the grade it started on.
 */
const GRADE_SUBSTEP_S = 1;

export interface VirtualRiderState {
  /** Metres from the route's start, within [0, timeline.totalDistance]. */
  distance: number;
  /** Ground speed, m/s (>= 0). */
  speed: number;
  /** True once the rider reached the route's end; advance() then does nothing. */
  finished: boolean;
}

export interface VirtualRiderOptions {
  /** The member's weight (profile), kg; missing or implausible keeps the default rider mass. */
  weightKg?: number | null;
  /** The rider's slope settings (difficulty 0-200, downhill 0-100); defaults otherwise. */
  slope?: Partial<SlopeSettings>;
  /** Other physics parameters (bike mass, CdA...); riderMassKg is overridden by weightKg. */
  params?: Partial<CyclingPhysicsParams>;
  /** Start position (m) and speed (m/s); 0 and 0 by default. */
  distance?: number;
  speed?: number;
}

/** Weights outside this are typing errors, not riders; the default rider is the better guess. */
const MIN_WEIGHT_KG = 20;
const MAX_WEIGHT_KG = 300;

/**
 * A rider's virtual position on a route: speed from the Martin model (stepSpeed) on the road's
 * grade at the rider's distance, shaped by the rider's slope settings as the trainer feels it,
 * so the hill the rider pushes against and the hill their speed comes from are the same.
 * Coasting rolls on and slows; on a climb the rider stops and stays (stepSpeed never rolls back).
 */
export class VirtualRider {
  private readonly params: CyclingPhysicsParams;
  private readonly settings: SlopeSettings;
  private readonly state: VirtualRiderState;

  constructor(
    private readonly timeline: RouteTimeline,
    options: VirtualRiderOptions = {},
  ) {
    const w = options.weightKg;
    const weight = typeof w === 'number' && w >= MIN_WEIGHT_KG && w <= MAX_WEIGHT_KG ? w : null;
    this.params = physicsParams({
      ...options.params,
      ...(weight === null ? {} : { riderMassKg: weight }),
    });
    this.settings = normalizeSlopeSettings(options.slope);
    const start = Math.min(Math.max(options.distance ?? 0, 0), timeline.totalDistance);
    this.state = {
      distance: Number.isFinite(start) ? start : 0,
      speed: Math.max(0, options.speed ?? 0) || 0,
      finished: false,
    };
    if (this.state.distance >= timeline.totalDistance) this.finish();
  }

  get distance(): number {
    return this.state.distance;
  }

  get speed(): number {
    return this.state.speed;
  }

  get finished(): boolean {
    return this.state.finished;
  }

  /** A copy of the state, for recording. */
  snapshot(): VirtualRiderState {
    return { ...this.state };
  }

  /** The grade (%) at the rider's position after the rider's slope settings: what the trainer gets. */
  shapedGrade(): number {
    return shapeGrade(this.timeline.gradeAtDistance(this.state.distance), this.settings);
  }

  /**
   * Rides `dtSeconds` at constant pedal power `watts`. dt <= 0 (or not a number) is ignored and
   * a longer dt than MAX_RIDER_STEP_S is cut to it. Distance integrates the speed by the
   * trapezoid rule per sub-step; at the route's end the rider stops there and is finished.
   */
  advance(watts: number, dtSeconds: number): Readonly<VirtualRiderState> {
    const s = this.state;
    if (!(dtSeconds > 0) || s.finished) return s;
    const power = Number.isFinite(watts) ? Math.max(0, watts) : 0;
    let left = Math.min(dtSeconds, MAX_RIDER_STEP_S);
    while (left > 0) {
      const h = Math.min(left, GRADE_SUBSTEP_S);
      left -= h;
      const v0 = s.speed;
      const v1 = stepSpeed(this.params, v0, power, this.shapedGrade(), h);
      s.speed = v1;
      s.distance += 0.5 * (v0 + v1) * h;
      if (s.distance >= this.timeline.totalDistance) {
        this.finish();
        break;
      }
    }
    return s;
  }

  /** The ride is over at the route's end: the rider stands there, so the video pauses on it. */
  private finish(): void {
    this.state.distance = this.timeline.totalDistance;
    this.state.speed = 0;
    this.state.finished = true;
  }
}
