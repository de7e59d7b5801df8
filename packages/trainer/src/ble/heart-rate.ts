import { asDataView, ByteReader, checkLength, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';

export type SensorContact = 'not_supported' | 'not_detected' | 'detected';

/** Heart Rate Measurement (0x2A37). */
export interface HeartRateMeasurement {
  flags: number;
  heartRateBpm: number;
  sensorContact: SensorContact;
  energyExpendedKJ?: number;
  /** RR intervals in seconds (sent in 1/1024 s), oldest first; empty when none were sent. */
  rrIntervalsS: number[];
}

const CONTACT: readonly SensorContact[] = [
  'not_supported',
  'not_supported',
  'not_detected',
  'detected',
];

/**
 * Decodes Heart Rate Measurement. RR intervals fill the rest of the value, so an odd number
 * of bytes there is malformed; without the RR flag, trailing bytes are ignored.
 */
export function decodeHeartRateMeasurement(input: ByteInput): DecodeResult<HeartRateMeasurement> {
  const view = asDataView(input);
  if (view.byteLength < 1) return fail('too_short', 'Heart Rate Measurement needs its flags');
  const flags = view.getUint8(0);
  const wide = (flags & 0x01) !== 0;
  const hasEnergy = (flags & 0x08) !== 0;
  const hasRr = (flags & 0x10) !== 0;
  const short = checkLength(
    view,
    1 + (wide ? 2 : 1) + (hasEnergy ? 2 : 0),
    'Heart Rate Measurement',
  );
  if (short) return { ok: false, error: short };
  const r = new ByteReader(view, 1);
  const out: HeartRateMeasurement = {
    flags,
    heartRateBpm: wide ? r.u16() : r.u8(),
    sensorContact: CONTACT[(flags >> 1) & 0x03] ?? 'not_supported',
    rrIntervalsS: [],
  };
  if (hasEnergy) out.energyExpendedKJ = r.u16();
  if (hasRr) {
    if (r.remaining % 2 !== 0) {
      return fail('malformed', `RR intervals take 2 bytes each; ${r.remaining} bytes remain`);
    }
    while (r.remaining > 0) out.rrIntervalsS.push(r.u16() / 1024);
  }
  return ok(out);
}
