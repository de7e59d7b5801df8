import {
  DEFAULT_RETRY_POLICY,
  isTransientStatus,
  retriesToCap,
  type RetryPolicy,
} from '../../../lib/retryPolicy';

/** The parts of a shaka.util.Error the player decides on (category, code, data). */
export type ShakaErrorLike = { category: number; code: number; data: unknown[] };

/**
 * What a player error means for the page: `transient` (the server or network is away: keep
 * retrying and say 'Reconnecting…'), `fatal` (missing, forbidden or unplayable: the processing
 * state), `interrupted` (the player was torn down or reloaded: nothing to show).
 */
export type PlayerFailure = 'transient' | 'fatal' | 'interrupted';

// shaka.util.Error categories and codes (lib/util/error.js), stable across shaka 4.
const NETWORK_CATEGORY = 1;
const BAD_HTTP_STATUS = 1001;
const HTTP_ERROR = 1002;
const TIMEOUT = 1003;
const LOAD_INTERRUPTED = 7000;
const OPERATION_ABORTED = 7001;

function isShakaError(error: unknown): error is ShakaErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as Record<string, unknown>;
  return typeof e.category === 'number' && typeof e.code === 'number' && Array.isArray(e.data);
}

/**
 * Sorts a shaka error: a failed connection, a timeout or a 5xx/408/429 answer is transient; a
 * 4xx answer (404 missing, 403 expired or outside the plan, 409 not ready) and every decode,
 * manifest or format error is fatal. Anything that is not a shaka error is fatal too.
 */
export function classifyPlayerError(error: unknown): PlayerFailure {
  if (!isShakaError(error)) return 'fatal';
  if (error.code === LOAD_INTERRUPTED || error.code === OPERATION_ABORTED) return 'interrupted';
  if (error.category !== NETWORK_CATEGORY) return 'fatal';
  if (error.code === HTTP_ERROR || error.code === TIMEOUT) return 'transient';
  if (error.code === BAD_HTTP_STATUS) {
    const status = error.data[1];
    return typeof status === 'number' && isTransientStatus(status) ? 'transient' : 'fatal';
  }
  return 'fatal';
}

/**
 * The URI a shaka request answered 403 was sent to (signed URLs expire: the player may renew
 * them once, see tokenRenewal), or undefined when `error` is not such an answer. The URI is null
 * when shaka did not say it.
 */
export function forbiddenRequestUri(error: unknown): string | null | undefined {
  if (!isShakaError(error) || error.category !== NETWORK_CATEGORY) return undefined;
  if (error.code !== BAD_HTTP_STATUS || error.data[1] !== 403) return undefined;
  const uri = error.data[0];
  return typeof uri === 'string' ? uri : null;
}

/** shaka's RetryParameters (extern), the fields the player sets. */
export type ShakaRetryParameters = {
  maxAttempts: number;
  baseDelay: number;
  backoffFactor: number;
  fuzzFactor: number;
  timeout: number;
  stallTimeout: number;
  connectionTimeout: number;
};

/**
 * shaka's own per-request retries, following the app's policy up to its cap (shaka has no cap
 * of its own, so it stops there and the player's recovery goes on at the capped delay).
 */
export function shakaRetryParameters(
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): ShakaRetryParameters {
  return {
    // The first try plus one retry per doubling up to the cap.
    maxAttempts: retriesToCap(policy) + 2,
    baseDelay: policy.baseMs,
    backoffFactor: policy.factor,
    fuzzFactor: policy.jitter,
    timeout: 30_000,
    stallTimeout: 10_000,
    connectionTimeout: 10_000,
  };
}
