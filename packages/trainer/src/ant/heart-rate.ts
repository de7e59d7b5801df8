import { hex, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';
import { rolloverDelta } from '../codec/rollover.js';
import { pageView } from './page.js';

/** The page-specific bytes 1-3 of the ANT+ heart rate pages this package reads. */
export type AntHeartRateDetail =
  | { page: 0 }
  | { page: 1; cumulativeOperatingTimeS: number }
  | { page: 2; manufacturerId: number; serialNumberHigh16: number }
  | { page: 3; hardwareVersion: number; softwareVersion: number; modelNumber: number }
  | { page: 4; manufacturerSpecific: number; previousHeartBeatEventTime: number };

/** An ANT+ heart rate data page: bytes 4-7 are common to every page. */
export interface AntHeartRatePage {
  page: number;
  /** Bit 7 of byte 0; toggles every 4 pages on straps that send page numbers. */
  toggle: boolean;
  /** Raw 1/1024 s, wraps at 64 s. */
  heartBeatEventTime: number;
  /** Wraps at 256. */
  heartBeatCount: number;
  /** Null when 0 (invalid). */
  computedHeartRateBpm: number | null;
  detail: AntHeartRateDetail;
}

function detailOf(page: number, view: DataView): AntHeartRateDetail | null {
  switch (page) {
    case 0:
      return { page: 0 };
    case 1: {
      const ticks = view.getUint8(1) | (view.getUint8(2) << 8) | (view.getUint8(3) << 16);
      return { page: 1, cumulativeOperatingTimeS: ticks * 2 };
    }
    case 2:
      return {
        page: 2,
        manufacturerId: view.getUint8(1),
        serialNumberHigh16: view.getUint16(2, true),
      };
    case 3:
      return {
        page: 3,
        hardwareVersion: view.getUint8(1),
        softwareVersion: view.getUint8(2),
        modelNumber: view.getUint8(3),
      };
    case 4:
      return {
        page: 4,
        manufacturerSpecific: view.getUint8(1),
        previousHeartBeatEventTime: view.getUint16(2, true),
      };
    default:
      return null;
  }
}

/**
 * Decodes ANT+ heart rate pages 0-4. Other pages (battery, capabilities, mode settings) are
 * unsupported rather than guessed at. Legacy straps that send no page numbers look like a
 * page 0-4 with a never-changing toggle; their bytes 4-7 are still right.
 */
export function decodeAntHeartRate(input: ByteInput): DecodeResult<AntHeartRatePage> {
  const v = pageView(input, 'ANT+ heart rate page');
  if (!v.ok) return v;
  const view = v.value;
  const first = view.getUint8(0);
  const page = first & 0x7f;
  const detail = detailOf(page, view);
  if (detail === null)
    return fail('unsupported', `ANT+ heart rate page ${hex(page)} is not decoded`);
  const hr = view.getUint8(7);
  return ok({
    page,
    toggle: (first & 0x80) !== 0,
    heartBeatEventTime: view.getUint16(4, true),
    heartBeatCount: view.getUint8(6),
    computedHeartRateBpm: hr === 0 ? null : hr,
    detail,
  });
}

/**
 * Heart rate from the beat count and beat event time of two pages, rollover-safe (count wraps
 * at 256, time at 64 s). Null when no new beat happened between them.
 */
export function antHeartRateBetween(
  previous: Pick<AntHeartRatePage, 'heartBeatCount' | 'heartBeatEventTime'>,
  current: Pick<AntHeartRatePage, 'heartBeatCount' | 'heartBeatEventTime'>,
): number | null {
  const beats = rolloverDelta(previous.heartBeatCount, current.heartBeatCount, 0x100);
  const ticks = rolloverDelta(previous.heartBeatEventTime, current.heartBeatEventTime, 0x10000);
  if (beats === 0 || ticks === 0) return null;
  return (beats * 60 * 1024) / ticks;
}
