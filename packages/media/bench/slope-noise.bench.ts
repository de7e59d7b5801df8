/**
 * Slope accuracy benchmark: known roads, GPS-like noise, the production cleaning pipeline.
 * Prints RMS / max error and the largest spurious second-to-second step (percentage points) per
 * profile, receiver and noise level over several seeds; exits 1 if a target is missed.
 */
import {
  measure,
  type Metrics,
  PROFILES,
  type Receiver,
  runScenario,
  targets,
} from './slope-scenarios.js';

const SEEDS = [1, 2, 3, 4, 5];
const SIGMAS = [1, 3];
const RECEIVERS: Receiver[] = ['gpx-1hz', 'gopro-18hz'];

const rows: string[][] = [];
let failures = 0;
const started = performance.now();
for (const profile of PROFILES)
  for (const receiver of RECEIVERS)
    for (const sigmaM of SIGMAS) {
      const runs: Metrics[] = SEEDS.map((seed) => {
        const r = runScenario({ profile, receiver, sigmaM, seed });
        return measure(r.points, r.truth);
      });
      const worstRms = Math.max(...runs.map((m) => m.rms));
      const meanRms = Math.sqrt(runs.reduce((a, m) => a + m.rms ** 2, 0) / runs.length);
      const max = Math.max(...runs.map((m) => m.max));
      const step = Math.max(...runs.map((m) => m.step));
      const target = targets(sigmaM);
      const ok = worstRms <= target.rms && step <= target.step;
      if (!ok && !profile.informational) failures++;
      rows.push([
        profile.name,
        receiver,
        `${sigmaM} m`,
        String(runs[0]?.seconds ?? 0),
        meanRms.toFixed(2),
        worstRms.toFixed(2),
        max.toFixed(2),
        step.toFixed(2),
        profile.informational ? 'none' : `${target.rms.toFixed(1)} / ${target.step.toFixed(1)}`,
        profile.informational ? (ok ? '(ok)' : '(over)') : ok ? 'ok' : 'MISS',
      ]);
    }

const header = [
  'profile',
  'receiver',
  'sigma',
  's',
  'rms',
  'rms worst',
  'max',
  'step',
  'target',
  '',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(
  `Slope error in percentage points, ${SEEDS.length} seeds each (worst seed for rms worst, max, step)`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
rows.forEach((r) => console.log(line(r)));
console.log(
  `${rows.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures} missed`,
);
process.exit(failures > 0 ? 1 : 0);
