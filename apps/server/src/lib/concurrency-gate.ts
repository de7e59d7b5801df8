/**
 * At most `limit` tasks at once, the rest waiting in order; beyond `maxWaiting` waiting tasks a
 * new one is refused with `busy()` at once (an answer, not an ever longer wait).
 */
export function concurrencyGate(opts: { limit: number; maxWaiting: number; busy: () => Error }) {
  let active = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < opts.limit) active += 1;
      else if (waiting.length >= opts.maxWaiting) throw opts.busy();
      // The slot is handed over by the task that ends (active stays counted).
      else await new Promise<void>((resolve) => waiting.push(resolve));
      peak = Math.max(peak, active);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    /** The most tasks ever run at once, and those running or waiting now (tests, logs). */
    stats: () => ({ peak, active, waiting: waiting.length }),
  };
}
