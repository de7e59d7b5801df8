import { describe, expect, it } from 'vitest';
import {
  measure,
  PROFILES,
  type Receiver,
  runScenario,
  targets,
} from '../../bench/slope-scenarios.js';

// The benchmark's targets on a few profiles and fixed seeds, so CI catches smoother regressions.
// `npm run bench -w packages/media` runs the full table (all profiles, 5 seeds).
const CASES: { profile: string; receiver: Receiver }[] = [
  { profile: 'rolling ±8%', receiver: 'gpx-1hz' },
  { profile: 'wall 12%', receiver: 'gpx-1hz' },
  { profile: 'climb->descent', receiver: 'gopro-18hz' },
];

describe('slope accuracy against known roads', () => {
  for (const c of CASES)
    for (const sigmaM of [1, 3])
      it(`${c.profile}, ${c.receiver}, sigma ${sigmaM} m`, () => {
        const profile = PROFILES.find((p) => p.name === c.profile);
        if (!profile) throw new Error(`no profile ${c.profile}`);
        for (const seed of [1, 2]) {
          const r = runScenario({ profile, receiver: c.receiver, sigmaM, seed });
          const m = measure(r.points, r.truth);
          const t = targets(sigmaM);
          expect(r.points.length).toBe(m.seconds);
          expect(m.rms).toBeLessThanOrEqual(t.rms);
          expect(m.step).toBeLessThanOrEqual(t.step);
        }
      });
});
