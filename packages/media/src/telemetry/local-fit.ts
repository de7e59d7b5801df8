/**
 * Weighted local polynomial regression of elevation on distance (the LOESS building block): the
 * pilot fit that robust reweighting measures residuals against. The slope is the fit's
 * first-order coefficient, so it never divides by a small distance step.
 */
export type ElevationObservation = { d: number; z: number };

export type LocalFit = {
  elevationM: number;
  /** Rise over run (0.05 = 5 %); null when the window holds no spread of distances. */
  slope: number | null;
  /** Var(slope) / sigma^2 for independent readings of noise sigma. */
  slopeVarFactor: number;
};

/** Window reaches this many sigmas; the Gaussian weight beyond is negligible. */
const REACH = 3;

const NO_FIT: LocalFit = { elevationM: NaN, slope: null, slopeVarFactor: Infinity };

/**
 * Fit at `x0` with a Gaussian window of sigma `h`: a parabola (so curvature does not bias the
 * slope), or a line where the window holds too little spread for one.
 */
export function fitAt(
  obs: readonly ElevationObservation[],
  xs: readonly number[],
  robust: readonly number[],
  x0: number,
  h: number,
): LocalFit | null {
  const from = lowerBound(xs, x0 - REACH * h);
  const uMax = REACH;
  const m = [0, 0, 0, 0, 0];
  const t = [0, 0, 0];
  let end = from;
  for (; end < obs.length; end++) {
    const o = obs[end] as ElevationObservation;
    const u = (o.d - x0) / h;
    if (u > uMax) break;
    let p = Math.exp(-0.5 * u * u) * (robust[end] as number);
    for (let k = 0; k < 5; k++) {
      m[k] = (m[k] as number) + p;
      if (k < 3) t[k] = (t[k] as number) + p * o.z;
      p *= u;
    }
  }
  const [s0, s1, s2, s3, s4] = m as [number, number, number, number, number];
  const [t0, t1, t2] = t as [number, number, number];
  if (!(s0 > 0)) return null;
  // Slope = sum_j l_j z_j, so Var(slope) = sigma^2 sum_j l_j^2 with l_j from the solved system.
  const varOf = (l: (u: number) => number) => {
    let v = 0;
    for (let j = from; j < end; j++) {
      const u = ((obs[j] as ElevationObservation).d - x0) / h;
      v += (Math.exp(-0.5 * u * u) * (robust[j] as number) * l(u)) ** 2;
    }
    return v / (h * h);
  };
  const inv = invert3([s0, s1, s2, s1, s2, s3, s2, s3, s4]);
  if (inv) {
    const [a0, a1, a2, b0, b1, b2] = inv as [number, number, number, number, number, number];
    return {
      elevationM: a0 * t0 + a1 * t1 + a2 * t2,
      slope: (b0 * t0 + b1 * t1 + b2 * t2) / h,
      slopeVarFactor: varOf((u) => b0 + b1 * u + b2 * u * u),
    };
  }
  const det = s0 * s2 - s1 * s1;
  if (!(det > 1e-9 * s0 * s0)) return { ...NO_FIT, elevationM: t0 / s0 };
  return {
    elevationM: (s2 * t0 - s1 * t1) / det,
    slope: (s0 * t1 - s1 * t0) / det / h,
    slopeVarFactor: varOf((u) => (s0 * u - s1) / det),
  };
}

/** Inverse of a symmetric 3x3 matrix (row-major), null when close to singular. */
function invert3(m: readonly number[]): number[] | null {
  const [a, b, c, , e, f, , , i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const A = e * i - f * f;
  const B = c * f - b * i;
  const C = b * f - c * e;
  const det = a * A + b * B + c * C;
  if (!(Math.abs(det) > 1e-9 * Math.abs(a * e * i))) return null;
  const E = a * i - c * c;
  const F = b * c - a * f;
  const I = a * e - b * b;
  return [A, B, C, B, E, F, C, F, I].map((v) => v / det);
}

/**
 * Tukey bisquare weights from the residuals of a pilot fit: readings beyond 6 median absolute
 * residuals (multipath spikes, a bridge the receiver lost) get no weight. The scale never drops
 * below 4 noise sigmas, so near-perfect data does not reject its own small residuals.
 */
export function bisquareWeights(
  obs: readonly ElevationObservation[],
  fitted: readonly (number | null)[],
  previous: readonly number[],
  noiseM: number,
): number[] {
  const residuals = obs.map((o, i) => {
    const f = fitted[i];
    return f === null || f === undefined || !Number.isFinite(f) ? null : Math.abs(o.z - f);
  });
  const known = residuals.filter((r): r is number => r !== null).sort((a, b) => a - b);
  const scale = Math.max(6 * (known[known.length >> 1] ?? 0), 4 * noiseM, 1e-6);
  // No fit (every neighbour already discounted): keep the reading's previous weight.
  return residuals.map((r, i) =>
    r === null ? (previous[i] ?? 1) : r < scale ? (1 - (r / scale) ** 2) ** 2 : 0,
  );
}

/** First index whose value is >= x (xs sorted ascending). */
function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
