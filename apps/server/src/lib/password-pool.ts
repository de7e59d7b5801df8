import { availableParallelism } from 'node:os';

/**
 * How many argon2 hashes run at once. Each is about 19 MiB and a core's worth of work on
 * libuv's thread pool (4 threads): unbounded, five sign-ups took both cores of a 2-core
 * machine and every pool thread, and /healthz waited 542 ms. One core stays the event loop's.
 */
export const PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.min(3, availableParallelism() - 1));

/** Sign-ins beyond this many waiting for a hash get a 503 (the rate limits come first). */
export const PASSWORD_HASH_MAX_WAITING = 500;
