/** Assigned numbers of the GATT services and characteristics the page uses. */
export const GATT = {
  fitnessMachine: 0x1826,
  heartRate: 0x180d,
  cyclingPower: 0x1818,
  indoorBikeData: 0x2ad2,
  supportedInclinationRange: 0x2ad5,
  fitnessMachineControlPoint: 0x2ad9,
  heartRateMeasurement: 0x2a37,
  cyclingPowerMeasurement: 0x2a63,
} as const;

/** The user closed the device chooser: not an error worth showing. */
export function isChooserCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotFoundError';
}

/** Subscribes to a characteristic's notifications; each value goes to `onValue`. */
export async function subscribe(
  characteristic: BluetoothRemoteGATTCharacteristic,
  onValue: (value: DataView) => void,
): Promise<void> {
  characteristic.addEventListener('characteristicvaluechanged', () => {
    if (characteristic.value) onValue(characteristic.value);
  });
  await characteristic.startNotifications();
}

/** A characteristic of a service the device may lack, or null. */
export async function optionalCharacteristic(
  server: BluetoothRemoteGATTServer,
  service: number,
  characteristic: number,
): Promise<BluetoothRemoteGATTCharacteristic | null> {
  try {
    return await (await server.getPrimaryService(service)).getCharacteristic(characteristic);
  } catch {
    return null;
  }
}
