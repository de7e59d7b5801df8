import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retryPolicy';

export type RetryWhileOptions = {
  /** True for a failure that asking again may cure (the connection, not a refusal). */
  shouldRetry: (error: unknown) => boolean;
  /** Checked before every wait: false ends the retries (the caller went away). */
  keepGoing?: () => boolean;
  policy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` until it succeeds, waiting the app's backoff between tries while its failures are
 * ones a short outage explains; any other failure (or keepGoing() turning false) is thrown.
 */
export async function retryWhile<T>(
  task: () => Promise<T>,
  {
    shouldRetry,
    keepGoing = () => true,
    policy = DEFAULT_RETRY_POLICY,
    sleep = realSleep,
  }: RetryWhileOptions,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (!shouldRetry(error) || !keepGoing()) throw error;
      await sleep(retryDelayMs(attempt, policy));
      if (!keepGoing()) throw error;
    }
  }
}
