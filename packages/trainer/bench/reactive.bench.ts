/**
 * Reactive-ride update cost (issue 26: "the rate controller costs the page under 1 ms per
 * update"): one page update is the rider's advance over 250 ms (stepSpeed on the grade at the
 * rider, which is a timeAt), the target video time (timeAt) and the controller's decision, on a
 * 4-hour route. Baselines in the same run, rounds alternating so a busy moment hits all alike:
 *   - one stepSpeed call over the same 250 ms: the physics an update cannot avoid. The median
 *     of the rounds' ratios must stay under RATIO_LIMIT (the bookkeeping around the physics
 *     must not cost more than the physics itself again);
 *   - a plain binary search over the route's distances (reported, to show what timeAt costs).
 * The median round's mean update must stay under ABS_LIMIT_US, and the 99th percentile of
 * single updates timed one by one under P99_LIMIT_US: both far under 1 ms, so a loaded 2-core
 * machine passes. Environment: BENCH_REACTIVE_ROUNDS (7). Exits 1 if a bound is missed.
 */
import { performance } from 'node:perf_hooks';
import {
  physicsParams,
  RateController,
  type RateDecision,
  RouteTimeline,
  stepSpeed,
  VirtualRider,
} from '../src/index.js';
import { syntheticRoute } from '../src/test-support/synthetic-route.js';

const RATIO_LIMIT = 2;
const ABS_LIMIT_US = 100;
const P99_LIMIT_US = 500;
const ROUNDS = Math.max(1, Number(process.env.BENCH_REACTIVE_ROUNDS ?? 7) || 7);
const UPDATES = 20_000; // per round: 83 minutes of riding at 4 updates a second
const DT_S = 0.25;
const ROUTE_S = 4 * 3600;

const { profile } = syntheticRoute({
  seconds: ROUTE_S + 1,
  stopAt: 5000,
  stopS: 20,
  jitterFrom: 8000,
  jitterTo: 9000,
  jitterM: 4,
  missingEvery: 97,
});
const timeline = new RouteTimeline(profile);
/** The same distances timeAt searches, as a plain array. */
const distances = Float64Array.from({ length: ROUTE_S + 1 }, (_, s) => timeline.distanceAt(s));
const params = physicsParams({ riderMassKg: 75 });
const wattsAt = (i: number) => 150 + 120 * Math.sin(i / 300) + (i % 997 < 40 ? 400 : 0);

/** A page's update loop: rider, target, decision, and a video that does what it is told. */
class Ride {
  private rider = new VirtualRider(timeline, { weightKg: 75 });
  private controller = new RateController(timeline);
  private video = 0;
  private now = 0;
  private i = 0;

  update(): RateDecision {
    const i = this.i++;
    if (this.rider.finished) this.restart();
    this.rider.advance(wattsAt(i), DT_S);
    this.now += DT_S * 1000;
    const d = this.controller.decide({
      riderDistance: this.rider.distance,
      riderSpeed: this.rider.speed,
      videoTime: this.video,
      stalled: false,
      now: this.now,
    });
    if (d.kind === 'rate') this.video += d.rate * DT_S;
    else if (d.kind === 'seek') this.video = d.to;
    return d;
  }

  private restart(): void {
    this.rider = new VirtualRider(timeline, { weightKg: 75 });
    this.controller = new RateController(timeline);
    this.video = 0;
  }
}

function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

let sink = 0; // keeps the optimiser from dropping the work
const ride = new Ride();

function timeUpdates(n: number): number {
  const t = performance.now();
  for (let k = 0; k < n; k++) {
    const d = ride.update();
    sink += d.kind === 'rate' ? d.rate : 1;
  }
  return performance.now() - t;
}

function timeStepSpeed(n: number): number {
  let v = 8;
  const t = performance.now();
  for (let k = 0; k < n; k++) {
    v = stepSpeed(params, v, wattsAt(k), 4 * Math.sin(k / 50), DT_S);
  }
  sink += v;
  return performance.now() - t;
}

function timeSearch(n: number): number {
  const total = timeline.totalDistance;
  const t = performance.now();
  for (let k = 0; k < n; k++) sink += lowerBound(distances, ((k * 7919) % 100_000) * (total / 1e5));
  return performance.now() - t;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const us = (ms: number, n: number) => (ms * 1000) / n;

// Warm-up: let the JIT settle on all three.
timeUpdates(5000);
timeStepSpeed(5000);
timeSearch(5000);

const rows: Array<Record<string, string>> = [];
const ratios: number[] = [];
const updateUs: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const step = us(timeStepSpeed(UPDATES), UPDATES);
  const upd = us(timeUpdates(UPDATES), UPDATES);
  const search = us(timeSearch(UPDATES), UPDATES);
  ratios.push(upd / step);
  updateUs.push(upd);
  rows.push({
    round: String(round),
    'update us': upd.toFixed(2),
    'stepSpeed us': step.toFixed(2),
    'binary search us': search.toFixed(3),
    'update / stepSpeed': (upd / step).toFixed(2),
    'update / search': (upd / search).toFixed(0),
  });
}
console.table(rows);

// Single updates, timed one by one: the worst the page sees (a GC pause included).
const singles = new Float64Array(UPDATES);
for (let k = 0; k < UPDATES; k++) {
  const t = performance.now();
  sink += ride.update().kind.length;
  singles[k] = (performance.now() - t) * 1000;
}
singles.sort();
const p99 = singles[Math.floor(0.99 * (UPDATES - 1))]!;
const max = singles[UPDATES - 1]!;

const ratio = median(ratios);
const mean = median(updateUs);
console.log(
  `4 h route (${timeline.duration + 1} s, ${(timeline.totalDistance / 1000).toFixed(1)} km): ` +
    `update ${mean.toFixed(2)} us (median round, limit ${ABS_LIMIT_US} us), ` +
    `${ratio.toFixed(2)}x one stepSpeed (median, limit ${RATIO_LIMIT}); single updates p99 ` +
    `${p99.toFixed(1)} us (limit ${P99_LIMIT_US} us), max ${max.toFixed(1)} us`,
);
let failed = false;
if (!Number.isFinite(sink)) {
  console.error('FAIL: a computation gave a non-finite number');
  failed = true;
}
if (ratio >= RATIO_LIMIT) {
  console.error(`FAIL: an update costs ${ratio.toFixed(2)}x one stepSpeed call`);
  failed = true;
}
if (mean >= ABS_LIMIT_US) {
  console.error(`FAIL: an update takes ${mean.toFixed(1)} us`);
  failed = true;
}
if (p99 >= P99_LIMIT_US) {
  console.error(`FAIL: p99 of single updates ${p99.toFixed(1)} us`);
  failed = true;
}
if (failed) process.exit(1);
console.log('ok');
