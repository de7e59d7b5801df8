import type { Prng } from './prng.js';

/** What the virtual rider pushes: a steady target with gentle variation, or any function. */
export type PowerProfile =
  | {
      kind: 'steady';
      watts: number;
      /** Amplitude of the slow wobble around the target, W. Default 3 % of the target. */
      variationWatts?: number;
    }
  | { kind: 'function'; wattsAt: (elapsedS: number) => number };

/** Evaluates a profile over time; the wobble's phases come from the seed. */
export class PowerSource {
  private readonly phases: readonly [number, number];

  constructor(
    private profile: PowerProfile,
    prng: Prng,
  ) {
    this.phases = [prng.next() * 2 * Math.PI, prng.next() * 2 * Math.PI];
  }

  setProfile(profile: PowerProfile): void {
    this.profile = profile;
  }

  /** Pedal power at `elapsedS`, never negative. */
  wattsAt(elapsedS: number): number {
    const p = this.profile;
    if (p.kind === 'function') {
      const w = p.wattsAt(elapsedS);
      return Number.isFinite(w) ? Math.max(0, w) : 0;
    }
    const amplitude = p.variationWatts ?? p.watts * 0.03;
    // Two incommensurate slow sines read like a rider's natural surging, without noise spikes.
    const wobble =
      0.7 * Math.sin((2 * Math.PI * elapsedS) / 41 + this.phases[0]) +
      0.3 * Math.sin((2 * Math.PI * elapsedS) / 13 + this.phases[1]);
    return Math.max(0, p.watts + amplitude * wobble);
  }
}
