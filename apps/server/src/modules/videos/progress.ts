/**
 * Progress reports arrive many times a second from ffmpeg; the database sees at most one write
 * per interval (plus the last value on flush), in order, never two at once.
 */
export function throttledProgress(
  write: (percent: number) => Promise<void>,
  intervalMs = 1000,
  now: () => number = Date.now,
) {
  let written = -1;
  let pending: number | null = null;
  let lastAt = -Infinity;
  let chain: Promise<void> = Promise.resolve();
  let error: unknown = null;

  const push = (p: number) => {
    written = p;
    lastAt = now();
    chain = chain.then(() => write(p)).catch((e: unknown) => void (error ??= e));
  };

  return {
    report(percent: number): void {
      const p = Math.max(0, Math.min(100, Math.floor(percent)));
      if (p === written) return;
      if (now() - lastAt >= intervalMs) {
        pending = null;
        push(p);
      } else pending = p;
    },
    /** Writes the last held-back value and waits for every write; rethrows a write error. */
    async flush(): Promise<void> {
      if (pending !== null && pending !== written) push(pending);
      pending = null;
      await chain;
      if (error) throw error;
    },
  };
}
