import type { RidePoint } from '@ridealong/contracts';
import { SlopeSteering } from './rideSteering';
import { ReactiveSteering } from './reactive/reactiveSteering';
import type { VirtualPosition } from './reactive/virtualRecorder';
import type { RideSessionDeps } from './rideSnapshot';

/**
 * The road under a ride, by its mode: a steady ride's by the video's time (SlopeSteering, its
 * windows asked for ahead), a reactive ride's by the rider's distance on the video's timeline
 * (ReactiveSteering). A tick of a reactive ride gives its `position`; a steady tick gives none.
 */
export class RideRoad {
  private readonly steering: SlopeSteering;
  /** A reactive ride's slope control (else null). */
  private readonly reactive: ReactiveSteering | null;

  constructor(deps: RideSessionDeps, fail: (error: unknown) => void) {
    this.steering = new SlopeSteering(deps, fail);
    this.reactive =
      deps.mode === 'reactive' && deps.timeline
        ? new ReactiveSteering(deps.timeline, (control) => deps.sendControl(control))
        : null;
  }

  /** Slope control now; the slope to show (null while unknown, undefined without slope data). */
  steer(videoTime: number, now: number, position?: VirtualPosition): number | null | undefined {
    return position && this.reactive
      ? this.reactive.steer(position.distance, position.speed, now)
      : this.steering.steer(videoTime);
  }

  /** The grade kept with a recorded second: at the rider's distance, or at its second of video. */
  gradeAt(second: number, position?: VirtualPosition): number | null {
    return position && this.reactive
      ? this.reactive.gradeAt(position.distance)
      : (this.steering.roadAt(second)?.slope ?? null);
  }

  /**
   * The grade of a second kept before a reload (its position is gone): a reactive ride's at its
   * distance, as gradeAt kept it; a steady ride's at its second, when that road is loaded.
   */
  keptGrade(point: RidePoint): number | null {
    return this.reactive
      ? this.reactive.gradeAt(point.distance)
      : (this.steering.roadAt(point.elapsed_time)?.slope ?? null);
  }
}
