import type { TrackerData } from '@ridealong/contracts';
import {
  decodeCyclingPowerMeasurement,
  decodeHeartRateMeasurement,
  decodeIndoorBikeData,
  type ByteInput,
} from '@ridealong/trainer';

/** Which GATT characteristic a reading came from. */
export type ReadingOrigin = 'ftms' | 'cycling_power' | 'heart_rate';

/** One notification's values; a field the frame did not carry is left out. */
export interface Reading {
  origin: ReadingOrigin;
  at: number;
  power?: number;
  cadence?: number;
  heartRate?: number;
  speedMps?: number;
}

type Field = 'power' | 'cadence' | 'heartRate' | 'speedMps';
type Stamped = { value: number; at: number };
const FIELDS: readonly Field[] = ['power', 'cadence', 'heartRate', 'speedMps'];

/** The source trusted first for each value: the strap for heart rate, FTMS for the rest. */
const PRIORITY: Readonly<Record<Field, readonly ReadingOrigin[]>> = {
  power: ['ftms', 'cycling_power'],
  cadence: ['ftms'],
  heartRate: ['heart_rate', 'ftms'],
  speedMps: ['ftms'],
};

/** A value older than this is gone (a sensor that stopped sending), as in the tracker. */
export const STALE_AFTER_MS = 3000;
/** A longer gap between samples is a pause: it adds no time or distance. */
const MAX_STEP_S = 3;

export function readingFromIndoorBikeData(bytes: ByteInput, at: number): Reading | null {
  const r = decodeIndoorBikeData(bytes);
  if (!r.ok) return null;
  const f = r.value;
  return {
    origin: 'ftms',
    at,
    power: f.instantaneousPowerW,
    cadence: f.instantaneousCadenceRpm,
    heartRate: f.heartRateBpm || undefined, // 0 means the trainer has no heart rate
    speedMps: f.instantaneousSpeedKmh === undefined ? undefined : f.instantaneousSpeedKmh / 3.6,
  };
}

export function readingFromHeartRate(bytes: ByteInput, at: number): Reading | null {
  const r = decodeHeartRateMeasurement(bytes);
  return r.ok ? { origin: 'heart_rate', at, heartRate: r.value.heartRateBpm } : null;
}

export function readingFromCyclingPower(bytes: ByteInput, at: number): Reading | null {
  const r = decodeCyclingPowerMeasurement(bytes);
  return r.ok ? { origin: 'cycling_power', at, power: r.value.instantaneousPowerW } : null;
}

/**
 * Merges the page's Bluetooth readings into tracker_data samples, as the tracker does for its
 * devices, so the ride page reads the same shape whichever source is active.
 */
export class BrowserDataMerger {
  /** Each value with its own time: split FTMS frames carry different fields. */
  private readonly latest = new Map<ReadingOrigin, Partial<Record<Field, Stamped>>>();
  private lastBuildAt: number | undefined;
  private lastSpeed = 0;
  private elapsedS = 0;
  private distanceM = 0;

  constructor(private readonly deviceId: string) {}

  add(reading: Reading): void {
    const fields = this.latest.get(reading.origin) ?? {};
    for (const field of FIELDS) {
      const value = reading[field];
      if (value !== undefined && Number.isFinite(value)) fields[field] = { value, at: reading.at };
    }
    this.latest.set(reading.origin, fields);
  }

  /** A source that went away (a strap disconnected). */
  remove(origin: ReadingOrigin): void {
    this.latest.delete(origin);
  }

  /** The merged sample at `now`, or null when nothing fresh has arrived. */
  build(now: number): TrackerData | null {
    const values: Partial<Record<Field, number>> = {};
    for (const field of FIELDS) values[field] = this.pick(field, now);
    if (FIELDS.every((f) => values[f] === undefined)) {
      this.lastBuildAt = undefined; // the session clock pauses while nothing is live
      return null;
    }
    const speed = Math.max(0, values.speedMps ?? 0);
    if (this.lastBuildAt !== undefined && now > this.lastBuildAt) {
      const stepS = Math.min((now - this.lastBuildAt) / 1000, MAX_STEP_S);
      this.elapsedS += stepS;
      this.distanceM += ((this.lastSpeed + speed) / 2) * stepS;
    }
    this.lastBuildAt = now;
    this.lastSpeed = speed;
    return {
      device_id: this.deviceId,
      power: Math.max(0, values.power ?? 0),
      cadence: Math.max(0, values.cadence ?? 0),
      heart_rate: Math.max(0, values.heartRate ?? 0),
      speed,
      distance: this.distanceM,
      elapsed_time: this.elapsedS,
      timestamp: now,
    };
  }

  private pick(field: Field, now: number): number | undefined {
    for (const origin of PRIORITY[field]) {
      const stamped = this.latest.get(origin)?.[field];
      if (stamped && now - stamped.at <= STALE_AFTER_MS) return stamped.value;
    }
    return undefined;
  }
}
