import { GROUP } from '@ridealong/contracts';

/**
 * At most one relay of a member's identity per `gapMs` per key (an event's joins or its
 * pulses), in this process: a member's several sockets pulsing, or a client pulsing as fast as
 * the flood gate lets it, reach the room as one pulse. Half the pulse period, so a page's
 * pulses every 3 s (with jitter) all go through.
 */
export const IDENTITY_RELAY_GAP_MS = GROUP.identityPulseMs / 2;

export function identityThrottle(gapMs = IDENTITY_RELAY_GAP_MS) {
  const last = new Map<string, number>();
  return (key: string, atMs: number): boolean => {
    const at = last.get(key);
    if (at !== undefined && atMs - at < gapMs) return false;
    // Bounded: entries older than the gap decide nothing and go when the map grows.
    if (last.size >= 50_000) for (const [k, v] of last) if (atMs - v >= gapMs) last.delete(k);
    last.set(key, atMs);
    return true;
  };
}
