import type { Config } from '../config.js';
import { clientNetwork } from './client-network.js';
import { tooManyRequests } from './errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';

export type AuthAction =
  | 'signin'
  | 'signup'
  | 'recovery'
  | 'reset'
  | 'verify'
  /** POST /resend-verification: each try may send a mail. */
  | 'resend'
  | 'social'
  /** Redeeming a promo code: guessing codes is as much an attack as guessing passwords. */
  | 'coupon'
  /** POST /auth/strava: each try costs a call to Strava's token endpoint, on our app's quota. */
  | 'strava';

/**
 * Sign-in, sign-up, recovery, code redemption and Strava connection are limited per client
 * network (an IPv4 address, an IPv6 /64: clientNetwork) and per subject: the email address
 * tried, or the member (`member:{id}`) redeeming a code or connecting Strava.
 */
export function authRateLimits(limiter: RateLimiter, cfg: Config['rateLimit']) {
  return async function check(action: AuthAction, ip: string, subject?: string): Promise<void> {
    const byIp = await limiter.hit(`${action}:ip:${clientNetwork(ip)}`, cfg.perIp, cfg.windowMs);
    if (!byIp.allowed) throw tooManyRequests(byIp.retryAfterSeconds);
    if (subject) {
      const byEmail = await limiter.hit(
        `${action}:email:${subject.trim().toLowerCase()}`,
        cfg.perEmail,
        cfg.windowMs,
      );
      if (!byEmail.allowed) throw tooManyRequests(byEmail.retryAfterSeconds);
    }
  };
}

export type AuthRateLimits = ReturnType<typeof authRateLimits>;
