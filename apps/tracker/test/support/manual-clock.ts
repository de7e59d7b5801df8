import type { Cancel, Clock } from '../../src/clock.js';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
  everyMs: number | null;
}

/** A clock that only moves when told to; timers run in due order during advance(). */
export class ManualClock implements Clock {
  private time: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): Cancel {
    return this.add(fn, ms, null);
  }

  setInterval(fn: () => void, ms: number): Cancel {
    return this.add(fn, ms, Math.max(1, ms));
  }

  /** Moves time forward by ms, running every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.timers
        .filter((t) => t.due <= end)
        .sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.time = Math.max(this.time, next.due);
      if (next.everyMs === null) this.timers = this.timers.filter((t) => t !== next);
      else next.due += next.everyMs;
      next.fn();
    }
    this.time = end;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  private add(fn: () => void, ms: number, everyMs: number | null): Cancel {
    const timer: Timer = { id: this.nextId++, due: this.time + Math.max(0, ms), fn, everyMs };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
}
