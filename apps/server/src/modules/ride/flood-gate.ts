/**
 * How many /ride events one socket may send: a token bucket per socket. The ride page sends
 * about one event a second (a leaderboard each second, a push and a control window every 10 s)
 * and bursts only when it resends after a reconnect, one batch per acknowledgement; a flood
 * beyond that is refused with a message instead of costing the server a query each.
 */
export type EventLimit = {
  /** Events refilled per second. */
  perSecond: number;
  /** Events a socket may send at once (a reconnect's resends, windows asked ahead). */
  burst: number;
};

export const FLOOD_MESSAGE = 'Too many requests on this connection: please slow down.';

export type FloodGate = {
  /** True when one more event may go through now (and counts it). */
  admit: (nowMs: number) => boolean;
};

/** A bucket that starts full; the caller supplies the time, so it is tested without timers. */
export function floodGate(limit: EventLimit): FloodGate {
  let tokens = limit.burst;
  let last: number | null = null;
  return {
    admit(nowMs) {
      if (last !== null && nowMs > last) {
        tokens = Math.min(limit.burst, tokens + ((nowMs - last) / 1000) * limit.perSecond);
      }
      if (last === null || nowMs > last) last = nowMs;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
