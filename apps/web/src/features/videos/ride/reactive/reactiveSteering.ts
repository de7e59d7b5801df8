import type { RouteTimeline } from '@ridealong/trainer';
import { TRAINER_RESPONSE_LEAD_SECONDS, type TrainerControl } from '../controlScheduler';

/** The trainer gets a new grade at most this often (steady rides send one per second of road). */
const MIN_SEND_INTERVAL_MS = 1000;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A reactive ride's slope control: the road's grade where the rider will be one trainer response
 * ahead (distance + speed x lead), from the video's timeline. The grade is the road's as it is:
 * the tracker shapes it by the rider's difficulty and downhill settings, as in a steady ride, and
 * it gets the control shape SlopeSteering sends. No control-request windows: the timeline has it all.
 */
export class ReactiveSteering {
  private last: TrainerControl | null = null;
  private lastSentAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly timeline: RouteTimeline,
    private readonly send: (control: TrainerControl) => void,
  ) {}

  /** Sends the grade ahead when it changed (to 0.1 %), and returns the grade under the rider. */
  steer(distance: number, speed: number, now: number): number {
    const ahead = distance + Math.max(0, speed) * TRAINER_RESPONSE_LEAD_SECONDS;
    const slope = round1(Math.max(-100, Math.min(100, this.timeline.gradeAtDistance(ahead))));
    const due = now - this.lastSentAt >= MIN_SEND_INTERVAL_MS;
    if (due && (this.last === null || this.last.slope !== slope)) {
      this.last = { slope, road_feel_type: 'none', road_feel_intensity: 0 };
      this.lastSentAt = now;
      this.send(this.last);
    }
    return this.gradeAt(distance);
  }

  /** The road's grade (%) at a distance, as shown and kept with each recorded second. */
  gradeAt(distance: number): number {
    return round1(this.timeline.gradeAtDistance(distance));
  }
}
