import type { Redis } from 'ioredis';

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/** Fixed-window counter per key: memory in one process, Redis when several share the work. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
        if (windows.size > 50_000) pruneExpired(windows, t);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: (w.resetAt - t) / 1000 };
    },
  };
}

function pruneExpired(windows: Map<string, { resetAt: number }>, t: number) {
  for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
}

export function redisRateLimiter(redis: Redis, prefix = 'ratelimit:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(ttl, 0) / 1000 };
    },
  };
}
