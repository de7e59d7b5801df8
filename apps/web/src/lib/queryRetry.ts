import { ApiError } from './api';
import { DEFAULT_RETRY_POLICY, isTransientStatus, retryDelayMs } from './retryPolicy';

/**
 * Retries before a query gives up: with the 8 s cap this is a little over two minutes, the
 * outage after which issue 11 has the page say so plainly rather than keep a loader up.
 */
export const OUTAGE_QUERY_RETRIES = 20;

/**
 * True when `error` may go away by asking again: the connection failed (fetch rejects with a
 * TypeError) or the server answered 5xx/408/429. A 4xx answer or an answer that breaks its
 * contract is final.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ApiError) return isTransientStatus(error.status);
  return error instanceof TypeError;
}

/**
 * TanStack Query options for calls that must survive a server restart: retry transient failures
 * with the app's backoff (`failureCount` counts from 0 at the first retry).
 */
export const outageRetry = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < OUTAGE_QUERY_RETRIES && isTransientFailure(error),
  retryDelay: (failureCount: number) => retryDelayMs(failureCount, DEFAULT_RETRY_POLICY),
};
