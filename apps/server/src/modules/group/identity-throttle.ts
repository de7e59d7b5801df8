import { GROUP } from '@ridealong/contracts';

/**
 * At most a couple of relays of a member's identity per `gapMs` per key (an event's joins or
 * its pulses), in this process: a member's several sockets pulsing, or a client pulsing as fast
 * as the flood gate lets it, reach the room as one pulse. Half the pulse period, so a page's
 * pulses every 3 s (with jitter) all go through.
 */
export const IDENTITY_RELAY_GAP_MS = GROUP.identityPulseMs / 2;

/** A reported trainer state; undefined is 'not reported' (a v1 app), which changes nothing. */
export type RelayedState = boolean | undefined;
/** Sends the member's identity to the room with this state. */
export type RelaySend = (state: RelayedState) => Promise<void>;

/** The throttle key of a member's identity relays: joins and pulses are throttled apart. */
export const identityRelayKey = (kind: 'join' | 'pulse', roomId: number, userId: number) =>
  `${kind}:${roomId}:${userId}`;

type Entry = {
  /** When the current window began (a relay outside any window, or a trailing relay). */
  at: number;
  /** The last trainer state the room was sent under this key. */
  sent: RelayedState;
  /** Whether this window already relayed a change at once. */
  changed: boolean;
  /** The latest state not yet relayed, sent when the window ends. */
  pending: { state: boolean; send: RelaySend } | null;
  timer: ReturnType<typeof setTimeout> | null;
};

/**
 * The identity relay's throttle. A relay outside a window goes at once and opens a window of
 * `gapMs`. Within it: a repeat (same state, or none reported) is dropped, since the room has
 * it; the first change of trainer state goes at once (a rider connecting their trainer shows
 * without waiting); any later change waits for the window's end and is then sent as the latest
 * state (trailing edge), so on -> off -> on never ends 'off' in the room, and falling back to
 * the state the room already has cancels what waited. So a member flipping their state as
 * fast as the flood gate allows reaches the room at most twice per gap per key and process,
 * and the room always ends on the latest state.
 */
export function identityThrottle(
  opts: { gapMs?: number; now?: () => number; onError?: (err: unknown) => void } = {},
) {
  const gapMs = opts.gapMs ?? IDENTITY_RELAY_GAP_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const cancel = (entry: Entry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.pending = null;
  };
  const open = (key: string, at: number, sent: RelayedState) => {
    // Bounded: windows over and with nothing waiting decide nothing and go when the map grows.
    if (entries.size >= 50_000)
      for (const [k, e] of entries) if (at - e.at >= gapMs && !e.pending) entries.delete(k);
    entries.set(key, { at, sent, changed: false, pending: null, timer: null });
  };
  const trail = (key: string) => {
    const entry = entries.get(key);
    const waiting = entry?.pending;
    if (!entry || !waiting) return;
    open(key, now(), waiting.state);
    waiting.send(waiting.state).catch((err: unknown) => opts.onError?.(err));
  };

  return {
    /**
     * Relays `state` through `send` now or at the window's end, or not at all (see above).
     * Resolves once a relay made now is sent; a later one reports failures to `onError`.
     */
    async offer(key: string, state: RelayedState, send: RelaySend): Promise<void> {
      const at = now();
      const entry = entries.get(key);
      if (!entry || at - entry.at >= gapMs) {
        // A timer running late is overtaken: this state is the newer one.
        if (entry) cancel(entry);
        open(key, at, state ?? entry?.sent);
        return send(state);
      }
      if (state === undefined) return;
      if (state === entry.sent) return cancel(entry);
      if (!entry.changed) {
        cancel(entry);
        entry.changed = true;
        entry.sent = state;
        return send(state);
      }
      entry.pending = { state, send };
      if (!entry.timer) {
        entry.timer = setTimeout(() => trail(key), entry.at + gapMs - at);
        // A pending relay never keeps a process alive that is otherwise done.
        entry.timer.unref();
      }
    },
    /** Nothing waiting is sent any more (the namespace closes). */
    stop(): void {
      for (const entry of entries.values()) cancel(entry);
      entries.clear();
    },
  };
}

export type IdentityThrottle = ReturnType<typeof identityThrottle>;
