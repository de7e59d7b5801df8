import type { AdapterStatus } from '@ridealong/contracts';
import type { Cancel, Clock } from '../clock.js';
import { errorMessage, type Logger } from '../log.js';
import {
  loadAntLibrary,
  type AntChannel,
  type AntLibrary,
  type AntSensor,
  type AntStick,
} from './ant-library.js';
import {
  ANT_PROFILES,
  antDevice,
  antDeviceId,
  isAntProfile,
  isAntStale,
  parseAntDeviceId,
  readingFromAntState,
  type AntProfile,
  type AntSensorState,
} from './ant-mapping.js';
import { Emitter } from './emitter.js';
import type { DeviceSource, DeviceSourceEvents } from './source.js';

export const NO_ANT_STICK = 'No ANT+ USB stick found. Plug one in and press Scan.';
const STICK_IN_USE = 'The ANT+ USB stick is used by another program. Close it and press Scan.';

interface Connected {
  profile: AntProfile;
  channel: AntChannel;
  sensor: AntSensor;
  lastDataAt: number;
}

export interface AntSourceOptions {
  clock: Clock;
  log: Logger;
  /** Swapped in tests; loads incyclist-ant-plus by default. */
  load?: () => Promise<AntLibrary>;
}

/**
 * ANT+ through a USB stick (incyclist-ant-plus): one scanner channel while scanning, one
 * channel per connected sensor. ANT+ has no disconnect event, so a sensor silent for
 * ANT_DROP_AFTER_MS counts as dropped. Mapping lives in ant-mapping.ts.
 */
export class AntSource extends Emitter<DeviceSourceEvents> implements DeviceSource {
  readonly transport = 'ant' as const;
  private lib: AntLibrary | null = null;
  private stick: AntStick | null = null;
  private adapter: AdapterStatus = { transport: 'ant', state: 'no_adapter', message: NO_ANT_STICK };
  private scanner: { channel: AntChannel; cancel: Cancel } | null = null;
  private readonly connected = new Map<string, Connected>();
  private stopWatchdog: Cancel | null = null;

  constructor(private readonly options: AntSourceOptions) {
    super();
  }

  async start(): Promise<void> {
    await this.openStick();
    this.stopWatchdog = this.options.clock.setInterval(() => this.dropSilent(), 1000);
  }

  async stop(): Promise<void> {
    this.stopWatchdog?.();
    await this.stopScan();
    await Promise.all([...this.connected.keys()].map((id) => this.release(id)));
    await this.stick?.close().catch(() => false);
    this.stick = null;
  }

  status(): AdapterStatus {
    return { ...this.adapter };
  }

  async scan(durationMs: number): Promise<void> {
    const stick = await this.requireStick();
    await this.stopScan();
    const channel = this.channel(stick);
    for (const profile of ANT_PROFILES) channel.attach(this.library().createSensor(profile));
    channel.on('detected', (profile, n) => {
      if (isAntProfile(profile)) this.emit('device', antDevice(profile, n));
    });
    // While the stick scans, connected sensors' pages arrive on the scanner channel.
    channel.on('data', (profile, n, state) => this.onData(profile, n, state));
    if (!(await channel.startScanner())) {
      throw new Error('The ANT+ stick did not start scanning. Plug it in again and press Scan.');
    }
    const cancel = this.options.clock.setTimeout(() => void this.stopScan(), durationMs);
    this.scanner = { channel, cancel };
    this.adapter = { transport: 'ant', state: 'scanning', message: null };
  }

  async stopScan(): Promise<void> {
    const scanner = this.scanner;
    if (!scanner) return;
    this.scanner = null;
    scanner.cancel();
    await scanner.channel.stopScanner().catch(() => undefined);
    if (this.stick) this.adapter = { transport: 'ant', state: 'ready', message: null };
  }

  async connect(id: string): Promise<void> {
    const parsed = parseAntDeviceId(id);
    if (!parsed) throw new Error(`${id} is not an ANT+ device id.`);
    if (this.connected.has(id)) return;
    const stick = await this.requireStick();
    const channel = this.channel(stick);
    const sensor = this.library().createSensor(parsed.profile, parsed.deviceNumber);
    channel.on('data', (profile, n, state) => this.onData(profile, n, state));
    if (!(await channel.startSensor(sensor))) {
      await channel.stopSensor(sensor).catch(() => undefined);
      throw new Error(`${antDevice(parsed.profile, parsed.deviceNumber).name} did not answer.`);
    }
    const lastDataAt = this.options.clock.now();
    this.connected.set(id, { profile: parsed.profile, channel, sensor, lastDataAt });
  }

  async disconnect(id: string): Promise<void> {
    await this.release(id);
  }

  async sendGrade(id: string, gradePercent: number): Promise<void> {
    const c = this.connected.get(id);
    if (!c?.sensor.sendTrackResistance) throw new Error(`${id} is not a connected FE-C trainer.`);
    if (!(await c.sensor.sendTrackResistance(gradePercent))) {
      throw new Error('The trainer did not confirm the grade.');
    }
  }

  private onData(profile: string, deviceNumber: number, state: AntSensorState): void {
    if (!isAntProfile(profile)) return;
    const id = antDeviceId(profile, deviceNumber);
    const c = this.connected.get(id);
    if (!c) return;
    c.lastDataAt = this.options.clock.now();
    const r = readingFromAntState(profile, id, state, c.lastDataAt);
    if (r) this.emit('data', r);
  }

  private dropSilent(): void {
    const now = this.options.clock.now();
    for (const [id, c] of this.connected) {
      if (!isAntStale(c.lastDataAt, now)) continue;
      void this.release(id);
      this.emit('dropped', id, 'no data for 5 s');
    }
  }

  private async release(id: string): Promise<void> {
    const c = this.connected.get(id);
    if (!c) return;
    this.connected.delete(id);
    await c.channel.stopSensor(c.sensor).catch(() => undefined);
  }

  private channel(stick: AntStick): AntChannel {
    const channel = stick.getChannel();
    if (!channel) throw new Error('Every ANT+ channel is in use. Disconnect a device first.');
    return channel;
  }

  private library(): AntLibrary {
    if (!this.lib) throw new Error('ANT+ support is not loaded.');
    return this.lib;
  }

  private async requireStick(): Promise<AntStick> {
    const stick = await this.openStick();
    if (!stick) throw new Error(this.adapter.message ?? NO_ANT_STICK);
    return stick;
  }

  /** Opens the stick if it is not open yet; a stick plugged in later is found at the next Scan. */
  private async openStick(): Promise<AntStick | null> {
    if (this.stick) return this.stick;
    try {
      this.lib ??= await (this.options.load ?? loadAntLibrary)();
    } catch (e) {
      this.options.log.warn(`ANT+ support could not be loaded: ${errorMessage(e)}`);
      this.adapter = { transport: 'ant', state: 'no_adapter', message: NO_ANT_STICK };
      return null;
    }
    const stick = this.lib.createStick();
    const result = await stick.open().catch((e: unknown) => errorMessage(e));
    if (result === true || result === 'Success') {
      this.stick = stick;
      this.adapter = { transport: 'ant', state: 'ready', message: null };
      return stick;
    }
    const message = result === 'AlreadyInUse' ? STICK_IN_USE : NO_ANT_STICK;
    this.adapter = { transport: 'ant', state: 'no_adapter', message };
    return null;
  }
}
