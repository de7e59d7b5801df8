import type { TrackerDeviceKind } from '@ridealong/contracts';
import {
  decodeControlPointResponse,
  decodeCscMeasurement,
  decodeCyclingPowerMeasurement,
  decodeHeartRateMeasurement,
  decodeIndoorBikeData,
  decodeSupportedInclinationRange,
  gradeLimitsFromInclinationRange,
  SpeedCadenceCalculator,
  type GradeLimits,
} from '@ridealong/trainer';
import { reading, type DeviceReading, type DiscoveredDevice } from './source.js';

/** GATT services and characteristics, in noble's spelling (lower case, 16-bit short form). */
export const GATT = {
  fitnessMachine: '1826',
  indoorBikeData: '2ad2',
  supportedInclinationRange: '2ad5',
  controlPoint: '2ad9',
  cyclingPower: '1818',
  cyclingPowerMeasurement: '2a63',
  heartRate: '180d',
  heartRateMeasurement: '2a37',
  cyclingSpeedCadence: '1816',
  cscMeasurement: '2a5b',
} as const;

export const SCAN_SERVICES = [
  GATT.fitnessMachine,
  GATT.cyclingPower,
  GATT.heartRate,
  GATT.cyclingSpeedCadence,
];

export const MEASUREMENTS = [
  GATT.indoorBikeData,
  GATT.cyclingPowerMeasurement,
  GATT.heartRateMeasurement,
  GATT.cscMeasurement,
];

const BASE_UUID_TAIL = '00001000800000805f9b34fb';

/** 'Heart Rate' as '0000180D-0000-1000-8000-00805F9B34FB', '180D' or '180d' -> '180d'. */
export function normalizeUuid(uuid: string): string {
  const hexOnly = uuid.toLowerCase().replace(/-/g, '');
  if (hexOnly.length === 32 && hexOnly.startsWith('0000') && hexOnly.endsWith(BASE_UUID_TAIL)) {
    return hexOnly.slice(4, 8);
  }
  return hexOnly;
}

const SERVICE_KINDS: readonly (readonly [string, TrackerDeviceKind])[] = [
  [GATT.fitnessMachine, 'trainer'],
  [GATT.cyclingPower, 'power'],
  [GATT.heartRate, 'heart_rate'],
  [GATT.cyclingSpeedCadence, 'speed_cadence'],
];

const KIND_LABEL: Record<TrackerDeviceKind, string> = {
  trainer: 'trainer',
  power: 'power meter',
  heart_rate: 'heart rate strap',
  speed_cadence: 'speed/cadence sensor',
};

export function kindsFromServices(serviceUuids: readonly string[]): TrackerDeviceKind[] {
  const have = new Set(serviceUuids.map(normalizeUuid));
  return SERVICE_KINDS.filter(([uuid]) => have.has(uuid)).map(([, kind]) => kind);
}

export const bleDeviceId = (peripheralId: string): string => `ble:${peripheralId}`;

export function peripheralIdOf(deviceId: string): string | null {
  return deviceId.startsWith('ble:') && deviceId.length > 4 ? deviceId.slice(4) : null;
}

/** A device from an advertisement; null when it offers none of the services we use. */
export function bleDeviceFromAdvertisement(
  peripheralId: string,
  localName: string | undefined,
  serviceUuids: readonly string[],
): DiscoveredDevice | null {
  const kinds = kindsFromServices(serviceUuids);
  const first = kinds[0];
  if (!first) return null;
  const name = localName?.trim() || `Bluetooth ${KIND_LABEL[first]} ${peripheralId.slice(-4)}`;
  // FTMS trainers take grades through the control point; limits are read once connected.
  return {
    id: bleDeviceId(peripheralId),
    name,
    transport: 'ble',
    kinds,
    controllable: kinds.includes('trainer'),
    gradeLimits: null,
  };
}

/** The trainer's grade range from Supported Inclination Range; null when unreadable. */
export function gradeLimitsFromBytes(bytes: Uint8Array): GradeLimits | null {
  const r = decodeSupportedInclinationRange(bytes);
  return r.ok ? gradeLimitsFromInclinationRange(r.value) : null;
}

/**
 * What a control point answer asks of us: nothing on success, else a log line, and a new
 * Request Control when the trainer says we lost control (another app took it, or it reset).
 */
export function controlPointProblem(
  bytes: Uint8Array,
): { message: string; regainControl: boolean } | null {
  const r = decodeControlPointResponse(bytes);
  if (!r.ok)
    return { message: `unreadable control point answer: ${r.error.message}`, regainControl: false };
  if (r.value.result === 'success') return null;
  return {
    message: `control point refused op 0x${r.value.requestOpCode.toString(16)}: ${r.value.result}`,
    regainControl: r.value.result === 'control_not_permitted',
  };
}

export type DecodeOutcome = { reading: DeviceReading | null } | { error: string };

/**
 * Turns one device's notifications into readings. Keeps the revolution history CPS and CSC
 * need for cadence and speed, so there is one decoder per connected device.
 */
export class BleDecoder {
  private readonly cps = new SpeedCadenceCalculator();
  private readonly csc = new SpeedCadenceCalculator();

  constructor(private readonly deviceId: string) {}

  decode(characteristicUuid: string, bytes: Uint8Array, at: number): DecodeOutcome {
    const id = this.deviceId;
    switch (normalizeUuid(characteristicUuid)) {
      case GATT.indoorBikeData: {
        const r = decodeIndoorBikeData(bytes);
        if (!r.ok) return { error: r.error.message };
        const v = r.value;
        const kmh = v.instantaneousSpeedKmh;
        return {
          reading: reading(id, at, {
            power: v.instantaneousPowerW,
            cadence: v.instantaneousCadenceRpm,
            speedMps: kmh === undefined ? undefined : kmh / 3.6,
            heartRate: v.heartRateBpm || undefined,
          }),
        };
      }
      case GATT.cyclingPowerMeasurement: {
        const r = decodeCyclingPowerMeasurement(bytes);
        if (!r.ok) return { error: r.error.message };
        const sc = this.cps.update(r.value, at);
        return {
          reading: reading(id, at, {
            power: r.value.instantaneousPowerW,
            cadence: sc.cadenceRpm,
            speedMps: sc.speedMps,
          }),
        };
      }
      case GATT.heartRateMeasurement: {
        const r = decodeHeartRateMeasurement(bytes);
        if (!r.ok) return { error: r.error.message };
        return { reading: reading(id, at, { heartRate: r.value.heartRateBpm || undefined }) };
      }
      case GATT.cscMeasurement: {
        const r = decodeCscMeasurement(bytes);
        if (!r.ok) return { error: r.error.message };
        const sc = this.csc.update(r.value, at);
        return { reading: reading(id, at, { cadence: sc.cadenceRpm, speedMps: sc.speedMps }) };
      }
      default:
        return { reading: null };
    }
  }
}
