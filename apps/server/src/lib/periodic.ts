export type PeriodicTask = {
  /** First run after `firstDelayMs`, then `everyMs` after each run ends. */
  start: () => void;
  /** No further runs; resolves once a run in progress has ended. */
  stop: () => Promise<void>;
  /** Runs now, or joins the run in progress (runs never overlap). */
  runNow: () => Promise<void>;
};

/**
 * Background work on a timer that never keeps the process alive (unref), never overlaps itself
 * (the next run is scheduled when one ends) and never throws: errors go to `onError`.
 */
export function periodicTask(opts: {
  run: () => Promise<void>;
  firstDelayMs: number;
  everyMs: number;
  onError: (err: unknown) => void;
}): PeriodicTask {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let stopped = true;

  const runNow = (): Promise<void> => {
    current ??= Promise.resolve()
      .then(opts.run)
      .catch((err: unknown) => opts.onError(err))
      .finally(() => {
        current = null;
      });
    return current;
  };

  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      timer = null;
      void runNow().then(() => {
        // A stop() and start() during the run has already scheduled the next one.
        if (!stopped && timer === null) schedule(opts.everyMs);
      });
    }, ms);
    timer.unref();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(opts.firstDelayMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
    runNow,
  };
}
