/** Unit rules of document 001 section 9. */
export const METRES_TO_MILES = 0.000621371192;

export function metresToMiles(metres: number): string {
  return (metres * METRES_TO_MILES).toFixed(2);
}

/** Seconds as h:mm:ss. */
export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}
