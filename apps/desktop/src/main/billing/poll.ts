import type { Clock } from '../ports.js';

/** What one look at the server decided: look again later, or stop watching. */
export type PollStep = 'again' | 'stop';

export interface PollOptions {
  clock: Clock;
  /** Time between the end of one look and the start of the next. */
  intervalMs: number;
  /** No look starts later than this after the first one (the watch is bounded). */
  maxMs: number;
  /** One look; a throw counts as 'again' (the network may come back). */
  look: (signal: AbortSignal) => Promise<PollStep>;
  /** Called once when the watch ends, however it ends. */
  onEnd?: (why: 'done' | 'timeout' | 'stopped') => void;
}

export interface Poll {
  /** Ends the watch now; a look under way is aborted and its answer ignored. */
  stop(): void;
  readonly running: boolean;
}

/**
 * A bounded watch on the server: one look at a time (the first after `intervalMs`, each next
 * one `intervalMs` after the previous ended, so a slow server is never asked twice at once), ending when a look says
 * 'stop', after `maxMs`, or on stop().
 */
export function startPoll(o: PollOptions): Poll {
  const started = o.clock.now();
  let running = true;
  let cancelTimer: (() => void) | null = null;
  let inFlight: AbortController | null = null;

  const end = (why: 'done' | 'timeout' | 'stopped') => {
    if (!running) return;
    running = false;
    cancelTimer?.();
    cancelTimer = null;
    inFlight?.abort();
    inFlight = null;
    o.onEnd?.(why);
  };

  const lookOnce = async () => {
    cancelTimer = null;
    if (!running) return;
    const controller = new AbortController();
    inFlight = controller;
    let step: PollStep;
    try {
      step = await o.look(controller.signal);
    } catch {
      step = 'again';
    }
    if (!running || controller.signal.aborted) return;
    inFlight = null;
    if (step === 'stop') return end('done');
    if (o.clock.now() + o.intervalMs - started > o.maxMs) return end('timeout');
    cancelTimer = o.clock.setTimeout(() => void lookOnce(), o.intervalMs);
  };

  // The first look after one interval: what was just opened has not changed yet.
  cancelTimer = o.clock.setTimeout(() => void lookOnce(), o.intervalMs);
  return {
    stop: () => end('stopped'),
    get running() {
      return running;
    },
  };
}
