/**
 * The countdown's steps as times, not as a chain of 1 s timers: each digit changes when the
 * deadline is that many seconds away, so timers firing late never add up, and a group ride's
 * countdown ends at the moment the server set for everyone (document 001 section 4).
 */

/** Whole seconds left before `deadline` (ms), as the countdown shows them: 10 .. 1, 0 at Go. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** How long the digit `shown` (1 or more) stays before the next one (or Go) is due. */
export function nextStepDelay(deadline: number, shown: number, now: number): number {
  return Math.max(0, deadline - (shown - 1) * 1000 - now);
}
