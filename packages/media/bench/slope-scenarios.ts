/**
 * Synthetic rides with a known road, sampled like real receivers and corrupted like real GPS,
 * then run through the production pipeline (buildSlopeProfile). Shared by the benchmark and the
 * regression test so both measure the same thing.
 */
import { routeClimb } from '../src/telemetry/route-climb.js';
import { buildSlopeProfile, type SlopePoint } from '../src/telemetry/slope-profile.js';
import { localToLatLon, type TrackSample } from '../src/telemetry/track.js';

export type Profile = {
  name: string;
  lengthM: number;
  slopeAt: (x: number) => number;
};

export type Receiver = 'gpx-1hz' | 'gopro-18hz';

export type Scenario = {
  profile: Profile;
  receiver: Receiver;
  /** Gaussian noise on elevation, metres (then quantised to 1 m). */
  sigmaM: number;
  seed: number;
  /** Gaussian noise on each horizontal axis, metres. */
  horizontalSigmaM?: number;
};

export type Metrics = {
  rms: number;
  max: number;
  step: number;
  seconds: number;
  /** Total climb of the profile's elevations, computed as the route summary does. */
  climbM: number;
  /** Total climb of the clean road over the same seconds. */
  trueClimbM: number;
};

/** A linear ramp between grades over `lengthM`: roads change grade over a vertical curve. */
function blend(x: number, at: number, lengthM: number, from: number, to: number): number {
  const f = Math.min(1, Math.max(0, (x - at + lengthM / 2) / lengthM));
  return from + f * (to - from);
}

/** Flat, then `wallM` at `grade` %, then flat again, with `curveM` vertical curves. */
function wall(name: string, flatM: number, wallM: number, curveM: number, grade: number): Profile {
  return {
    name,
    lengthM: 2 * flatM + wallM,
    slopeAt: (x) =>
      x < flatM + wallM / 2
        ? blend(x, flatM, curveM, 0, grade)
        : blend(x, flatM + wallM, curveM, grade, 0),
  };
}

export const PROFILES: Profile[] = [
  { name: 'flat', lengthM: 3000, slopeAt: () => 0 },
  { name: 'climb 5%', lengthM: 3000, slopeAt: () => 5 },
  {
    name: 'rolling ±8%',
    lengthM: 4000,
    slopeAt: (x) => 8 * Math.sin((2 * Math.PI * x) / 1000),
  },
  { name: 'climb->descent', lengthM: 3000, slopeAt: (x) => blend(x, 1500, 60, 6, -6) },
  wall('wall 12%', 500, 500, 30, 12),
  wall('short wall 12%', 300, 300, 30, 12),
];

/** Riders slow on climbs and speed up downhill (m/s from grade in %). */
export function riderSpeed(slopePercent: number): number {
  return Math.min(14, Math.max(3, 8.5 - 0.45 * slopePercent));
}

/** mulberry32: small, fast, seedable; Math.random cannot be seeded. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

type Truth = { t: number[]; x: number[]; ele: number[] };

/** Rides the profile at riderSpeed in 10 ms steps, integrating elevation along the way. */
function ride(profile: Profile): Truth {
  const dt = 0.01;
  const truth: Truth = { t: [0], x: [0], ele: [100] };
  let x = 0;
  let ele = 100;
  let t = 0;
  while (x < profile.lengthM) {
    const g = profile.slopeAt(x) / 100;
    const dx = riderSpeed(g * 100) * dt;
    ele += g * dx;
    x += dx;
    t += dt;
    truth.t.push(t);
    truth.x.push(x);
    truth.ele.push(ele);
  }
  return truth;
}

function at(truth: Truth, key: 'x' | 'ele', t: number): number {
  const i = Math.min(truth.t.length - 1, Math.max(0, Math.round(t / 0.01)));
  return truth[key][i] as number;
}

export type Simulated = {
  samples: TrackSample[];
  durationS: number;
  /** Where the rider truly is, and the road's height there, at time t. */
  xAt: (t: number) => number;
  elevationAt: (t: number) => number;
};

/** The readings a receiver would log on the ride, with GPS-like noise. */
export function simulate(s: Scenario): Simulated {
  const rand = prng(s.seed);
  const noise = gaussian(rand);
  const truth = ride(s.profile);
  const durationS = truth.t[truth.t.length - 1] as number;
  const rate = s.receiver === 'gpx-1hz' ? 1 : 18;
  const phase = rand() / rate;
  const toLatLon = localToLatLon(46.5, 6.6);
  // Heading 30° east of north; the noise is what makes it interesting, not the shape.
  const [ux, uy] = [Math.sin(Math.PI / 6), Math.cos(Math.PI / 6)];
  const hs = s.horizontalSigmaM ?? 1.5;
  const samples: TrackSample[] = [];
  for (let t = phase; t <= durationS; t += 1 / rate) {
    const x = at(truth, 'x', t);
    const pos = toLatLon(x * ux + hs * noise(), x * uy + hs * noise());
    const ele = Math.round(at(truth, 'ele', t) + s.sigmaM * noise());
    const gopro = s.receiver === 'gopro-18hz';
    const speed = riderSpeed(s.profile.slopeAt(x));
    samples.push({
      t,
      ...pos,
      eleM: ele,
      speedMps: gopro ? Math.max(0, speed + 0.15 * noise()) : null,
      fix: gopro ? 3 : null,
      dop: gopro ? 150 : null,
    });
  }
  return {
    samples,
    durationS,
    xAt: (t) => at(truth, 'x', t),
    elevationAt: (t) => at(truth, 'ele', t),
  };
}

export type ScenarioResult = {
  points: SlopePoint[];
  /** The road's grade (%) where the rider truly is at each point's second. */
  truth: number[];
  /** The road's height there. */
  truthElevation: number[];
};

export function runScenario(s: Scenario): ScenarioResult {
  const sim = simulate(s);
  const points = buildSlopeProfile(sim.samples, { durationS: sim.durationS });
  return {
    points,
    truth: points.map((p) => s.profile.slopeAt(sim.xAt(p.t))),
    truthElevation: points.map((p) => sim.elevationAt(p.t)),
  };
}

/** Every profile end to end, repeated over `lengthM`: a long ride for timing. */
export function longRide(lengthM: number): Profile {
  const lap = PROFILES.reduce((a, p) => a + p.lengthM, 0);
  return {
    name: `${(lengthM / 1000).toFixed(0)} km of every profile`,
    lengthM,
    slopeAt: (x) => {
      let r = x % lap;
      for (const p of PROFILES) {
        if (r < p.lengthM) return p.slopeAt(r);
        r -= p.lengthM;
      }
      return 0;
    },
  };
}

/**
 * Where the true grade changes faster than this (points per second) the road has a vertical
 * curve; any smoother rounds it, so the seconds within TRUTH_STEP_MARGIN_S of one are not judged
 * for spurious steps. Elsewhere (steady grades, the sine hills) every second is.
 */
export const TRUTH_STEP_POINTS = 1;
export const TRUTH_STEP_MARGIN_S = 3;

export function measure(r: ScenarioResult): Metrics {
  const { points, truth } = r;
  let sq = 0;
  let max = 0;
  let step = 0;
  const dTruth = truth.map((v, i) => (i === 0 ? 0 : v - (truth[i - 1] as number)));
  const nearCurve = (i: number) =>
    dTruth
      .slice(Math.max(0, i - TRUTH_STEP_MARGIN_S), i + TRUTH_STEP_MARGIN_S + 1)
      .some((d) => Math.abs(d) > TRUTH_STEP_POINTS);
  points.forEach((p, i) => {
    const err = p.slopePercent - (truth[i] as number);
    sq += err * err;
    max = Math.max(max, Math.abs(err));
    if (i === 0) return;
    const dEst = p.slopePercent - (points[i - 1] as SlopePoint).slopePercent;
    if (!nearCurve(i)) step = Math.max(step, Math.abs(dEst - (dTruth[i] as number)));
  });
  return {
    rms: Math.sqrt(sq / Math.max(1, points.length)),
    max,
    step,
    seconds: points.length,
    climbM: routeClimb(points.map((p) => p.elevationM)),
    // Every rise of the clean road, however small: what a perfect profile would show.
    trueClimbM: routeClimb(r.truthElevation, 0),
  };
}

/** Targets from the issue, in percentage points. */
export function targets(sigmaM: number): { rms: number; step: number } {
  return { rms: sigmaM <= 1 ? 1.0 : 2.0, step: 1.5 };
}

/** A road that does not climb (the flat one) must not show more than this over its 3 km. */
export const FLAT_CLIMB_LIMIT_M = 10;

/**
 * How far the climb the profile shows may be from the clean road's: 10 % (issue 25), or, for a
 * road that does not climb, where 10 % of nothing is nothing, FLAT_CLIMB_LIMIT_M.
 */
export function climbTolerance(trueClimbM: number): number {
  return trueClimbM > 0 ? 0.1 * trueClimbM : FLAT_CLIMB_LIMIT_M;
}
