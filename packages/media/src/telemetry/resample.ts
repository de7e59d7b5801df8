/** Time-domain helpers: put irregular GPS readings (1 Hz GPX, 10-18 Hz GoPro) on a 1 s grid. */

export type Timed = { t: number; v: number };

export type ResampleOptions = {
  /** Half-width of the triangular kernel; defaults to max(1 s, the median sample interval). */
  halfWindowS?: number;
  /** Longest hole bridged by linear interpolation; longer holes stay null. */
  maxGapS?: number;
};

const DEFAULT_MAX_GAP_S = 10;
/** A track that starts 0.7 s into the video still gets a (linear) position at 0 s. */
const MAX_EXTRAPOLATION_S = 1;

/**
 * Value at t = 0, 1, ..., n-1: a triangular-weighted local linear fit of the readings within the
 * kernel (exact interpolation for 1 Hz data at a fractional offset, an average for 18 Hz data),
 * linear interpolation across short holes, null outside the data or across long holes.
 */
export function resampleChannel(
  points: readonly Timed[],
  n: number,
  options: ResampleOptions = {},
): (number | null)[] {
  const pts = [...points].filter((p) => Number.isFinite(p.t) && Number.isFinite(p.v));
  pts.sort((a, b) => a.t - b.t);
  const h = options.halfWindowS ?? Math.max(1, medianInterval(pts));
  const maxGap = options.maxGapS ?? DEFAULT_MAX_GAP_S;
  const out: (number | null)[] = new Array<number | null>(n).fill(null);
  let lo = 0;
  for (let i = 0; i < n; i++) {
    while (lo < pts.length && (pts[lo] as Timed).t < i - h) lo++;
    let sw = 0;
    let sx = 0;
    let sxx = 0;
    let sy = 0;
    let sxy = 0;
    let minT = Infinity;
    let maxT = -Infinity;
    for (let j = lo; j < pts.length; j++) {
      const p = pts[j] as Timed;
      if (p.t > i + h) break;
      const dx = p.t - i;
      const w = 1 - Math.abs(dx) / h;
      if (w <= 0) continue;
      sw += w;
      sx += w * dx;
      sxx += w * dx * dx;
      sy += w * p.v;
      sxy += w * dx * p.v;
      minT = Math.min(minT, p.t);
      maxT = Math.max(maxT, p.t);
    }
    const fits = sw > 0 && sw * sxx - sx * sx > 1e-9 * sw * sw;
    const line = () => (sy * sxx - sx * sxy) / (sw * sxx - sx * sx);
    if (sw > 0 && minT <= i && maxT >= i) out[i] = fits ? line() : sy / sw;
    // Just past the ends of the track, a trend through two or more readings; a lone reading
    // in reach says nothing about where the rider was a second later.
    else if (fits && minT <= i + MAX_EXTRAPOLATION_S && maxT >= i - MAX_EXTRAPOLATION_S)
      out[i] = line();
    else out[i] = bridge(pts, lo, i, maxGap);
  }
  return out;
}

/** Linear interpolation between the readings either side of t when the hole is short. */
function bridge(pts: readonly Timed[], lo: number, t: number, maxGap: number): number | null {
  const before = lo > 0 ? pts[lo - 1] : undefined;
  const after = pts[lo];
  if (!before || !after || after.t - before.t > maxGap || after.t <= before.t) return null;
  const f = (t - before.t) / (after.t - before.t);
  return before.v + f * (after.v - before.v);
}

export function medianInterval(pts: readonly Timed[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < pts.length; i++) {
    const d = (pts[i] as Timed).t - (pts[i - 1] as Timed).t;
    if (d > 0) gaps.push(d);
  }
  return median(gaps) ?? 1;
}

/** Interior holes interpolated linearly; leading and trailing holes hold the nearest value. */
export function fillGaps(values: readonly (number | null)[]): number[] | null {
  const known = values.flatMap((v, i) => (v === null ? [] : [i]));
  if (known.length === 0) return null;
  const out = new Array<number>(values.length);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    while (k < known.length - 1 && (known[k + 1] as number) <= i) k++;
    const a = known[k] as number;
    const b = known[Math.min(k + 1, known.length - 1)] as number;
    const va = values[a] as number;
    const vb = values[b] as number;
    out[i] = i <= a || a === b ? va : i >= b ? vb : va + ((i - a) / (b - a)) * (vb - va);
  }
  return out;
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
