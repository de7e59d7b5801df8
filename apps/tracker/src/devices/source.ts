import type { AdapterStatus, TrackerDeviceKind, TrackerTransport } from '@ridealong/contracts';
import type { GradeLimits } from '@ridealong/trainer';

/** A device a source can see, before or after it is connected. */
export interface DiscoveredDevice {
  /** Unique across transports: 'sim:…', 'ant:FE:12345', 'ble:<peripheral id>'. */
  id: string;
  name: string;
  transport: TrackerTransport;
  kinds: TrackerDeviceKind[];
  /** Takes grade commands (FE-C, FTMS with a control point, the simulator). */
  controllable: boolean;
  /** The grade range the trainer accepts; null or absent when it does not say. */
  gradeLimits?: GradeLimits | null;
}

/** One reading from one device; only the fields that device measured are present. */
export interface DeviceReading {
  deviceId: string;
  /** Clock time of the reading, ms. */
  at: number;
  power?: number;
  cadence?: number;
  heartRate?: number;
  speedMps?: number;
}

export interface DeviceSourceEvents {
  /** Seen by a scan or at start (the simulator); sent again when details become known. */
  device: [device: DiscoveredDevice];
  data: [reading: DeviceReading];
  /** A connected device was lost without being asked to disconnect. */
  dropped: [deviceId: string, reason: string];
}

/**
 * One transport (simulator, ANT+, Bluetooth) behind one interface. Methods reject with an Error
 * whose message a person can act on ('No ANT+ USB stick found. …').
 */
export interface DeviceSource {
  readonly transport: TrackerTransport;
  /** Never rejects for a missing adapter: that is reported by status(). */
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): AdapterStatus;
  /** Starts a scan that ends by itself after durationMs; resolves once it has started. */
  scan(durationMs: number): Promise<void>;
  stopScan(): Promise<void>;
  connect(id: string): Promise<void>;
  disconnect(id: string): Promise<void>;
  /** Sends an already shaped grade, in percent. */
  sendGrade(id: string, gradePercent: number): Promise<void>;
  on<K extends keyof DeviceSourceEvents>(
    event: K,
    fn: (...args: DeviceSourceEvents[K]) => void,
  ): () => void;
}

/** Keeps only finite numbers, so a sensor's NaN or undefined never reaches a client. */
export function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

type Measured = 'power' | 'cadence' | 'heartRate' | 'speedMps';

/** A reading with only the finite fields kept; null when nothing was measured. */
export function reading(
  deviceId: string,
  at: number,
  fields: Partial<Record<Measured, number | null>>,
): DeviceReading | null {
  const out: DeviceReading = { deviceId, at };
  let any = false;
  for (const key of ['power', 'cadence', 'heartRate', 'speedMps'] as const) {
    const v = finite(fields[key]);
    if (v !== undefined) {
      out[key] = v;
      any = true;
    }
  }
  return any ? out : null;
}
