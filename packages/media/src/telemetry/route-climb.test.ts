import { describe, expect, it } from 'vitest';
import { prng } from '../../bench/slope-scenarios.js';
import { CLIMB_HYSTERESIS_M, routeClimb } from './route-climb.js';

/** Elevations one a metre apart along a road whose height at x metres is `height(x)`. */
const road = (metres: number, height: (x: number) => number) =>
  Array.from({ length: metres + 1 }, (_, x) => height(x));

describe('routeClimb', () => {
  it('counts a clean climb in full', () => {
    expect(routeClimb(road(1000, (x) => 100 + 0.05 * x))).toBeCloseTo(50, 9);
    expect(routeClimb(road(1000, (x) => 100 - 0.05 * x))).toBe(0);
  });

  it('counts every hill above the threshold once, crest included', () => {
    // Four 5 m rollers: 20 m, not 4 x (5 - threshold).
    const rollers = road(4000, (x) => 200 + 2.5 * (1 - Math.cos((2 * Math.PI * x) / 1000)));
    expect(routeClimb(rollers)).toBeCloseTo(20, 6);
    // A climb after a descent, and one that ends the route.
    expect(routeClimb([100, 95, 90, 96, 99, 97])).toBe(9);
    expect(routeClimb([100, 104, 103.5, 106])).toBe(6);
  });

  it('counts nothing for what is left of the noise on a flat road', () => {
    const rand = prng(5);
    const flat = road(3000, () => 100 + 0.9 * (rand() - 0.5) * 2);
    let naive = 0;
    for (let i = 1; i < flat.length; i++) naive += Math.max(0, flat[i]! - flat[i - 1]!);
    expect(naive).toBeGreaterThan(500);
    expect(routeClimb(flat)).toBe(0);
    // Bumps lower than the threshold are below what GPS resolves: none of them counts.
    expect(routeClimb(road(1000, (x) => 50 + (x % 100 < 50 ? 0 : CLIMB_HYSTERESIS_M - 0.1)))).toBe(
      0,
    );
  });

  it('adds noise on a climb only once, not at every wobble', () => {
    const rand = prng(9);
    const noisy = road(2000, (x) => 0.04 * x + 0.8 * (rand() - 0.5) * 2);
    expect(routeClimb(noisy)).toBeGreaterThan(80 - 2);
    expect(routeClimb(noisy)).toBeLessThan(80 + 2);
  });

  it('skips missing elevations and reads an empty route as no climb', () => {
    expect(routeClimb([])).toBe(0);
    expect(routeClimb([NaN, 10, NaN, 20, Infinity, 30])).toBe(20);
  });
});
