import { GATT, subscribe } from './gatt';
import { readingFromHeartRate, type Reading } from './liveData';

export interface BluetoothStrap {
  id: string;
  name: string;
  disconnect: () => void;
}

/** Connects a heart rate strap chosen by the user (must run from a click). */
export async function connectHeartRateStrap(
  onReading: (reading: Reading) => void,
  onGone: () => void,
): Promise<BluetoothStrap> {
  const device = await navigator.bluetooth.requestDevice({
    filters: [{ services: [GATT.heartRate] }],
  });
  if (!device.gatt) throw new Error('This strap offers no Bluetooth services.');
  device.addEventListener('gattserverdisconnected', onGone);
  const server = await device.gatt.connect();
  const service = await server.getPrimaryService(GATT.heartRate);
  const measurement = await service.getCharacteristic(GATT.heartRateMeasurement);
  await subscribe(measurement, (v) => {
    const reading = readingFromHeartRate(v, Date.now());
    if (reading) onReading(reading);
  });
  return {
    id: device.id,
    name: device.name ?? 'Heart rate strap',
    disconnect: () => {
      device.removeEventListener('gattserverdisconnected', onGone);
      device.gatt?.disconnect();
    },
  };
}
