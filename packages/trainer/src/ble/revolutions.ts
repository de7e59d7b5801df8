import { rolloverDelta } from '../codec/rollover.js';

/**
 * Cumulative revolutions and the time of the last revolution, as CPS and CSC send them.
 * `eventTime` stays in raw ticks: the rate needs the wrapping raw value, not seconds.
 */
export interface RevolutionData {
  revolutions: number;
  eventTime: number;
  /** 1024 for crank data and CSC wheel data, 2048 for CPS wheel data. */
  ticksPerSecond: number;
}

export interface RevolutionRateOptions {
  /** Where the revolution counter wraps: 2^16 for crank data, 2^32 for wheel data. */
  revolutionModulus: number;
  /** With no new revolution for this long the rate is 0 (the rider stopped). Default 3000. */
  staleAfterMs?: number;
  /** Faster than this is not pedalling or rolling but a counter reset; re-baseline. */
  maxRevolutionsPerSecond: number;
}

const EVENT_TIME_MODULUS = 0x10000;
const DEFAULT_STALE_AFTER_MS = 3000;

interface Baseline {
  revolutions: number;
  eventTime: number;
  /** Wall-clock time of the reading that brought the last new revolution. */
  atMs: number;
}

/**
 * Revolutions per second from successive cumulative readings. Sensors notify about once a
 * second but a slow crank turns less often, so a reading without a new revolution keeps the
 * last rate until `staleAfterMs` has passed, then reports 0. Returns null until two readings
 * with a revolution between them have been seen, and after a reading it cannot trust.
 */
export class RevolutionRate {
  private baseline: Baseline | null = null;
  private rate: number | null = null;
  private readonly staleAfterMs: number;

  constructor(private readonly options: RevolutionRateOptions) {
    this.staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  }

  /** Feeds one reading taken at wall-clock `nowMs`; returns revolutions per second. */
  update(data: RevolutionData, nowMs: number): number | null {
    const base = this.baseline;
    if (base === null) {
      this.restart(data, nowMs, null);
      return null;
    }
    const revs = rolloverDelta(base.revolutions, data.revolutions, this.options.revolutionModulus);
    const periodMs = (EVENT_TIME_MODULUS / data.ticksPerSecond) * 1000;
    if (nowMs - base.atMs >= periodMs) {
      // Past one event-time period (64 s at 1/1024 s) the wrapped time difference is
      // ambiguous. Unchanged counts mean the crank is still standing; changed ones are unknown.
      this.restart(data, nowMs, revs === 0 && this.rate !== null ? 0 : null);
      return this.current(nowMs);
    }
    if (revs === 0) return this.current(nowMs);
    const ticks = rolloverDelta(base.eventTime, data.eventTime, EVENT_TIME_MODULUS);
    // New revolutions without time passing contradict each other; wait for a sane reading.
    if (ticks === 0) return this.current(nowMs);
    const rate = revs / (ticks / data.ticksPerSecond);
    this.restart(data, nowMs, rate > this.options.maxRevolutionsPerSecond ? null : rate);
    return this.rate;
  }

  /** The rate as of `nowMs` without a new reading (0 once stale, null if not known). */
  current(nowMs: number): number | null {
    if (this.rate === null || this.baseline === null) return null;
    return nowMs - this.baseline.atMs >= this.staleAfterMs ? 0 : this.rate;
  }

  reset(): void {
    this.baseline = null;
    this.rate = null;
  }

  private restart(data: RevolutionData, nowMs: number, rate: number | null): void {
    this.baseline = { revolutions: data.revolutions, eventTime: data.eventTime, atMs: nowMs };
    this.rate = rate;
  }
}

export interface SpeedCadence {
  /** Crank revolutions per minute; null until known, 0 once the crank stopped. */
  cadenceRpm: number | null;
  /** Wheel speed in m/s; null until known, 0 once the wheel stopped. */
  speedMps: number | null;
}

export interface SpeedCadenceOptions {
  /** Default 2.105 m (700x25C). */
  wheelCircumferenceM?: number;
  staleAfterMs?: number;
}

export const DEFAULT_WHEEL_CIRCUMFERENCE_M = 2.105;

/**
 * Cadence and wheel speed from the wheel and crank data of Cycling Power Measurement or CSC
 * Measurement (both decoders produce `wheel` and `crank` as RevolutionData).
 */
export class SpeedCadenceCalculator {
  private readonly crank: RevolutionRate;
  private readonly wheel: RevolutionRate;
  private readonly circumferenceM: number;

  constructor(options: SpeedCadenceOptions = {}) {
    this.circumferenceM = options.wheelCircumferenceM ?? DEFAULT_WHEEL_CIRCUMFERENCE_M;
    const stale = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    // 250 rpm and 40 rev/s (about 300 km/h) are beyond any rider; faster means a reset counter.
    this.crank = new RevolutionRate({
      revolutionModulus: 0x10000,
      staleAfterMs: stale,
      maxRevolutionsPerSecond: 250 / 60,
    });
    this.wheel = new RevolutionRate({
      revolutionModulus: 0x100000000,
      staleAfterMs: stale,
      maxRevolutionsPerSecond: 40,
    });
  }

  update(
    measurement: { wheel?: RevolutionData; crank?: RevolutionData },
    nowMs: number,
  ): SpeedCadence {
    const crank = measurement.crank
      ? this.crank.update(measurement.crank, nowMs)
      : this.crank.current(nowMs);
    const wheel = measurement.wheel
      ? this.wheel.update(measurement.wheel, nowMs)
      : this.wheel.current(nowMs);
    return {
      cadenceRpm: crank === null ? null : crank * 60,
      speedMps: wheel === null ? null : wheel * this.circumferenceM,
    };
  }

  reset(): void {
    this.crank.reset();
    this.wheel.reset();
  }
}
