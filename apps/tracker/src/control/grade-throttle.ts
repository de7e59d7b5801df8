import type { Cancel, Clock } from '../clock.js';

export interface GradeThrottleOptions {
  clock: Clock;
  /** At most one send per this many ms (TRACKER_CONTROL_MIN_INTERVAL_MS). */
  minIntervalMs: number;
  send: (grade: number) => void;
}

/**
 * Deduplicates and rate-limits grade commands: a value equal to the last one sent is dropped,
 * at most one value is sent per interval, and while waiting only the latest value is kept
 * (intermediate ones are stale by the time the trainer could take them).
 */
export class GradeThrottle {
  private lastSent: number | undefined;
  private lastSentAt: number | undefined;
  private pending: number | undefined;
  private cancelTimer: Cancel | undefined;

  constructor(private readonly options: GradeThrottleOptions) {}

  submit(grade: number): void {
    this.pending = grade;
    this.flush();
  }

  /** Forget what was sent (a new trainer knows nothing), keeping the rate limit. */
  reset(): void {
    this.lastSent = undefined;
  }

  /** The last value handed to send(); undefined before any or after reset(). */
  get lastSentGrade(): number | undefined {
    return this.lastSent;
  }

  dispose(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.pending = undefined;
  }

  private flush(): void {
    const value = this.pending;
    if (value === undefined) return;
    if (value === this.lastSent) {
      // The trainer already has the latest value: nothing left to send.
      this.pending = undefined;
      this.cancelTimer?.();
      this.cancelTimer = undefined;
      return;
    }
    const { clock, minIntervalMs } = this.options;
    const now = clock.now();
    const wait = this.lastSentAt === undefined ? 0 : this.lastSentAt + minIntervalMs - now;
    if (wait > 0) {
      // One timer at a time; when it fires it re-checks, so an early timer cannot break the limit.
      this.cancelTimer ??= clock.setTimeout(() => {
        this.cancelTimer = undefined;
        this.flush();
      }, wait);
      return;
    }
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.pending = undefined;
    this.lastSent = value;
    this.lastSentAt = now;
    this.options.send(value);
  }
}
