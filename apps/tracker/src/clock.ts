/** Cancels a timer started by a Clock. */
export type Cancel = () => void;

/**
 * Time and timers behind one seam, so the throttle, the reconnect backoff and the simulator can
 * run on a manual clock in unit tests and on a faster-than-real clock in integration tests.
 */
export interface Clock {
  /** Milliseconds; epoch-based on the system clock. */
  now(): number;
  setTimeout(fn: () => void, ms: number): Cancel;
  setInterval(fn: () => void, ms: number): Cancel;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
  setInterval(fn, ms) {
    const t = setInterval(fn, ms);
    return () => clearInterval(t);
  },
};

/**
 * A clock on which `factor` milliseconds pass for every real one: a 1 s pulse fires every
 * 1000 / factor real ms and now() advances accordingly. Lets tests ride minutes in seconds.
 */
export function scaledClock(factor: number): Clock {
  if (!(factor > 0)) throw new RangeError(`clock factor must be > 0, got ${factor}`);
  const realStart = Date.now();
  const real = (ms: number): number => Math.max(0, ms / factor);
  return {
    now: () => realStart + (Date.now() - realStart) * factor,
    setTimeout: (fn, ms) => systemClock.setTimeout(fn, real(ms)),
    setInterval: (fn, ms) => systemClock.setInterval(fn, Math.max(1, real(ms))),
  };
}
