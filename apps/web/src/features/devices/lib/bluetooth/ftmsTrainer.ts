import {
  decodeSupportedInclinationRange,
  encodeRequestControl,
  gradeLimitsFromInclinationRange,
  type GradeLimits,
} from '@ridealong/trainer';
import { controlDelayMs, controlGrantFrom, gradeWrites } from './gradeControl';
import { GATT, optionalCharacteristic, subscribe } from './gatt';
import { readingFromCyclingPower, readingFromIndoorBikeData, type Reading } from './liveData';

export interface BluetoothTrainer {
  id: string;
  name: string;
  /** The trainer's grade range (Supported Inclination Range), when it tells. */
  limits: GradeLimits | null;
  /** Sends a grade in percent; at most one every 500 ms reaches the trainer, latest wins. */
  setGrade: (gradePercent: number) => void;
  disconnect: () => void;
}

/**
 * Connects an FTMS trainer chosen by the user (must run from a click): Indoor Bike Data
 * notifications, Cycling Power when the trainer has no power in FTMS, and grade control.
 */
export async function connectFtmsTrainer(
  onReading: (reading: Reading) => void,
  onGone: () => void,
): Promise<BluetoothTrainer> {
  const device = await navigator.bluetooth.requestDevice({
    filters: [{ services: [GATT.fitnessMachine] }],
    optionalServices: [GATT.heartRate, GATT.cyclingPower],
  });
  if (!device.gatt) throw new Error('This trainer offers no Bluetooth services.');
  device.addEventListener('gattserverdisconnected', onGone);
  const server = await device.gatt.connect();
  const ftms = await server.getPrimaryService(GATT.fitnessMachine);

  const bikeData = await ftms.getCharacteristic(GATT.indoorBikeData);
  await subscribe(bikeData, (v) => emit(readingFromIndoorBikeData(v, Date.now())));
  const power = await optionalCharacteristic(
    server,
    GATT.cyclingPower,
    GATT.cyclingPowerMeasurement,
  );
  if (power) await subscribe(power, (v) => emit(readingFromCyclingPower(v, Date.now())));
  function emit(reading: Reading | null) {
    if (reading) onReading(reading);
  }

  const limits = await readInclinationLimits(ftms);
  const control = await controlPointOf(ftms);
  const writer = control ? new GradeWriter(control) : null;
  if (writer) await writer.requestControl();

  return {
    id: device.id,
    name: device.name ?? 'Bluetooth trainer',
    limits,
    setGrade: (grade) => writer?.setGrade(grade),
    disconnect: () => {
      device.removeEventListener('gattserverdisconnected', onGone);
      writer?.stop();
      device.gatt?.disconnect();
    },
  };
}

async function readInclinationLimits(
  ftms: BluetoothRemoteGATTService,
): Promise<GradeLimits | null> {
  try {
    const range = decodeSupportedInclinationRange(
      await (await ftms.getCharacteristic(GATT.supportedInclinationRange)).readValue(),
    );
    return range.ok ? gradeLimitsFromInclinationRange(range.value) : null;
  } catch {
    return null; // optional characteristic; the shaping then uses its wide default range
  }
}

async function controlPointOf(
  ftms: BluetoothRemoteGATTService,
): Promise<BluetoothRemoteGATTCharacteristic | null> {
  try {
    return await ftms.getCharacteristic(GATT.fitnessMachineControlPoint);
  } catch {
    return null; // a trainer without control still gives live data
  }
}

/** Serialises control point writes (one GATT operation at a time) and throttles grades. */
class GradeWriter {
  private granted = false;
  private queue: Promise<void> = Promise.resolve();
  private pending: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSentAt: number | null = null;
  private lastGrade: number | null = null;

  constructor(private readonly point: BluetoothRemoteGATTCharacteristic) {}

  async requestControl(): Promise<void> {
    await subscribe(this.point, (v) => {
      const grant = controlGrantFrom(v);
      if (grant !== null) this.granted = grant;
    });
    this.write(encodeRequestControl());
  }

  setGrade(grade: number): void {
    this.pending = grade;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), controlDelayMs(this.lastSentAt, Date.now()));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private flush(): void {
    this.timer = null;
    const grade = this.pending;
    this.pending = null;
    if (grade === null || grade === this.lastGrade) return;
    this.lastGrade = grade;
    this.lastSentAt = Date.now();
    for (const bytes of gradeWrites(this.granted, grade)) this.write(bytes);
  }

  private write(bytes: Uint8Array): void {
    // Copy into a plain ArrayBuffer-backed array, which is what the DOM typings take.
    const value = new Uint8Array(bytes);
    this.queue = this.queue
      .then(() => this.point.writeValueWithResponse(value))
      .catch(() => {
        this.lastGrade = null; // a failed write is retried by the next grade
      });
  }
}
