import type { AdapterStatus, TrackerTransport } from '@ridealong/contracts';
import { Emitter } from '../../src/devices/emitter.js';
import type {
  DeviceReading,
  DeviceSource,
  DeviceSourceEvents,
  DiscoveredDevice,
} from '../../src/devices/source.js';

/**
 * A scriptable source: shows devices, sends readings, drops devices and fails connections on
 * demand, and records every call the tracker makes.
 */
export class FakeSource extends Emitter<DeviceSourceEvents> implements DeviceSource {
  readonly connects: string[] = [];
  readonly disconnects: string[] = [];
  readonly grades: { id: string; grade: number }[] = [];
  readonly scans: number[] = [];
  connected = new Set<string>();
  adapter: AdapterStatus;
  /** Connection attempts that will fail before one succeeds. */
  failConnects = 0;
  /** Shown on start(), like the simulator; otherwise on scan(). */
  showOnStart: boolean;
  scanError: string | null = null;

  constructor(
    readonly transport: TrackerTransport,
    private readonly devices: DiscoveredDevice[] = [],
    opts: { showOnStart?: boolean } = {},
  ) {
    super();
    this.adapter = { transport, state: 'ready', message: null };
    this.showOnStart = opts.showOnStart ?? false;
  }

  async start(): Promise<void> {
    if (this.showOnStart) this.show();
  }

  async stop(): Promise<void> {
    this.connected.clear();
  }

  status(): AdapterStatus {
    return this.adapter;
  }

  async scan(durationMs: number): Promise<void> {
    if (this.scanError) throw new Error(this.scanError);
    this.scans.push(durationMs);
    this.show();
  }

  async stopScan(): Promise<void> {}

  async connect(id: string): Promise<void> {
    this.connects.push(id);
    if (this.failConnects > 0) {
      this.failConnects -= 1;
      throw new Error(`${id} did not answer`);
    }
    this.connected.add(id);
  }

  async disconnect(id: string): Promise<void> {
    this.disconnects.push(id);
    this.connected.delete(id);
  }

  async sendGrade(id: string, grade: number): Promise<void> {
    this.grades.push({ id, grade });
  }

  show(device?: DiscoveredDevice): void {
    for (const d of device ? [device] : this.devices) this.emit('device', d);
  }

  send(reading: DeviceReading): void {
    this.emit('data', reading);
  }

  /** Loses the device; the next `failures` reconnection attempts fail. */
  drop(id: string, failures = 0): void {
    this.connected.delete(id);
    this.failConnects = failures;
    this.emit('dropped', id, 'test drop');
  }
}

export const trainer = (id = 'ble:trainer-1'): DiscoveredDevice => ({
  id,
  name: `Trainer ${id}`,
  transport: 'ble',
  kinds: ['trainer'],
  controllable: true,
  gradeLimits: { minPercent: -10, maxPercent: 20 },
});

export const strap = (id = 'ble:hr-1'): DiscoveredDevice => ({
  id,
  name: `Strap ${id}`,
  transport: 'ble',
  kinds: ['heart_rate'],
  controllable: false,
});
