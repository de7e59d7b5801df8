import { asDataView, ByteReader, checkLength, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';
import type { RevolutionData } from './revolutions.js';

/** CSC Measurement (0x2A5B). Both event times are in 1/1024 s. */
export interface CscMeasurement {
  flags: number;
  wheel?: RevolutionData;
  crank?: RevolutionData;
}

/** Decodes CSC Measurement; reserved flag bits and trailing bytes are ignored. */
export function decodeCscMeasurement(input: ByteInput): DecodeResult<CscMeasurement> {
  const view = asDataView(input);
  if (view.byteLength < 1) return fail('too_short', 'CSC Measurement needs its flags');
  const flags = view.getUint8(0);
  const hasWheel = (flags & 0x01) !== 0;
  const hasCrank = (flags & 0x02) !== 0;
  const short = checkLength(view, 1 + (hasWheel ? 6 : 0) + (hasCrank ? 4 : 0), 'CSC Measurement');
  if (short) return { ok: false, error: short };
  const r = new ByteReader(view, 1);
  const out: CscMeasurement = { flags };
  if (hasWheel) out.wheel = { revolutions: r.u32(), eventTime: r.u16(), ticksPerSecond: 1024 };
  if (hasCrank) out.crank = { revolutions: r.u16(), eventTime: r.u16(), ticksPerSecond: 1024 };
  return ok(out);
}
