/**
 * The job names a runner may claim now: those with a free slot. Each name has its own limit
 * (its handler's `concurrency`, else the runner's default), so jobs of one name (a long ffmpeg
 * run) never take the slots of another (a short bookkeeping job).
 */
export function namesWithFreeSlots(
  limits: Readonly<Record<string, number>>,
  running: Iterable<string>,
): string[] {
  const busy = new Map<string, number>();
  for (const name of running) busy.set(name, (busy.get(name) ?? 0) + 1);
  return Object.entries(limits)
    .filter(([name, limit]) => (busy.get(name) ?? 0) < limit)
    .map(([name]) => name);
}

/** Each handler's limit: its own `concurrency`, else the default; never negative. */
export function slotLimits(
  handlers: Readonly<Record<string, { concurrency?: number }>>,
  fallback: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, h]) => [name, Math.max(0, h.concurrency ?? fallback)]),
  );
}
