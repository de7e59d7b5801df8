/**
 * Parses ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each block closed by
 * `progress=continue` or `progress=end`. Pure and incremental, so chunk boundaries do not matter.
 */
export type ProgressParser = {
  /** Feeds a chunk of stdout; returns the percentages completed by the blocks it closed. */
  push(chunk: string): number[];
};

export function createProgressParser(expectedDurationS: number): ProgressParser {
  let pending = '';
  let outTimeUs: number | null = null;
  let last = 0;
  return {
    push(chunk) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const reports: number[] = [];
      for (const raw of lines) {
        const line = raw.trim();
        const eq = line.indexOf('=');
        if (eq < 0) continue;
        const key = line.slice(0, eq);
        const value = line.slice(eq + 1);
        // ffmpeg < 6 labels microseconds as out_time_ms too; out_time_us is preferred when present.
        if (key === 'out_time_us' || (key === 'out_time_ms' && outTimeUs === null)) {
          const n = Number(value);
          if (Number.isFinite(n)) outTimeUs = n;
        } else if (key === 'progress') {
          const percent =
            value === 'end' ? 100 : progressPercent(outTimeUs ?? 0, expectedDurationS);
          // Never report going backwards (outputs can lag each other).
          last = Math.max(last, percent);
          reports.push(last);
          outTimeUs = null;
        }
      }
      return reports;
    },
  };
}

/** out_time (µs) against the expected output duration, clamped to 0..99.9 until the end. */
export function progressPercent(outTimeUs: number, expectedDurationS: number): number {
  if (!(expectedDurationS > 0) || !(outTimeUs > 0)) return 0;
  const percent = (outTimeUs / 1e6 / expectedDurationS) * 100;
  return Math.min(99.9, Math.round(percent * 10) / 10);
}
