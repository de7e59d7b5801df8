export type SkipTime = { ok: true; seconds: number } | { ok: false; message: string };

/**
 * The skip-to-time input (document 001 section 5): a number of seconds from 0 to the video's
 * duration. Empty, non-numeric and out-of-range entries are refused with a message.
 */
export function parseSkipTime(input: string | number, videoDuration: number): SkipTime {
  const max = Number.isFinite(videoDuration) && videoDuration > 0 ? videoDuration : 0;
  const refused: SkipTime = {
    ok: false,
    message: `Enter a time from 0 to ${formatMax(max)} seconds.`,
  };
  const text = String(input).trim();
  if (text === '') return refused;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > max) return refused;
  return { ok: true, seconds };
}

const formatMax = (s: number) => (Number.isInteger(s) ? String(s) : s.toFixed(1));
