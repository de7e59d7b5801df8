/** Upload speed over a sliding window, and the sizes and rates the progress bar prints. */

export type Sample = { atMs: number; bytes: number };

/** The speed shown is the average over the last few seconds, so it does not flicker. */
export const SPEED_WINDOW_MS = 3000;

/** Keeps the samples inside the window (always the newest two, so a slow link still has a rate). */
export function addSample(samples: Sample[], next: Sample, windowMs = SPEED_WINDOW_MS): Sample[] {
  const all = [...samples, next];
  const from = all.findIndex((s) => s.atMs >= next.atMs - windowMs);
  return all.slice(Math.max(0, Math.min(from === -1 ? all.length : from, all.length - 2)));
}

/** Bytes per second between the oldest and newest sample; null until there is a time span. */
export function bytesPerSecond(samples: Sample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.atMs <= first.atMs) return null;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.atMs - first.atMs));
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** Decimal units as browsers and operating systems show them: '740 kB', '1.5 GB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export function formatSpeed(bytesPerSec: number | null): string {
  return bytesPerSec === null ? '…' : `${formatBytes(bytesPerSec)}/s`;
}

/** Time left at the current speed: '45 s', '3 min', '1 h 05 min'; null when unknown. */
export function formatTimeLeft(remainingBytes: number, bytesPerSec: number | null): string | null {
  if (bytesPerSec === null || bytesPerSec <= 0) return null;
  const s = Math.ceil(Math.max(0, remainingBytes) / bytesPerSec);
  if (s < 60) return `${s} s`;
  const min = Math.ceil(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}
