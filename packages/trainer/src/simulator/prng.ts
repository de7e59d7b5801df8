/**
 * Mulberry32: a tiny seeded generator, so a simulated ride is repeatable in tests and replays
 * (Math.random cannot be seeded). Not for anything security-related.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = Math.trunc(seed) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [-1, 1). */
  signed(): number {
    return this.next() * 2 - 1;
  }
}
