import { SIMULATOR_POWER, type AdapterStatus } from '@ridealong/contracts';
import { FEC_GRADE_LIMITS, SimulatedTrainer, type PowerProfile } from '@ridealong/trainer';
import type { Cancel, Clock } from '../clock.js';
import { Emitter } from './emitter.js';
import type { DeviceSource, DeviceSourceEvents, DiscoveredDevice } from './source.js';

export const SIMULATOR_DEVICE_ID = 'sim:ridealong-simulator';

export function simulatorDevice(): DiscoveredDevice {
  return {
    id: SIMULATOR_DEVICE_ID,
    name: 'RideAlong Simulator',
    transport: 'simulator',
    kinds: ['trainer', 'heart_rate'],
    controllable: true,
    gradeLimits: { ...FEC_GRADE_LIMITS },
  };
}

export interface SimulatorSourceOptions {
  clock: Clock;
  /** Tick period in clock ms; 250 = the 4 Hz a trainer reports at. */
  tickMs?: number;
  /** The virtual rider's steady power at first. Default 200 W. */
  powerWatts?: number;
  seed?: number;
}

/**
 * The simulator as an adapter with one device: always there, connected like any other, a
 * virtual rider on SimulatedTrainer ticking on the clock and taking grades as a trainer does.
 */
export class SimulatorSource extends Emitter<DeviceSourceEvents> implements DeviceSource {
  readonly transport = 'simulator' as const;
  private trainer: SimulatedTrainer | null = null;
  private stopTicking: Cancel | null = null;
  private readonly tickMs: number;
  private powerWatts: number;

  constructor(private readonly options: SimulatorSourceOptions) {
    super();
    this.tickMs = options.tickMs ?? 250;
    this.powerWatts = options.powerWatts ?? SIMULATOR_POWER.defaultWatts;
  }

  /** The virtual rider's steady power, W. */
  get watts(): number {
    return this.powerWatts;
  }

  /**
   * Sets the virtual rider's power: from the next tick while connected (heart rate and speed
   * follow through their own lags), and kept for later connections.
   */
  setPower(watts: number): void {
    if (!Number.isFinite(watts) || watts < 0) throw new RangeError(`Bad power: ${watts} W.`);
    this.powerWatts = watts;
    this.trainer?.setPowerProfile(this.profile());
  }

  async start(): Promise<void> {
    this.emit('device', simulatorDevice());
  }

  async stop(): Promise<void> {
    this.halt();
  }

  status(): AdapterStatus {
    return { transport: 'simulator', state: 'ready', message: null };
  }

  async scan(): Promise<void> {
    this.emit('device', simulatorDevice());
  }

  async stopScan(): Promise<void> {}

  async connect(id: string): Promise<void> {
    this.check(id);
    if (this.trainer) return;
    const trainer = new SimulatedTrainer({
      power: this.profile(),
      seed: this.options.seed ?? 1,
      gradeLimits: FEC_GRADE_LIMITS,
    });
    this.trainer = trainer;
    const { clock } = this.options;
    this.stopTicking = clock.setInterval(() => {
      const s = trainer.tick(this.tickMs / 1000);
      this.emit('data', {
        deviceId: SIMULATOR_DEVICE_ID,
        at: clock.now(),
        power: s.power,
        cadence: s.cadence,
        heartRate: s.heartRate,
        speedMps: s.speedMps,
      });
    }, this.tickMs);
  }

  async disconnect(id: string): Promise<void> {
    this.check(id);
    this.halt();
  }

  async sendGrade(id: string, gradePercent: number): Promise<void> {
    this.check(id);
    if (!this.trainer) throw new Error('The simulator is not connected.');
    this.trainer.setGrade(gradePercent);
  }

  private profile(): PowerProfile {
    return { kind: 'steady', watts: this.powerWatts };
  }

  private check(id: string): void {
    if (id !== SIMULATOR_DEVICE_ID) throw new Error(`The simulator has no device ${id}.`);
  }

  private halt(): void {
    this.stopTicking?.();
    this.stopTicking = null;
    this.trainer = null;
  }
}
