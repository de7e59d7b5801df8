import type { AntProfile, AntSensorState } from './ant-mapping.js';
import { exportedFunction, importOptional } from './optional-module.js';

// The slice of incyclist-ant-plus the tracker uses, typed here so the package stays optional.

export interface AntSensor {
  /** FE-C only: page 51 track resistance, grade in percent. */
  sendTrackResistance?(slope: number): Promise<boolean>;
}

export interface AntChannel {
  on(event: 'detected', fn: (profile: string, deviceNumber: number) => void): unknown;
  on(
    event: 'data',
    fn: (profile: string, deviceNumber: number, state: AntSensorState) => void,
  ): unknown;
  attach(sensor: AntSensor): void;
  startScanner(): Promise<boolean>;
  stopScanner(): Promise<unknown>;
  startSensor(sensor: AntSensor): Promise<boolean>;
  stopSensor(sensor: AntSensor): Promise<unknown>;
}

export interface AntStick {
  /** 'Success' | 'NoStick' | 'AlreadyInUse' | … with detailedStartReport. */
  open(): Promise<boolean | string>;
  close(): Promise<boolean>;
  /** Null when every channel of the stick is taken. */
  getChannel(): AntChannel | null;
}

export interface AntLibrary {
  createStick(): AntStick;
  createSensor(profile: AntProfile, deviceNumber?: number): AntSensor;
}

const PACKAGE = 'incyclist-ant-plus';
const SENSOR_CLASS: Record<AntProfile, string> = {
  FE: 'FitnessEquipmentSensor',
  HR: 'HeartRateSensor',
  PWR: 'BicyclePowerSensor',
};

type StickClass = new (props: { startupTimeout: number; detailedStartReport: boolean }) => AntStick;
type SensorClass = new (deviceNumber?: number) => AntSensor;

/** Loads incyclist-ant-plus (and with it the native usb module); rejects where it cannot. */
export async function loadAntLibrary(): Promise<AntLibrary> {
  const [bindings, sensors] = await Promise.all([
    importOptional(`${PACKAGE}/lib/bindings/index.js`),
    importOptional(PACKAGE),
  ]);
  const Stick = exportedFunction(bindings, 'AntDevice', PACKAGE) as StickClass;
  const classes = Object.fromEntries(
    Object.entries(SENSOR_CLASS).map(([p, name]) => [
      p,
      exportedFunction(sensors, name, PACKAGE) as SensorClass,
    ]),
  ) as Record<AntProfile, SensorClass>;
  return {
    // A stick that does not answer within 2 s is not going to: report it rather than hang.
    createStick: () => new Stick({ startupTimeout: 2000, detailedStartReport: true }),
    createSensor: (profile, deviceNumber) => new classes[profile](deviceNumber),
  };
}
