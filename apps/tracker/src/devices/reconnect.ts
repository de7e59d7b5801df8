import type { Cancel, Clock } from '../clock.js';

export interface BackoffOptions {
  firstMs: number;
  maxMs: number;
}

/** 1 s, 2 s, 4 s, 8 s, then every 10 s: quick for a blip, gentle for a trainer left off. */
export const RECONNECT_BACKOFF: Readonly<BackoffOptions> = Object.freeze({
  firstMs: 1000,
  maxMs: 10_000,
});

/** The wait before reconnection attempt number `attempt` (0 = the first after the drop). */
export function reconnectDelayMs(attempt: number, options: BackoffOptions = RECONNECT_BACKOFF) {
  const n = Math.max(0, Math.floor(attempt));
  // Capping the exponent keeps 2 ** n finite however long the device stays away.
  return Math.min(options.maxMs, options.firstMs * 2 ** Math.min(n, 30));
}

/** At most one pending reconnection attempt per device, timed on the clock with the backoff. */
export class ReconnectTimers {
  private readonly pending = new Map<string, Cancel>();

  constructor(
    private readonly clock: Clock,
    private readonly backoff: BackoffOptions = RECONNECT_BACKOFF,
  ) {}

  /** Runs `attempt` after the wait for attempt number `attemptsSoFar`. */
  schedule(id: string, attemptsSoFar: number, attempt: () => void): void {
    this.cancel(id);
    const delay = reconnectDelayMs(attemptsSoFar, this.backoff);
    const cancel = this.clock.setTimeout(() => {
      this.pending.delete(id);
      attempt();
    }, delay);
    this.pending.set(id, cancel);
  }

  cancel(id: string): void {
    this.pending.get(id)?.();
    this.pending.delete(id);
  }

  cancelAll(): void {
    for (const id of [...this.pending.keys()]) this.cancel(id);
  }
}
