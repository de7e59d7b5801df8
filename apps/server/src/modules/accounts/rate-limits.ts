import type { Config } from '../../config.js';
import { tooManyRequests } from '../../http/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';

export type AuthAction = 'signin' | 'signup' | 'recovery' | 'reset' | 'verify' | 'social';

/** Sign-in, sign-up and recovery are limited per client IP and per email address. */
export function authRateLimits(limiter: RateLimiter, cfg: Config['rateLimit']) {
  return async function check(action: AuthAction, ip: string, email?: string): Promise<void> {
    const byIp = await limiter.hit(`${action}:ip:${ip}`, cfg.perIp, cfg.windowMs);
    if (!byIp.allowed) throw tooManyRequests(byIp.retryAfterSeconds);
    if (email) {
      const byEmail = await limiter.hit(
        `${action}:email:${email.trim().toLowerCase()}`,
        cfg.perEmail,
        cfg.windowMs,
      );
      if (!byEmail.allowed) throw tooManyRequests(byEmail.retryAfterSeconds);
    }
  };
}
