import {
  TRACKER_DATA_MIN_INTERVAL_MS,
  TRACKER_PULSE_MS,
  type Pulse,
  type SetControl,
  type SimulatorPower,
  type TrackerAck,
  type TrackerData,
  type TrackerTransport,
  type TrainerSettings,
} from '@ridealong/contracts';
import type { Cancel, Clock } from './clock.js';
import { TrainerControl } from './control/trainer-control.js';
import { TrackerDataMerger } from './data/tracker-data-merger.js';
import { DeviceRegistry } from './devices/device-registry.js';
import { Emitter } from './devices/emitter.js';
import { SimulatorSource } from './devices/simulator-source.js';
import type { DeviceSource } from './devices/source.js';
import type { Logger } from './log.js';
import type { RememberedDeviceStore } from './store/remembered-devices.js';

export interface TrackerOptions {
  sources: readonly DeviceSource[];
  store: RememberedDeviceStore;
  clock: Clock;
  log: Logger;
  version: string;
  /** Connected at start without being remembered (the --simulate flag). */
  autoConnect?: readonly string[];
}

/**
 * The tracker without its transport: devices, the grade path and the merged data, producing
 * `pulse` every second (and at once when a device changes state) and `tracker_data` at 4 Hz.
 */
export class Tracker extends Emitter<{ pulse: [Pulse]; data: [TrackerData] }> {
  readonly registry: DeviceRegistry;
  private readonly control: TrainerControl;
  private readonly merger = new TrackerDataMerger();
  private readonly startedAt: number;
  private timers: Cancel[] = [];
  private pulseQueued = false;

  constructor(private readonly options: TrackerOptions) {
    super();
    const { clock, log, store, sources } = options;
    this.startedAt = clock.now();
    const registry = new DeviceRegistry({ sources, store, clock, log });
    this.registry = registry;
    this.control = new TrainerControl({
      clock,
      limits: () => registry.controlTarget()?.limits ?? null,
      send: (grade) => registry.sendGrade(grade),
      onApplied: () => this.queuePulse(),
    });
    registry.on('data', (reading, kinds) => this.merger.add(reading, kinds));
    registry.on('disconnected', (id) => this.merger.remove(id));
    registry.on('connected', (device) => {
      if (device.controllable) this.control.trainerChanged();
    });
    registry.on('change', () => this.queuePulse());
  }

  async start(): Promise<void> {
    const { clock, log } = this.options;
    await this.registry.start();
    for (const a of this.registry.adapters()) {
      log.info(`${a.transport}: ${a.state}${a.message ? ` (${a.message})` : ''}`);
    }
    await this.connectAtStart(this.options.autoConnect ?? []);
    this.timers.push(
      clock.setInterval(() => this.emit('pulse', this.pulse()), TRACKER_PULSE_MS),
      clock.setInterval(() => {
        const data = this.merger.build(clock.now());
        if (data) this.emit('data', data);
      }, TRACKER_DATA_MIN_INTERVAL_MS),
    );
  }

  async stop(): Promise<void> {
    this.timers.splice(0).forEach((cancel) => cancel());
    this.control.dispose();
    await this.registry.stop();
  }

  /** Offers a transport while running and connects these of its devices (not remembered). */
  async addSource(source: DeviceSource, autoConnect: readonly string[] = []): Promise<void> {
    await this.registry.addSource(source);
    await this.connectAtStart(autoConnect);
  }

  /** Stops offering a transport while running; its devices leave the list. */
  removeSource(transport: TrackerTransport): Promise<void> {
    return this.registry.removeSource(transport);
  }

  pulse(): Pulse {
    const simulator = this.simulator();
    return {
      alive: true,
      version: this.options.version,
      uptime_s: Math.round((this.options.clock.now() - this.startedAt) / 100) / 10,
      adapters: this.registry.adapters(),
      devices: this.registry.list(),
      settings: { ...this.control.settings },
      applied_grade: this.control.appliedGrade,
      ...(simulator ? { simulator_watts: simulator.watts } : {}),
    };
  }

  setControl(control: SetControl): void {
    this.control.setRoadGrade(control.slope);
  }

  setSettings(settings: TrainerSettings): void {
    this.control.setSettings(settings);
    this.queuePulse();
  }

  /** The simulator's rider pedals this from the next tick (kept while the tracker runs). */
  setSimulatorPower({ watts }: SimulatorPower): TrackerAck {
    const simulator = this.simulator();
    if (!simulator) return { ok: false, message: 'The simulator is off in this tracker.' };
    simulator.setPower(watts);
    this.queuePulse();
    return { ok: true };
  }

  scan(
    transports: readonly TrackerTransport[] | undefined,
    durationMs: number,
  ): Promise<TrackerAck> {
    return this.registry.scan(transports, durationMs);
  }

  stopScan(): Promise<TrackerAck> {
    return this.registry.stopScan();
  }

  connect(id: string): Promise<TrackerAck> {
    return this.registry.connect(id);
  }

  disconnect(id: string): Promise<TrackerAck> {
    return this.registry.disconnect(id);
  }

  forget(id: string): Promise<TrackerAck> {
    return this.registry.forget(id);
  }

  private async connectAtStart(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const ack = await this.registry.connect(id, { remember: false });
      if (!ack.ok) this.options.log.warn(`Could not connect ${id} at start: ${ack.message}`);
    }
  }

  private simulator(): SimulatorSource | null {
    const source = this.registry.source('simulator');
    return source instanceof SimulatorSource ? source : null;
  }

  /** Several changes in one turn make one pulse. */
  private queuePulse(): void {
    if (this.pulseQueued) return;
    this.pulseQueued = true;
    queueMicrotask(() => {
      this.pulseQueued = false;
      this.emit('pulse', this.pulse());
    });
  }
}
