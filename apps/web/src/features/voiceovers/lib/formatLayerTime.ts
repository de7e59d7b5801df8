/** A point on the video's clock as m:ss.s (h:mm:ss.s from an hour), e.g. '1:05.3'. */
export function formatLayerTime(totalSeconds: number): string {
  const tenths = Math.max(0, Math.round(totalSeconds * 10));
  const h = Math.floor(tenths / 36000);
  const m = Math.floor((tenths % 36000) / 600);
  const s = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A layer's length, e.g. '2.4 s' or '1 min 5 s'. */
export function formatLayerDuration(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
