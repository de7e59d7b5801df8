/**
 * Elevation against distance as a penalised spline whose stiffness gives way where the grade
 * changes sharply (the foot and the top of a wall). It minimises
 *
 *   sum_i w_i (z_i - e_i)^2  +  sigma^2 * stiffness * sum_j l_j * psi(k_j)
 *
 * where k_j is the change of grade per metre between neighbouring readings (curvature), l_j the
 * distance it spans and psi the Charbonnier potential: k^2 for small curvature (a smoothing
 * spline: the Whittaker-Eilers smoother on unequal spacing, what a Kalman smoother of elevation
 * and grade gives) and 2 delta |k| for large, so that a change of grade costs in proportion to
 * its size wherever it happens (as in l1 trend filtering) instead of being smeared over a hundred
 * metres. Convex, so one answer; solved by iteratively reweighted least squares (half-quadratic),
 * each step a pentadiagonal system: O(readings) a step, a few tens of steps.
 */
import type { ElevationObservation } from './local-fit.js';

export type RoadSplineOptions = {
  /** Metres; with 1 m noise at 8.5 m spacing it behaves like a ~65 m smoothing window. */
  stiffness: number;
  /** A change of grade g costs kinkCost * g * sigma^2 of squared residuals once it is sharp. */
  kinkCost: number;
  /**
   * Sigma is taken as at least this: cleaner altitude (averaged GoPro seconds, a barometer) does
   * not make roads bend any faster, and a looser spline would hand what noise is left to the grade.
   */
  noiseFloorM: number;
};

export type ElevationFit = { elevationM: number; slope: number };

/** Readings closer than this are one reading: a curvature over centimetres is only noise. */
const MIN_SPACING_M = 1;
const MAX_ITERATIONS = 50;
/** Stop reweighting once no weight moves by more than this. */
const WEIGHT_TOLERANCE = 1e-3;
/** Keeps the system solvable where the robust weights dropped every reading nearby. */
const RIDGE = 1e-9;

type Nodes = { x: number[]; z: number[]; w: number[] };

/**
 * Elevation and grade at each distance of `at` (non-decreasing). `weights` are per reading (0
 * drops one); `noiseM` is the readings' noise sigma.
 */
export function roadSpline(
  obs: readonly ElevationObservation[],
  weights: readonly number[],
  at: readonly number[],
  noiseM: number,
  o: RoadSplineOptions,
): ElevationFit[] {
  const nodes = coalesce(obs, weights);
  const elevation = fitElevation(nodes, noiseM, o);
  return sample(nodes.x, elevation, segmentGrades(nodes.x, elevation), at);
}

/** Sorted by distance; readings within MIN_SPACING_M of the first of a run become one (weighted). */
function coalesce(obs: readonly ElevationObservation[], weights: readonly number[]): Nodes {
  const order = obs.map((_, i) => i).sort((a, b) => obs[a]!.d - obs[b]!.d);
  const out: Nodes = { x: [], z: [], w: [] };
  let run = { start: NaN, d: 0, z: 0, wz: 0, w: 0, count: 0 };
  const flush = () => {
    if (run.count === 0) return;
    out.x.push(run.d / run.count);
    // Every reading of the run an outlier: keep their plain mean, with no weight.
    out.z.push(run.w > 0 ? run.wz / run.w : run.z / run.count);
    out.w.push(run.w);
  };
  for (const i of order) {
    const { d, z } = obs[i]!;
    const w = Math.max(0, weights[i] ?? 1);
    if (!(d - run.start < MIN_SPACING_M)) {
      flush();
      run = { start: d, d: 0, z: 0, wz: 0, w: 0, count: 0 };
    }
    run.d += d;
    run.z += z;
    run.wz += w * z;
    run.w += w;
    run.count++;
  }
  flush();
  return out;
}

function fitElevation(nodes: Nodes, noiseM: number, o: RoadSplineOptions): Float64Array {
  const { x, z, w } = nodes;
  const n = x.length;
  const m = Math.max(0, n - 2);
  // Curvature k_j = a_j e_j + b_j e_{j+1} + c_j e_{j+2} over the span l_j around node j+1.
  const a = new Float64Array(m);
  const b = new Float64Array(m);
  const c = new Float64Array(m);
  const span = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const h0 = x[j + 1]! - x[j]!;
    const h1 = x[j + 2]! - x[j + 1]!;
    span[j] = (h0 + h1) / 2;
    a[j] = 1 / (h0 * span[j]!);
    c[j] = 1 / (h1 * span[j]!);
    b[j] = -(a[j]! + c[j]!);
  }
  const sigma = Math.max(noiseM, o.noiseFloorM);
  const scale = sigma * sigma * o.stiffness;
  const delta = o.kinkCost / (2 * o.stiffness);
  const u = new Float64Array(m).fill(1);
  let e: Float64Array = Float64Array.from(z);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    e = solveWeighted(z, w, a, b, c, span, u, scale);
    let moved = 0;
    for (let j = 0; j < m; j++) {
      const k = a[j]! * e[j]! + b[j]! * e[j + 1]! + c[j]! * e[j + 2]!;
      // Half-quadratic weight of the Charbonnier potential: 1 while gentle, delta/|k| when sharp.
      const next = 1 / Math.sqrt(1 + (k / delta) ** 2);
      moved = Math.max(moved, Math.abs(next - u[j]!));
      u[j] = next;
    }
    if (moved < WEIGHT_TOLERANCE) break;
  }
  return e;
}

/** (W + sum_j s_j r_j r_j^T) e = W z with r_j = (a_j, b_j, c_j) at j..j+2: pentadiagonal. */
function solveWeighted(
  z: readonly number[],
  w: readonly number[],
  a: Float64Array,
  b: Float64Array,
  c: Float64Array,
  span: Float64Array,
  u: Float64Array,
  scale: number,
): Float64Array {
  const n = z.length;
  const d0 = new Float64Array(n);
  const d1 = new Float64Array(n);
  const d2 = new Float64Array(n);
  const rhs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    d0[i] = w[i]! + RIDGE;
    rhs[i] = d0[i]! * z[i]!;
  }
  for (let j = 0; j < a.length; j++) {
    const s = scale * span[j]! * u[j]!;
    const [p, q, r] = [a[j]!, b[j]!, c[j]!];
    d0[j] = d0[j]! + s * p * p;
    d0[j + 1] = d0[j + 1]! + s * q * q;
    d0[j + 2] = d0[j + 2]! + s * r * r;
    d1[j] = d1[j]! + s * p * q;
    d1[j + 1] = d1[j + 1]! + s * q * r;
    d2[j] = d2[j]! + s * p * r;
  }
  return solvePentadiagonal(d0, d1, d2, rhs);
}

/**
 * Symmetric positive definite pentadiagonal system (main diagonal d0, first and second
 * off-diagonals d1, d2) by LDL^T; overwrites nothing it was given.
 */
export function solvePentadiagonal(
  d0: Float64Array,
  d1: Float64Array,
  d2: Float64Array,
  rhs: Float64Array,
): Float64Array {
  const n = d0.length;
  const diag = new Float64Array(n);
  const l1 = new Float64Array(n);
  const l2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let v = d0[i]!;
    if (i >= 1) v -= l1[i - 1]! ** 2 * diag[i - 1]!;
    if (i >= 2) v -= l2[i - 2]! ** 2 * diag[i - 2]!;
    diag[i] = v;
    if (i < n - 1) {
      let off = d1[i]!;
      if (i >= 1) off -= l1[i - 1]! * l2[i - 1]! * diag[i - 1]!;
      l1[i] = off / v;
    }
    if (i < n - 2) l2[i] = d2[i]! / v;
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let v = rhs[i]!;
    if (i >= 1) v -= l1[i - 1]! * y[i - 1]!;
    if (i >= 2) v -= l2[i - 2]! * y[i - 2]!;
    y[i] = v;
  }
  for (let i = 0; i < n; i++) y[i] = y[i]! / diag[i]!;
  for (let i = n - 1; i >= 0; i--) {
    let v = y[i]!;
    if (i < n - 1) v -= l1[i]! * y[i + 1]!;
    if (i < n - 2) v -= l2[i]! * y[i + 2]!;
    y[i] = v;
  }
  return y;
}

function segmentGrades(x: readonly number[], e: Float64Array): Float64Array {
  const grades = new Float64Array(Math.max(0, x.length - 1));
  for (let j = 0; j < grades.length; j++) grades[j] = (e[j + 1]! - e[j]!) / (x[j + 1]! - x[j]!);
  return grades;
}

/**
 * Elevation linear between nodes; grade linear between segment midpoints. Beyond the readings
 * the end grade holds and the elevation follows it.
 */
function sample(
  x: readonly number[],
  e: Float64Array,
  grades: Float64Array,
  at: readonly number[],
): ElevationFit[] {
  const n = x.length;
  const last = n - 1;
  if (n === 1) return at.map(() => ({ elevationM: e[0]!, slope: 0 }));
  const midOf = (j: number) => (x[j]! + x[j + 1]!) / 2;
  let seg = 0;
  let g = 0;
  return at.map((d) => {
    while (seg < last - 1 && x[seg + 1]! <= d) seg++;
    while (g < last - 2 && midOf(g + 1) <= d) g++;
    const f = (d - x[seg]!) / (x[seg + 1]! - x[seg]!);
    const m0 = midOf(g);
    const m1 = last >= 2 ? midOf(g + 1) : m0;
    const t = m1 > m0 ? Math.min(1, Math.max(0, (d - m0) / (m1 - m0))) : 0;
    const slope = grades[g]! + t * ((grades[Math.min(g + 1, last - 1)] ?? grades[g]!) - grades[g]!);
    let elevationM: number;
    if (d <= x[0]!) elevationM = e[0]! + grades[0]! * (d - x[0]!);
    else if (d >= x[last]!) elevationM = e[last]! + grades[last - 1]! * (d - x[last]!);
    else elevationM = e[seg]! + f * (e[seg + 1]! - e[seg]!);
    return { elevationM, slope };
  });
}
