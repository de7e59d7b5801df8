import { describe, expect, it } from 'vitest';
import {
  climbTolerance,
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
  { profile: 'short wall 12%', receiver: 'gpx-1hz' },
  { profile: 'climb->descent', receiver: 'gopro-18hz' },
];

function profileNamed(name: string) {
  const profile = PROFILES.find((p) => p.name === name);
  if (!profile) throw new Error(`no profile ${name}`);
  return profile;
}

describe('slope accuracy against known roads', () => {
  for (const c of CASES)
    for (const sigmaM of [1, 3])
      it(`${c.profile}, ${c.receiver}, sigma ${sigmaM} m`, () => {
        const profile = profileNamed(c.profile);
        for (const seed of [1, 2]) {
          const r = runScenario({ profile, receiver: c.receiver, sigmaM, seed });
          const m = measure(r);
          const t = targets(sigmaM);
          expect(r.points.length).toBe(m.seconds);
          expect(m.rms).toBeLessThanOrEqual(t.rms);
          expect(m.step).toBeLessThanOrEqual(t.step);
          expect(Math.abs(m.climbM - m.trueClimbM)).toBeLessThanOrEqual(
            climbTolerance(m.trueClimbM),
          );
        }
      });
});

describe('total climb of a noisy GPX', () => {
  // Riders' most common complaint about imported GPX: a climb counted two or three times over.
  for (const name of ['flat', 'rolling ±8%', 'short wall 12%'])
    it(`${name}: the climb the route shows is the clean road's, within 10 %`, () => {
      const r = runScenario({
        profile: profileNamed(name),
        receiver: 'gpx-1hz',
        sigmaM: 3,
        seed: 3,
      });
      const m = measure(r);
      if (name === 'flat') {
        // A flat road climbs nothing: an absolute bound, since 10 % of nothing is nothing.
        expect(m.trueClimbM).toBe(0);
        expect(m.climbM).toBeLessThan(10);
      } else {
        expect(m.trueClimbM).toBeGreaterThan(30);
        expect(Math.abs(m.climbM - m.trueClimbM) / m.trueClimbM).toBeLessThanOrEqual(0.1);
      }
      // Every rise summed, as the route summary did, counts what is left of the noise.
      let naive = 0;
      for (let i = 1; i < r.points.length; i++)
        naive += Math.max(0, r.points[i]!.elevationM - r.points[i - 1]!.elevationM);
      expect(naive).toBeGreaterThanOrEqual(m.climbM);
    });
});
