import { exportedFunction, importOptional } from './optional-module.js';

// The slice of @abandonware/noble the tracker uses, typed here so the package stays optional.

export interface BleCharacteristic {
  uuid: string;
  on(event: 'data', fn: (data: Buffer) => void): unknown;
  subscribeAsync(): Promise<void>;
  readAsync(): Promise<Buffer>;
  writeAsync(data: Buffer, withoutResponse: boolean): Promise<void>;
}

export interface BlePeripheral {
  id: string;
  advertisement: { localName?: string; serviceUuids?: string[] };
  connectAsync(): Promise<void>;
  disconnectAsync(): Promise<void>;
  once(event: 'disconnect', fn: () => void): unknown;
  discoverSomeServicesAndCharacteristicsAsync(
    serviceUuids: string[],
    characteristicUuids: string[],
  ): Promise<{ characteristics: BleCharacteristic[] }>;
}

export interface BleCentral {
  /** 'poweredOn' when usable; 'unknown' until the adapter has answered. */
  readonly state: string;
  on(event: 'stateChange', fn: (state: string) => void): unknown;
  on(event: 'discover', fn: (peripheral: BlePeripheral) => void): unknown;
  startScanningAsync(serviceUuids: string[], allowDuplicates: boolean): Promise<void>;
  stopScanningAsync(): Promise<void>;
}

/**
 * Loads noble. It opens the Bluetooth socket while being imported, so on a machine without
 * Bluetooth the import itself throws (EAFNOSUPPORT): callers must catch.
 */
export async function loadNoble(): Promise<BleCentral> {
  const mod = await importOptional('@abandonware/noble');
  const central = (
    typeof mod.default === 'object' && mod.default !== null ? mod.default : mod
  ) as Record<string, unknown>;
  exportedFunction(central, 'startScanningAsync', '@abandonware/noble');
  exportedFunction(central, 'on', '@abandonware/noble');
  return central as unknown as BleCentral;
}
