/**
 * Rollover arithmetic for the wrapping counters of BLE and ANT+ (event counts, revolution
 * counts, event times, accumulated power, FE-C elapsed time and distance).
 */

/** Forward distance from `previous` to `current` on a counter that wraps at `modulus`. */
export function rolloverDelta(previous: number, current: number, modulus: number): number {
  return (((current - previous) % modulus) + modulus) % modulus;
}

/**
 * Unwraps a wrapping counter into a running total. Correct as long as it is fed at least once
 * per wrap period (e.g. every 64 s for FE-C elapsed time); a longer gap is undetectable from
 * the counter alone.
 */
export class RolloverAccumulator {
  private last: number | null = null;
  private sum = 0;

  constructor(private readonly modulus: number) {}

  /** Feeds a raw counter value and returns the total since the first value fed. */
  add(raw: number): number {
    if (this.last !== null) this.sum += rolloverDelta(this.last, raw, this.modulus);
    this.last = raw;
    return this.sum;
  }

  get total(): number {
    return this.sum;
  }

  reset(): void {
    this.last = null;
    this.sum = 0;
  }
}
