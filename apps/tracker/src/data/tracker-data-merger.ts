import type { TrackerData, TrackerDeviceKind } from '@ridealong/contracts';
import type { DeviceReading } from '../devices/source.js';

/** A value older than this is no longer shown: the sensor has gone quiet. */
export const READING_STALE_MS = 3000;
/** A longer gap between two builds is not counted as riding time (the process was stalled). */
const MAX_STEP_MS = 1000;

type Field = 'power' | 'cadence' | 'heartRate' | 'speedMps';

/**
 * Which kind of device is trusted first for each value: a power meter measures power better
 * than the trainer's estimate, a cadence sensor counts cadence, the trainer knows the
 * simulated speed, the strap the heart rate. Devices of other kinds come after these.
 */
const PREFERENCE: Record<Field, readonly TrackerDeviceKind[]> = {
  power: ['power', 'trainer'],
  cadence: ['speed_cadence', 'power', 'trainer'],
  speedMps: ['trainer', 'speed_cadence', 'power'],
  heartRate: ['heart_rate'],
};

interface Sample {
  value: number;
  at: number;
}

interface DeviceValues {
  kinds: readonly TrackerDeviceKind[];
  /** Order of first reading, so equal-ranked devices resolve the same way each time. */
  order: number;
  fields: Partial<Record<Field, Sample>>;
}

/**
 * Readings of several devices -> one `tracker_data`. Distance and elapsed time count only
 * while some value is live, so a ride paused at the trainer does not add time or metres.
 */
export class TrackerDataMerger {
  private readonly devices = new Map<string, DeviceValues>();
  private nextOrder = 0;
  private elapsedMs = 0;
  private distanceM = 0;
  private lastLiveAt: number | null = null;

  add(reading: DeviceReading, kinds: readonly TrackerDeviceKind[]): void {
    let entry = this.devices.get(reading.deviceId);
    if (!entry) {
      entry = { kinds, order: this.nextOrder++, fields: {} };
      this.devices.set(reading.deviceId, entry);
    }
    entry.kinds = kinds;
    for (const field of ['power', 'cadence', 'heartRate', 'speedMps'] as const) {
      const value = reading[field];
      if (typeof value === 'number' && Number.isFinite(value)) {
        entry.fields[field] = { value, at: reading.at };
      }
    }
  }

  remove(deviceId: string): void {
    this.devices.delete(deviceId);
  }

  /** The merged values at `now`, or null when no device has sent anything recently. */
  build(now: number): TrackerData | null {
    const power = this.pick('power', now);
    const cadence = this.pick('cadence', now);
    const heartRate = this.pick('heartRate', now);
    const speed = this.pick('speedMps', now);
    const live = [power, cadence, heartRate, speed].filter((p) => p !== null);
    if (live.length === 0) {
      this.lastLiveAt = null;
      return null;
    }
    const speedMps = Math.max(0, speed?.value ?? 0);
    if (this.lastLiveAt !== null) {
      const step = Math.min(Math.max(0, now - this.lastLiveAt), MAX_STEP_MS);
      this.elapsedMs += step;
      this.distanceM += (speedMps * step) / 1000;
    }
    this.lastLiveAt = now;
    const source = power ?? live[0]!;
    return {
      device_id: source.deviceId,
      power: Math.max(0, Math.round(power?.value ?? 0)),
      cadence: Math.max(0, Math.round(cadence?.value ?? 0)),
      heart_rate: Math.max(0, Math.round(heartRate?.value ?? 0)),
      speed: round(speedMps, 3),
      distance: round(this.distanceM, 2),
      elapsed_time: round(this.elapsedMs / 1000, 2),
      timestamp: now,
    };
  }

  /** The fresh value of `field` from the most trusted device that has one. */
  private pick(field: Field, now: number): { deviceId: string; value: number } | null {
    const preference = PREFERENCE[field];
    let best: { deviceId: string; value: number; rank: number; order: number } | null = null;
    for (const [deviceId, entry] of this.devices) {
      const sample = entry.fields[field];
      if (!sample || now - sample.at > READING_STALE_MS) continue;
      const ranks = entry.kinds.map((k) => preference.indexOf(k)).filter((r) => r >= 0);
      const rank = ranks.length > 0 ? Math.min(...ranks) : preference.length;
      if (!best || rank < best.rank || (rank === best.rank && entry.order < best.order)) {
        best = { deviceId, value: sample.value, rank, order: entry.order };
      }
    }
    return best && { deviceId: best.deviceId, value: best.value };
  }
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
