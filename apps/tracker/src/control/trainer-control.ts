import {
  DEFAULT_TRAINER_SETTINGS,
  TRACKER_CONTROL_MIN_INTERVAL_MS,
  type TrainerSettings,
} from '@ridealong/contracts';
import type { GradeLimits } from '@ridealong/trainer';
import type { Clock } from '../clock.js';
import { GradeThrottle } from './grade-throttle.js';
import { gradeForTrainer } from './shape.js';

export interface TrainerControlOptions {
  clock: Clock;
  /** The limits of the trainer that takes commands; null when unknown or none connected. */
  limits: () => GradeLimits | null;
  /** Sends to the controllable trainer; resolves true when a trainer took it. */
  send: (grade: number) => Promise<boolean>;
  minIntervalMs?: number;
  /** Told when a trainer took a new grade (the pulse reports it). */
  onApplied?: (grade: number) => void;
}

/**
 * The path from set_control to the trainer: road slope -> shaped grade -> deduplicated,
 * throttled command. Remembers the road slope so new settings or a newly connected trainer
 * get the current grade at once.
 */
export class TrainerControl {
  private settingsValue: TrainerSettings = { ...DEFAULT_TRAINER_SETTINGS };
  private roadGrade: number | null = null;
  private applied: number | null = null;
  private readonly throttle: GradeThrottle;

  constructor(private readonly options: TrainerControlOptions) {
    this.throttle = new GradeThrottle({
      clock: options.clock,
      minIntervalMs: options.minIntervalMs ?? TRACKER_CONTROL_MIN_INTERVAL_MS,
      send: (grade) => {
        void options.send(grade).then((taken) => {
          if (!taken) return;
          this.applied = grade;
          options.onApplied?.(grade);
        });
      },
    });
  }

  get settings(): TrainerSettings {
    return this.settingsValue;
  }

  /** The last shaped grade a trainer took; null before any. */
  get appliedGrade(): number | null {
    return this.applied;
  }

  setRoadGrade(gradePercent: number): void {
    this.roadGrade = gradePercent;
    this.resubmit();
  }

  setSettings(settings: TrainerSettings): void {
    this.settingsValue = { ...settings };
    this.resubmit();
  }

  /** A trainer (re)connected: it has not had any grade from us yet. */
  trainerChanged(): void {
    this.throttle.reset();
    this.resubmit();
  }

  dispose(): void {
    this.throttle.dispose();
  }

  private resubmit(): void {
    if (this.roadGrade === null) return;
    this.throttle.submit(
      gradeForTrainer(this.roadGrade, this.settingsValue, this.options.limits()),
    );
  }
}
