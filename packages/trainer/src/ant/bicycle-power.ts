import type { ByteInput } from '../codec/bytes.js';
import { ok, type DecodeResult } from '../codec/result.js';
import { pageOf, u8OrNull } from './page.js';

/** ANT+ Bicycle Power page 16 (0x10), standard power-only. */
export interface AntPowerOnlyPage {
  page: 0x10;
  /** Wraps at 256. */
  updateEventCount: number;
  /** Null when 0xFF (not used) or above 100 %. */
  pedalPower: { percent: number; rightPedal: boolean } | null;
  cadenceRpm: number | null;
  /** Wraps at 65536 W. */
  accumulatedPowerW: number;
  instantaneousPowerW: number;
}

export function decodeAntPowerOnly(input: ByteInput): DecodeResult<AntPowerOnlyPage> {
  const v = pageOf(input, 0x10, 'ANT+ power-only page');
  if (!v.ok) return v;
  const view = v.value;
  const pedal = view.getUint8(2);
  const percent = pedal & 0x7f;
  return ok({
    page: 0x10,
    updateEventCount: view.getUint8(1),
    // Bit 7 set: the percentage is the right pedal's; clear: which pedal is unknown.
    pedalPower: pedal === 0xff || percent > 100 ? null : { percent, rightPedal: pedal >= 0x80 },
    cadenceRpm: u8OrNull(view, 3),
    accumulatedPowerW: view.getUint16(4, true),
    instantaneousPowerW: view.getUint16(6, true),
  });
}
