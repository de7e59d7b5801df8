/** Exponential backoff between attempts: base, 2 x base, 4 x base ... capped. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs = 3_600_000): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 30));
}
