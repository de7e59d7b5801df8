import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/support/manual-clock.js';
import { silentLogger } from '../log.js';
import type { BleCentral, BleCharacteristic, BlePeripheral } from './ble-library.js';
import { BleSource, NO_BLUETOOTH } from './ble-source.js';
import type { DeviceReading, DiscoveredDevice } from './source.js';

class FakeCharacteristic extends EventEmitter implements BleCharacteristic {
  written: number[][] = [];
  subscribed = false;
  constructor(
    readonly uuid: string,
    private readonly value = Buffer.alloc(0),
  ) {
    super();
  }
  async subscribeAsync() {
    this.subscribed = true;
  }
  async readAsync() {
    return this.value;
  }
  async writeAsync(data: Buffer) {
    this.written.push([...data]);
  }
}

class FakePeripheral extends EventEmitter implements BlePeripheral {
  advertisement = { localName: 'KICKR 1234', serviceUuids: ['1826'] };
  connected = false;
  constructor(
    readonly id: string,
    readonly characteristics: FakeCharacteristic[],
  ) {
    super();
  }
  async connectAsync() {
    this.connected = true;
  }
  async disconnectAsync() {
    this.connected = false;
    this.emit('disconnect');
  }
  async discoverSomeServicesAndCharacteristicsAsync() {
    return { characteristics: this.characteristics };
  }
}

class FakeCentral extends EventEmitter implements BleCentral {
  scanning = false;
  constructor(public state: string) {
    super();
  }
  async startScanningAsync() {
    this.scanning = true;
  }
  async stopScanningAsync() {
    this.scanning = false;
  }
}

function setup(state = 'poweredOn') {
  const clock = new ManualClock();
  const central = new FakeCentral(state);
  const source = new BleSource({ clock, log: silentLogger, load: async () => central });
  const devices: DiscoveredDevice[] = [];
  const readings: DeviceReading[] = [];
  const dropped: string[] = [];
  source.on('device', (d) => devices.push(d));
  source.on('data', (r) => readings.push(r));
  source.on('dropped', (id) => dropped.push(id));
  const bikeData = new FakeCharacteristic('2ad2');
  const controlPoint = new FakeCharacteristic('2ad9');
  const range = new FakeCharacteristic('2ad5', Buffer.from([0x9c, 0xff, 0xc8, 0x00, 0x05, 0x00]));
  const trainer = new FakePeripheral('abc123', [bikeData, controlPoint, range]);
  return { clock, central, source, devices, readings, dropped, trainer, bikeData, controlPoint };
}

describe('BleSource', () => {
  it('reports no_adapter when noble cannot load (no Bluetooth in the kernel)', async () => {
    const source = new BleSource({
      clock: new ManualClock(),
      log: silentLogger,
      load: async () => Promise.reject(new Error('EAFNOSUPPORT, Address family not supported')),
    });
    await source.start();
    expect(source.status()).toEqual({
      transport: 'ble',
      state: 'no_adapter',
      message: NO_BLUETOOTH,
    });
    await expect(source.scan(1000)).rejects.toThrow(NO_BLUETOOTH);
  });

  it('reports no_adapter while Bluetooth is not powered on', async () => {
    const { source, central } = setup('poweredOff');
    await source.start();
    expect(source.status().state).toBe('no_adapter');
    central.state = 'poweredOn';
    expect(source.status().state).toBe('ready');
  });

  it('scans for a while and lists devices with our services', async () => {
    const { source, central, clock, devices, trainer } = setup();
    await source.start();
    await source.scan(5000);
    expect(source.status().state).toBe('scanning');
    central.emit('discover', trainer);
    const speaker = new FakePeripheral('zz', []);
    speaker.advertisement = { localName: 'Speaker', serviceUuids: ['110b'] };
    central.emit('discover', speaker);
    expect(devices.map((d) => d.id)).toEqual(['ble:abc123']);
    clock.advance(5000);
    expect(central.scanning).toBe(false);
  });

  it('connects an FTMS trainer: subscribes, takes control, reads limits, sends grades', async () => {
    const { source, central, devices, readings, trainer, bikeData, controlPoint } = setup();
    await source.start();
    await source.scan(5000);
    central.emit('discover', trainer);
    await source.connect('ble:abc123');
    expect(bikeData.subscribed).toBe(true);
    expect(controlPoint.written).toEqual([[0x00]]); // Request Control
    expect(devices.at(-1)).toMatchObject({
      controllable: true,
      gradeLimits: { minPercent: -10, maxPercent: 20 },
    });
    // speed present, power (bit 6): 36 km/h, 240 W
    bikeData.emit('data', Buffer.from([0x40, 0x00, 0x10, 0x0e, 0xf0, 0x00]));
    expect(readings).toEqual([
      { deviceId: 'ble:abc123', at: expect.any(Number), speedMps: 10, power: 240 },
    ]);
    await source.sendGrade('ble:abc123', 5);
    // Set Indoor Bike Simulation: wind 0, grade 500 (0.01 %), Crr 40, Cw 51
    expect(controlPoint.written[1]).toEqual([0x11, 0x00, 0x00, 0xf4, 0x01, 40, 51]);
    controlPoint.emit('data', Buffer.from([0x80, 0x11, 0x05])); // control lost
    expect(controlPoint.written[2]).toEqual([0x00]);
  });

  it('says dropped when the link is lost, but not on a requested disconnect', async () => {
    const { source, central, dropped, trainer } = setup();
    await source.start();
    await source.scan(5000);
    central.emit('discover', trainer);
    await source.connect('ble:abc123');
    trainer.emit('disconnect');
    expect(dropped).toEqual(['ble:abc123']);
    await source.connect('ble:abc123');
    await source.disconnect('ble:abc123');
    expect(dropped).toEqual(['ble:abc123']);
  });

  it('asks for a scan before connecting an unseen device', async () => {
    const { source } = setup();
    await source.start();
    await expect(source.connect('ble:nope')).rejects.toThrow('press Scan');
  });
});
