import type {
  AdapterStatus,
  TrackerAck,
  TrackerDevice,
  TrackerDeviceKind,
  TrackerTransport,
} from '@ridealong/contracts';
import type { GradeLimits } from '@ridealong/trainer';
import type { Clock } from '../clock.js';
import { errorMessage, type Logger } from '../log.js';
import type { RememberedDeviceStore } from '../store/remembered-devices.js';
import {
  controlTargetOf,
  deviceFromRecord,
  fail,
  newEntry,
  ok,
  recordFromDevice,
  toTrackerDevice,
  type DeviceEntry,
} from './device-entry.js';
import { Emitter } from './emitter.js';
import { ReconnectTimers, type BackoffOptions } from './reconnect.js';
import { SourceSet } from './source-set.js';
import type { DeviceReading, DeviceSource, DiscoveredDevice } from './source.js';

/** How long the tracker looks for remembered devices after it starts. */
export const REMEMBERED_SCAN_MS = 30_000;

export interface RegistryEvents {
  /** Anything in list() or adapters() changed. */
  change: [];
  data: [reading: DeviceReading, kinds: readonly TrackerDeviceKind[]];
  connected: [device: DiscoveredDevice];
  /** Dropped or disconnected: its values must leave the merge. */
  disconnected: [deviceId: string];
}

export interface DeviceRegistryOptions {
  sources: readonly DeviceSource[];
  store: RememberedDeviceStore;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions;
}

/**
 * Every device the tracker knows, across sources: their states, which to connect when seen
 * (remembered ones), reconnection after a drop, and which trainer takes grade commands.
 */
export class DeviceRegistry extends Emitter<RegistryEvents> {
  private readonly entries = new Map<string, DeviceEntry>();
  private readonly sources: SourceSet;
  private readonly reconnects: ReconnectTimers;
  private readonly unsubscribe = new Map<TrackerTransport, () => void>();

  constructor(private readonly options: DeviceRegistryOptions) {
    super();
    this.sources = new SourceSet(options.sources, options.log);
    this.reconnects = new ReconnectTimers(options.clock, options.backoff);
    // Remembered devices of a transport not offered (the app's simulator off) are not listed.
    for (const r of options.store.list().filter((d) => this.sources.get(d.transport))) {
      this.entries.set(r.id, newEntry(deviceFromRecord(r), 'disconnected', false));
    }
  }

  async start(): Promise<void> {
    this.sources.all().forEach((s) => this.subscribe(s));
    await this.sources.startAll();
    // Remembered devices not yet seen are looked for once, so they connect without a click.
    const unseen = [...this.entries.values()].filter((e) => !e.seen);
    this.sources.lookFor(new Set(unseen.map((e) => e.device.transport)), REMEMBERED_SCAN_MS);
    this.changed();
  }

  async stop(): Promise<void> {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe.clear();
    this.reconnects.cancelAll();
    const active = [...this.entries.values()].filter((e) => e.state !== 'available');
    await Promise.allSettled(
      active.map((e) => this.sources.get(e.device.transport)?.disconnect(e.device.id)),
    );
    await this.sources.stopAll();
  }

  /** Offers one more transport while running (the app's simulator setting turned on). */
  async addSource(source: DeviceSource): Promise<void> {
    if (this.sources.get(source.transport)) return;
    this.subscribe(source); // first: a source may show its devices as it starts
    await this.sources.add(source);
    this.changed();
  }

  /** Stops offering a transport while running: its devices are disconnected and unlisted. */
  async removeSource(transport: TrackerTransport): Promise<void> {
    const source = this.sources.remove(transport);
    if (!source) return;
    this.unsubscribe.get(transport)?.();
    this.unsubscribe.delete(transport);
    const gone = [...this.entries.values()].filter((e) => e.device.transport === transport);
    for (const entry of gone) {
      const { id } = entry.device;
      const active = entry.state !== 'available' && entry.state !== 'disconnected';
      this.reconnects.cancel(id);
      entry.state = 'disconnected'; // a connection still being made then lets go (open())
      this.entries.delete(id);
      if (!active) continue;
      this.emit('disconnected', id);
      await source.disconnect(id).catch(() => undefined);
    }
    await source.stop().catch(() => undefined);
    this.changed();
  }

  adapters(): AdapterStatus[] {
    return this.sources.statuses();
  }

  source(transport: TrackerTransport): DeviceSource | undefined {
    return this.sources.get(transport);
  }

  list(): TrackerDevice[] {
    const { store } = this.options;
    return [...this.entries.values()].map((e) =>
      toTrackerDevice(e, store.get(e.device.id) !== undefined),
    );
  }

  async scan(transports: readonly TrackerTransport[] | undefined, ms: number): Promise<TrackerAck> {
    const ack = await this.sources.scan(transports, ms);
    this.changed(); // adapters now say 'scanning'
    return ack;
  }

  async stopScan(): Promise<TrackerAck> {
    await this.sources.stopScan();
    this.changed();
    return ok;
  }

  connect(id: string, opts: { remember?: boolean } = {}): Promise<TrackerAck> {
    const entry = this.entries.get(id);
    if (!entry) return Promise.resolve(fail(`Device ${id} is not known. Press Scan first.`));
    if (entry.state === 'connected') return Promise.resolve(ok);
    if (entry.connecting) return entry.connecting;
    entry.heldOff = false;
    this.reconnects.cancel(id);
    const reconnecting = entry.state === 'reconnecting';
    entry.state = reconnecting ? 'reconnecting' : 'connecting';
    this.changed();
    entry.connecting = this.open(entry, opts.remember ?? true, reconnecting).finally(() => {
      entry.connecting = undefined;
    });
    return entry.connecting;
  }

  async disconnect(id: string): Promise<TrackerAck> {
    const entry = this.entries.get(id);
    if (!entry) return fail(`Device ${id} is not known.`);
    this.reconnects.cancel(id);
    entry.heldOff = true;
    const wasActive = entry.state !== 'available' && entry.state !== 'disconnected';
    this.setIdle(entry);
    if (wasActive) {
      try {
        await this.sources.get(entry.device.transport)?.disconnect(id);
      } catch (e) {
        this.options.log.warn(`Disconnecting ${entry.device.name} failed: ${errorMessage(e)}`);
      }
    }
    return ok;
  }

  async forget(id: string): Promise<TrackerAck> {
    const entry = this.entries.get(id);
    if (!entry && !this.options.store.get(id)) return fail(`Device ${id} is not known.`);
    if (entry) await this.disconnect(id);
    await this.options.store.forget(id);
    if (entry && !entry.seen) this.entries.delete(id);
    this.changed();
    return ok;
  }

  /** The most recently connected trainer that takes grades, with its limits. */
  controlTarget(): { id: string; limits: GradeLimits | null } | null {
    return controlTargetOf(this.entries.values());
  }

  /** Sends a shaped grade to the control target; false when there is none or it failed. */
  async sendGrade(grade: number): Promise<boolean> {
    const target = this.controlTarget();
    const entry = target && this.entries.get(target.id);
    if (!entry) return false;
    try {
      await this.sources.get(entry.device.transport)?.sendGrade(entry.device.id, grade);
      return true;
    } catch (e) {
      this.options.log.warn(`Grade ${grade} % to ${entry.device.name} failed: ${errorMessage(e)}`);
      return false;
    }
  }

  private async open(
    entry: DeviceEntry,
    remember: boolean,
    reconnect: boolean,
  ): Promise<TrackerAck> {
    const { device } = entry;
    const source = this.sources.get(device.transport);
    if (reconnect) entry.reconnectAttempts += 1;
    try {
      if (!source) throw new Error(`The ${device.transport} adapter is not running.`);
      await source.connect(device.id);
    } catch (e) {
      const message = errorMessage(e);
      this.options.log.warn(`Connecting ${device.name} failed: ${message}`);
      if (entry.state === 'reconnecting') this.scheduleReconnect(entry);
      else if (entry.state === 'connecting') this.setIdle(entry);
      return fail(message);
    }
    if (entry.state !== 'connecting' && entry.state !== 'reconnecting') {
      // Disconnected while the connection was being made: honour that.
      await source.disconnect(device.id).catch(() => undefined);
      return fail(`${device.name} was disconnected.`);
    }
    entry.state = 'connected';
    entry.reconnectAttempts = 0;
    entry.connectedAt = this.options.clock.now();
    this.options.log.info(`${device.name} connected${reconnect ? ' again' : ''}.`);
    if (remember || this.options.store.get(device.id)) await this.remember(device);
    this.emit('connected', device);
    this.changed();
    return ok;
  }

  private subscribe(s: DeviceSource): void {
    const offs = [
      s.on('device', (d) => this.onDevice(d)),
      s.on('data', (r) => this.onData(r)),
      s.on('dropped', (id, reason) => this.onDropped(id, reason)),
    ];
    this.unsubscribe.set(s.transport, () => offs.forEach((off) => off()));
  }

  private async remember(device: DiscoveredDevice): Promise<void> {
    const record = recordFromDevice(device, this.options.clock.now());
    await this.options.store.remember(record).catch((e: unknown) => {
      this.options.log.warn(`Could not save remembered devices: ${errorMessage(e)}`);
    });
  }

  private onDevice(d: DiscoveredDevice): void {
    const entry = this.entries.get(d.id);
    if (!entry) this.entries.set(d.id, newEntry(d, 'available', true));
    else {
      entry.device = { ...entry.device, ...d };
      entry.seen = true;
      if (entry.state === 'disconnected') entry.state = 'available';
    }
    const current = this.entries.get(d.id);
    this.changed();
    if (current?.state === 'available' && !current.heldOff && this.options.store.get(d.id)) {
      void this.connect(d.id);
    }
  }

  private onData(reading: DeviceReading): void {
    const entry = this.entries.get(reading.deviceId);
    if (entry?.state === 'connected') this.emit('data', reading, entry.device.kinds);
  }

  private onDropped(id: string, reason: string): void {
    const entry = this.entries.get(id);
    if (!entry || entry.state !== 'connected') return;
    this.options.log.warn(`${entry.device.name} dropped (${reason}); reconnecting.`);
    entry.state = 'reconnecting';
    entry.reconnectAttempts = 0;
    this.emit('disconnected', id);
    this.scheduleReconnect(entry);
    this.changed();
  }

  private scheduleReconnect(entry: DeviceEntry): void {
    const { id } = entry.device;
    this.reconnects.schedule(id, entry.reconnectAttempts, () => {
      if (entry.state === 'reconnecting') void this.connect(id);
    });
    this.changed();
  }

  private setIdle(entry: DeviceEntry): void {
    entry.state = entry.seen ? 'available' : 'disconnected';
    entry.reconnectAttempts = 0;
    this.emit('disconnected', entry.device.id);
    this.changed();
  }

  private changed(): void {
    this.emit('change');
  }
}
