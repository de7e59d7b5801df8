import type { AdapterStatus } from '@ridealong/contracts';
import { encodeIndoorBikeSimulation, encodeRequestControl } from '@ridealong/trainer';
import type { Cancel, Clock } from '../clock.js';
import { errorMessage, type Logger } from '../log.js';
import {
  loadNoble,
  type BleCentral,
  type BleCharacteristic,
  type BlePeripheral,
} from './ble-library.js';
import {
  BleDecoder,
  bleDeviceFromAdvertisement,
  controlPointProblem,
  GATT,
  gradeLimitsFromBytes,
  MEASUREMENTS,
  normalizeUuid,
  SCAN_SERVICES,
} from './ble-mapping.js';
import { Emitter } from './emitter.js';
import type { DeviceSource, DeviceSourceEvents, DiscoveredDevice } from './source.js';

export const NO_BLUETOOTH = 'Bluetooth is not available on this computer.';
const STATE_WAIT_MS = 3000;

interface Link {
  peripheral: BlePeripheral;
  controlPoint: BleCharacteristic | null;
  /** Set when we disconnect on purpose, so the disconnect event is not a drop. */
  leaving: boolean;
}

export interface BleSourceOptions {
  clock: Clock;
  log: Logger;
  /** Swapped in tests; loads @abandonware/noble by default. */
  load?: () => Promise<BleCentral>;
}

/**
 * Bluetooth LE through noble: FTMS trainers (Indoor Bike Data, control point), Cycling Power,
 * Heart Rate and CSC sensors. Decoding lives in ble-mapping.ts; this class only moves bytes.
 */
export class BleSource extends Emitter<DeviceSourceEvents> implements DeviceSource {
  readonly transport = 'ble' as const;
  private central: BleCentral | null = null;
  private loaded: Promise<BleCentral | null> | null = null;
  private stopScanTimer: Cancel | null = null;
  private readonly seen = new Map<
    string,
    { device: DiscoveredDevice; peripheral: BlePeripheral }
  >();
  private readonly links = new Map<string, Link>();

  constructor(private readonly options: BleSourceOptions) {
    super();
  }

  async start(): Promise<void> {
    const central = await this.getCentral();
    if (central?.state === 'unknown') await this.settle(central);
  }

  async stop(): Promise<void> {
    await this.stopScan();
    await Promise.all([...this.links.keys()].map((id) => this.disconnect(id)));
  }

  status(): AdapterStatus {
    if (!this.central || this.central.state !== 'poweredOn') {
      return { transport: 'ble', state: 'no_adapter', message: NO_BLUETOOTH };
    }
    return { transport: 'ble', state: this.stopScanTimer ? 'scanning' : 'ready', message: null };
  }

  async scan(durationMs: number): Promise<void> {
    const central = await this.getCentral();
    if (!central || central.state !== 'poweredOn') throw new Error(NO_BLUETOOTH);
    await this.stopScan();
    await central.startScanningAsync(SCAN_SERVICES, false);
    this.stopScanTimer = this.options.clock.setTimeout(() => void this.stopScan(), durationMs);
  }

  async stopScan(): Promise<void> {
    if (!this.stopScanTimer) return;
    this.stopScanTimer();
    this.stopScanTimer = null;
    await this.central?.stopScanningAsync().catch(() => undefined);
  }

  async connect(id: string): Promise<void> {
    if (this.links.has(id)) return;
    const known = this.seen.get(id);
    if (!known) throw new Error('This device has not been seen yet. Turn it on and press Scan.');
    const { peripheral, device } = known;
    await peripheral.connectAsync();
    const link: Link = { peripheral, controlPoint: null, leaving: false };
    try {
      const { characteristics } = await peripheral.discoverSomeServicesAndCharacteristicsAsync(
        SCAN_SERVICES,
        [...MEASUREMENTS, GATT.controlPoint, GATT.supportedInclinationRange],
      );
      const details = await this.setUp(id, link, characteristics);
      this.emit('device', { ...device, ...details });
    } catch (e) {
      await peripheral.disconnectAsync().catch(() => undefined);
      throw new Error(`${device.name} could not be set up: ${errorMessage(e)}`);
    }
    this.links.set(id, link);
    peripheral.once('disconnect', () => {
      if (this.links.get(id) !== link || link.leaving) return;
      this.links.delete(id);
      this.emit('dropped', id, 'Bluetooth connection lost');
    });
  }

  async disconnect(id: string): Promise<void> {
    const link = this.links.get(id);
    if (!link) return;
    link.leaving = true;
    this.links.delete(id);
    await link.peripheral.disconnectAsync().catch(() => undefined);
  }

  async sendGrade(id: string, gradePercent: number): Promise<void> {
    const cp = this.links.get(id)?.controlPoint;
    if (!cp) throw new Error(`${id} is not a connected FTMS trainer.`);
    await cp.writeAsync(Buffer.from(encodeIndoorBikeSimulation({ gradePercent })), false);
  }

  /** Subscribes to measurements, takes control of an FTMS trainer and reads its grade range. */
  private async setUp(
    id: string,
    link: Link,
    characteristics: BleCharacteristic[],
  ): Promise<Partial<DiscoveredDevice>> {
    const decoder = new BleDecoder(id);
    const details: Partial<DiscoveredDevice> = {};
    for (const ch of characteristics) {
      const uuid = normalizeUuid(ch.uuid);
      if (MEASUREMENTS.includes(uuid as (typeof MEASUREMENTS)[number])) {
        ch.on('data', (data) => {
          if (this.links.get(id) !== link) return;
          const out = decoder.decode(uuid, data, this.options.clock.now());
          if ('error' in out) this.options.log.warn(`${id} sent a bad ${uuid}: ${out.error}`);
          else if (out.reading) this.emit('data', out.reading);
        });
        await ch.subscribeAsync();
      } else if (uuid === GATT.controlPoint) {
        ch.on('data', (data) => this.onControlPointAnswer(id, ch, data));
        await ch.subscribeAsync(); // answers come as indications
        await ch.writeAsync(Buffer.from(encodeRequestControl()), false);
        link.controlPoint = ch;
        details.controllable = true;
      } else if (uuid === GATT.supportedInclinationRange) {
        details.gradeLimits = gradeLimitsFromBytes(await ch.readAsync());
      }
    }
    if (!link.controlPoint) details.controllable = false;
    return details;
  }

  private onControlPointAnswer(id: string, cp: BleCharacteristic, data: Buffer): void {
    const problem = controlPointProblem(data);
    if (!problem) return;
    this.options.log.warn(`${id}: ${problem.message}`);
    if (problem.regainControl) {
      void cp.writeAsync(Buffer.from(encodeRequestControl()), false).catch(() => undefined);
    }
  }

  private onDiscover(peripheral: BlePeripheral): void {
    const ad = peripheral.advertisement;
    const device = bleDeviceFromAdvertisement(peripheral.id, ad.localName, ad.serviceUuids ?? []);
    if (!device) return;
    this.seen.set(device.id, { device, peripheral });
    this.emit('device', device);
  }

  /** Noble reports 'unknown' until the adapter answers; give it a moment so start-up sees it. */
  private settle(central: BleCentral): Promise<void> {
    return new Promise((resolve) => {
      const cancel = this.options.clock.setTimeout(resolve, STATE_WAIT_MS);
      central.on('stateChange', () => {
        cancel();
        resolve();
      });
    });
  }

  /** Loads noble once; a machine without Bluetooth makes it throw, which means no adapter. */
  private getCentral(): Promise<BleCentral | null> {
    this.loaded ??= (this.options.load ?? loadNoble)().then(
      (central) => {
        central.on('discover', (p) => this.onDiscover(p));
        central.on('stateChange', (state) => {
          this.options.log.info(`Bluetooth is ${state}.`);
          if (state !== 'poweredOn' && this.stopScanTimer) {
            this.stopScanTimer();
            this.stopScanTimer = null;
          }
        });
        this.central = central;
        return central;
      },
      (e: unknown) => {
        this.options.log.info(`Bluetooth: not available (${errorMessage(e)}).`);
        return null;
      },
    );
    return this.loaded;
  }
}
