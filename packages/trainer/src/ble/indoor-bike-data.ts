import { asDataView, ByteReader, checkLength, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';

/** FTMS Indoor Bike Data (0x2AD2). Absent fields are left out of the object. */
export interface IndoorBikeData {
  flags: number;
  /** Bit 0: the data continues in another notification (and Instantaneous Speed is absent). */
  moreData: boolean;
  instantaneousSpeedKmh?: number;
  averageSpeedKmh?: number;
  instantaneousCadenceRpm?: number;
  averageCadenceRpm?: number;
  totalDistanceM?: number;
  resistanceLevel?: number;
  instantaneousPowerW?: number;
  averagePowerW?: number;
  /** The three energy fields are null when the server sends "data not available". */
  totalEnergyKcal?: number | null;
  energyPerHourKcal?: number | null;
  energyPerMinuteKcal?: number | null;
  heartRateBpm?: number;
  metabolicEquivalent?: number;
  elapsedTimeS?: number;
  remainingTimeS?: number;
}

interface FieldSpec {
  bit: number;
  size: number;
  read: (r: ByteReader, out: IndoorBikeData) => void;
}

const orNull = (raw: number, notAvailable: number): number | null =>
  raw === notAvailable ? null : raw;

// Spec order; the table is both the length rule and the reader, so they cannot drift apart.
const FIELDS: readonly FieldSpec[] = [
  { bit: 0, size: 2, read: (r, o) => void (o.instantaneousSpeedKmh = r.u16() / 100) },
  { bit: 1, size: 2, read: (r, o) => void (o.averageSpeedKmh = r.u16() / 100) },
  { bit: 2, size: 2, read: (r, o) => void (o.instantaneousCadenceRpm = r.u16() / 2) },
  { bit: 3, size: 2, read: (r, o) => void (o.averageCadenceRpm = r.u16() / 2) },
  { bit: 4, size: 3, read: (r, o) => void (o.totalDistanceM = r.u24()) },
  { bit: 5, size: 2, read: (r, o) => void (o.resistanceLevel = r.s16()) },
  { bit: 6, size: 2, read: (r, o) => void (o.instantaneousPowerW = r.s16()) },
  { bit: 7, size: 2, read: (r, o) => void (o.averagePowerW = r.s16()) },
  {
    bit: 8,
    size: 5,
    read: (r, o) => {
      o.totalEnergyKcal = orNull(r.u16(), 0xffff);
      o.energyPerHourKcal = orNull(r.u16(), 0xffff);
      o.energyPerMinuteKcal = orNull(r.u8(), 0xff);
    },
  },
  { bit: 9, size: 1, read: (r, o) => void (o.heartRateBpm = r.u8()) },
  { bit: 10, size: 1, read: (r, o) => void (o.metabolicEquivalent = r.u8() / 10) },
  { bit: 11, size: 2, read: (r, o) => void (o.elapsedTimeS = r.u16()) },
  { bit: 12, size: 2, read: (r, o) => void (o.remainingTimeS = r.u16()) },
];

// Bit 0 is inverted: "More Data" set means Instantaneous Speed is NOT in this notification.
function isPresent(flags: number, bit: number): boolean {
  const set = (flags & (1 << bit)) !== 0;
  return bit === 0 ? !set : set;
}

/** Bytes a notification with these flags must hold (flags field included). */
export function indoorBikeDataLength(flags: number): number {
  return FIELDS.reduce((n, f) => (isPresent(flags, f.bit) ? n + f.size : n), 2);
}

/**
 * Decodes Indoor Bike Data. Bits 13-15 are reserved: they are ignored, and so are bytes after
 * the flagged fields, because later spec revisions append fields there.
 */
export function decodeIndoorBikeData(input: ByteInput): DecodeResult<IndoorBikeData> {
  const view = asDataView(input);
  if (view.byteLength < 2) return fail('too_short', 'Indoor Bike Data needs its 2-byte flags');
  const flags = view.getUint16(0, true);
  const short = checkLength(view, indoorBikeDataLength(flags), 'Indoor Bike Data for its flags');
  if (short) return { ok: false, error: short };
  const out: IndoorBikeData = { flags, moreData: (flags & 1) !== 0 };
  const reader = new ByteReader(view, 2);
  for (const field of FIELDS) {
    if (isPresent(flags, field.bit)) field.read(reader, out);
  }
  return ok(out);
}
