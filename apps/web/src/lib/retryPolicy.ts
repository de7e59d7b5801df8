/**
 * How the web app retries what a short outage interrupts (a server restart, a network drop):
 * exponential backoff with jitter and a cap, so a restarted server is not hit by every client at
 * once and a rider is back within seconds of it. Pure: the caller owns the timers.
 */
export type RetryPolicy = {
  /** Delay before the first retry, in ms. */
  baseMs: number;
  /** Each further delay is the previous one times this. */
  factor: number;
  /** No delay grows past this, however long the outage. */
  maxMs: number;
  /** Each delay is moved by up to this fraction either way (0.5: between 50% and 150%). */
  jitter: number;
};

/** 0.5 s doubling to 8 s (issue 11), each within ±50%. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 500,
  factor: 2,
  maxMs: 8000,
  jitter: 0.5,
};

/**
 * The delay before retry number `attempt` (0 for the first retry). `random` returns [0, 1);
 * the jittered delay stays within [0, maxMs * (1 + jitter)].
 */
export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): number {
  const step = Math.max(0, Math.floor(attempt));
  const unjittered = Math.min(policy.maxMs, policy.baseMs * policy.factor ** step);
  const spread = (random() * 2 - 1) * policy.jitter;
  return Math.max(0, Math.round(unjittered * (1 + spread)));
}

/**
 * True for an answer a short outage explains: no answer at all (null: the connection failed),
 * a timeout, too many requests, or a server error (a proxy's 502/503 while the process restarts).
 * Other 4xx answers say the request itself is wrong, and asking again changes nothing.
 */
export function isTransientStatus(status: number | null): boolean {
  if (status === null) return true;
  return status === 408 || status === 429 || status >= 500;
}

/** Retries before the delay reaches the cap; after that, every retry waits about maxMs. */
export function retriesToCap(policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  if (policy.factor <= 1 || policy.baseMs <= 0) return 0;
  return Math.max(0, Math.ceil(Math.log(policy.maxMs / policy.baseMs) / Math.log(policy.factor)));
}
