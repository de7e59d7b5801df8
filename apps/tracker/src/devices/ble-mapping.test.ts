import { describe, expect, it } from 'vitest';
import {
  BleDecoder,
  bleDeviceFromAdvertisement,
  controlPointProblem,
  gradeLimitsFromBytes,
  kindsFromServices,
  normalizeUuid,
  peripheralIdOf,
} from './ble-mapping.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const u16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];
const u32 = (v: number) => [...u16(v & 0xffff), ...u16(v >>> 16)];

describe('uuids and advertisements', () => {
  it('normalizes long, short and upper-case uuids', () => {
    expect(normalizeUuid('00001826-0000-1000-8000-00805F9B34FB')).toBe('1826');
    expect(normalizeUuid('180D')).toBe('180d');
    expect(normalizeUuid('6e40fec1-b5a3-f393-e0a9-e50e24dcca9e')).toBe(
      '6e40fec1b5a3f393e0a9e50e24dcca9e',
    );
  });

  it('derives kinds from advertised services', () => {
    expect(kindsFromServices(['1818', '1826'])).toEqual(['trainer', 'power']);
    expect(kindsFromServices(['180d'])).toEqual(['heart_rate']);
    expect(kindsFromServices(['180f'])).toEqual([]);
  });

  it('describes an FTMS trainer as controllable, named from its advertisement', () => {
    expect(bleDeviceFromAdvertisement('c0ffee01', 'KICKR CORE 5A1B', ['1826', '1818'])).toEqual({
      id: 'ble:c0ffee01',
      name: 'KICKR CORE 5A1B',
      transport: 'ble',
      kinds: ['trainer', 'power'],
      controllable: true,
      gradeLimits: null,
    });
  });

  it('names unnamed devices by kind, and ignores devices without our services', () => {
    expect(bleDeviceFromAdvertisement('aa11bb22', '', ['180d'])).toMatchObject({
      name: 'Bluetooth heart rate strap bb22',
      controllable: false,
    });
    expect(bleDeviceFromAdvertisement('x', 'Speaker', ['110b'])).toBeNull();
    expect(peripheralIdOf('ble:c0ffee01')).toBe('c0ffee01');
    expect(peripheralIdOf('ant:FE:1')).toBeNull();
  });
});

describe('BleDecoder', () => {
  it('maps FTMS Indoor Bike Data: speed km/h -> m/s, cadence, power, heart rate', () => {
    // flags: speed present (bit 0 clear), cadence (bit 2), power (bit 6), heart rate (bit 9)
    const frame = bytes(...u16(0x0244), ...u16(3000), ...u16(180), ...u16(250), 140);
    const out = new BleDecoder('ble:t').decode('2ad2', frame, 1000);
    expect(out).toEqual({
      reading: {
        deviceId: 'ble:t',
        at: 1000,
        speedMps: 30 / 3.6,
        cadence: 90,
        power: 250,
        heartRate: 140,
      },
    });
  });

  it('reports a short frame as an error instead of a reading', () => {
    const out = new BleDecoder('ble:t').decode('2ad2', bytes(0x44, 0x00, 0x01), 0);
    expect(out).toHaveProperty('error');
  });

  it('derives cadence from Cycling Power crank revolutions', () => {
    const d = new BleDecoder('ble:p');
    const first = d.decode('2a63', bytes(...u16(0x20), ...u16(200), ...u16(10), ...u16(0)), 0);
    expect(first).toEqual({ reading: { deviceId: 'ble:p', at: 0, power: 200 } });
    const second = d.decode(
      '2a63',
      bytes(...u16(0x20), ...u16(210), ...u16(13), ...u16(2048)),
      2000,
    );
    expect(second).toEqual({ reading: { deviceId: 'ble:p', at: 2000, power: 210, cadence: 90 } });
  });

  it('maps Heart Rate Measurement in 8 and 16 bits', () => {
    const d = new BleDecoder('ble:h');
    expect(d.decode('2a37', bytes(0x00, 72), 5)).toEqual({
      reading: { deviceId: 'ble:h', at: 5, heartRate: 72 },
    });
    expect(d.decode('2A37', bytes(0x01, ...u16(181)), 6)).toEqual({
      reading: { deviceId: 'ble:h', at: 6, heartRate: 181 },
    });
    expect(d.decode('2a37', bytes(0x00, 0), 7)).toEqual({ reading: null });
  });

  it('derives wheel speed from CSC revolutions (700x25C wheel)', () => {
    const d = new BleDecoder('ble:s');
    d.decode('2a5b', bytes(0x01, ...u32(100), ...u16(0)), 0);
    const out = d.decode('2a5b', bytes(0x01, ...u32(104), ...u16(1024)), 1000);
    expect(out).toEqual({ reading: { deviceId: 'ble:s', at: 1000, speedMps: 4 * 2.105 } });
  });

  it('ignores characteristics it does not read', () => {
    expect(new BleDecoder('ble:x').decode('2a19', bytes(90), 0)).toEqual({ reading: null });
  });
});

describe('FTMS helpers', () => {
  it('reads the trainer grade limits from Supported Inclination Range', () => {
    expect(gradeLimitsFromBytes(bytes(...u16(-100 & 0xffff), ...u16(200), ...u16(5)))).toEqual({
      minPercent: -10,
      maxPercent: 20,
    });
    expect(gradeLimitsFromBytes(bytes(1, 2))).toBeNull();
  });

  it('reports control point refusals only', () => {
    expect(controlPointProblem(bytes(0x80, 0x11, 0x01))).toBeNull();
    expect(controlPointProblem(bytes(0x80, 0x11, 0x05))).toEqual({
      message: 'control point refused op 0x11: control_not_permitted',
      regainControl: true,
    });
    expect(controlPointProblem(bytes(0x80, 0x11, 0x03))).toMatchObject({ regainControl: false });
  });
});
