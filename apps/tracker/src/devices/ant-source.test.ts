import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/support/manual-clock.js';
import { silentLogger } from '../log.js';
import type { AntChannel, AntLibrary, AntSensor, AntStick } from './ant-library.js';
import type { AntSensorState } from './ant-mapping.js';
import { AntSource, NO_ANT_STICK } from './ant-source.js';
import type { DeviceReading, DiscoveredDevice } from './source.js';

class FakeChannel extends EventEmitter implements AntChannel {
  scanning = false;
  sensors: AntSensor[] = [];
  attach(sensor: AntSensor) {
    this.sensors.push(sensor);
  }
  async startScanner() {
    this.scanning = true;
    return true;
  }
  async stopScanner() {
    this.scanning = false;
  }
  async startSensor(sensor: AntSensor) {
    this.sensors.push(sensor);
    return true;
  }
  async stopSensor() {
    this.sensors = [];
  }
  page(profile: string, n: number, state: AntSensorState) {
    this.emit('data', profile, n, state);
  }
}

function fakeLibrary(openResult: string) {
  const channels: FakeChannel[] = [];
  const grades: number[] = [];
  const stick: AntStick = {
    open: async () => openResult,
    close: async () => true,
    getChannel: () => {
      const c = new FakeChannel();
      channels.push(c);
      return c;
    },
  };
  const lib: AntLibrary = {
    createStick: () => stick,
    createSensor: (profile) =>
      profile === 'FE' ? { sendTrackResistance: async (g: number) => (grades.push(g), true) } : {},
  };
  return { lib, channels, grades };
}

function setup(openResult = 'Success') {
  const clock = new ManualClock();
  const fake = fakeLibrary(openResult);
  const source = new AntSource({ clock, log: silentLogger, load: async () => fake.lib });
  const devices: DiscoveredDevice[] = [];
  const readings: DeviceReading[] = [];
  const dropped: string[] = [];
  source.on('device', (d) => devices.push(d));
  source.on('data', (r) => readings.push(r));
  source.on('dropped', (id) => dropped.push(id));
  return { clock, source, devices, readings, dropped, ...fake };
}

describe('AntSource', () => {
  it('reports no_adapter with an actionable message when there is no stick', async () => {
    const { source } = setup('NoStick');
    await source.start();
    expect(source.status()).toEqual({
      transport: 'ant',
      state: 'no_adapter',
      message: NO_ANT_STICK,
    });
    await expect(source.scan(1000)).rejects.toThrow(NO_ANT_STICK);
    await source.stop();
  });

  it('reports no_adapter when the library cannot load', async () => {
    const clock = new ManualClock();
    const source = new AntSource({
      clock,
      log: silentLogger,
      load: async () => Promise.reject(new Error('usb binding missing')),
    });
    await source.start();
    expect(source.status().state).toBe('no_adapter');
    await source.stop();
  });

  it('scans for a while and lists what it detects', async () => {
    const { source, clock, channels, devices } = setup();
    await source.start();
    await source.scan(10_000);
    expect(source.status().state).toBe('scanning');
    channels[0]!.emit('detected', 'FE', 4242);
    channels[0]!.emit('detected', 'CAD', 1); // a profile the tracker does not use
    expect(devices.map((d) => d.id)).toEqual(['ant:FE:4242']);
    clock.advance(10_000);
    await new Promise((r) => setImmediate(r));
    expect(channels[0]!.scanning).toBe(false);
    expect(source.status().state).toBe('ready');
    await source.stop();
  });

  it('connects a trainer, maps its pages and sends grades as track resistance', async () => {
    const { source, channels, readings, grades } = setup();
    await source.start();
    await source.connect('ant:FE:4242');
    channels[0]!.page('FE', 4242, { InstantaneousPower: 200, Cadence: 85, RealSpeed: 8 });
    channels[0]!.page('FE', 1111, { InstantaneousPower: 999 }); // not ours
    expect(readings).toEqual([
      { deviceId: 'ant:FE:4242', at: expect.any(Number), power: 200, cadence: 85, speedMps: 8 },
    ]);
    await source.sendGrade('ant:FE:4242', 4.5);
    expect(grades).toEqual([4.5]);
    await expect(source.sendGrade('ant:HR:1', 1)).rejects.toThrow('not a connected FE-C trainer');
    await source.stop();
  });

  it('treats a sensor silent for 5 s as dropped', async () => {
    const { source, channels, clock, dropped } = setup();
    await source.start();
    await source.connect('ant:HR:77');
    clock.advance(3000);
    channels[0]!.page('HR', 77, { ComputedHeartRate: 130 });
    clock.advance(4000);
    expect(dropped).toEqual([]);
    clock.advance(1000);
    expect(dropped).toEqual(['ant:HR:77']);
    await source.stop();
  });

  it('refuses ids that are not ANT+ ids', async () => {
    const { source } = setup();
    await source.start();
    await expect(source.connect('ble:abc')).rejects.toThrow('not an ANT+ device id');
    await source.stop();
  });
});
