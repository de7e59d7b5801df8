import { asDataView, hex, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';

export const ANT_PAGE_LENGTH = 8;

/**
 * An ANT+ data page is exactly the 8-byte payload. Anything longer is most likely a whole ANT
 * message (sync, length, id, channel...) whose bytes would be misread, so it is rejected.
 */
export function pageView(input: ByteInput, what: string): DecodeResult<DataView> {
  const view = asDataView(input);
  if (view.byteLength < ANT_PAGE_LENGTH) {
    return fail('too_short', `${what} is 8 bytes, got ${view.byteLength}`);
  }
  if (view.byteLength > ANT_PAGE_LENGTH) {
    return fail('malformed', `${what} is 8 bytes, got ${view.byteLength}; pass the payload only`);
  }
  return ok(view);
}

/** Checks the page number in byte 0 for a decoder of one specific page. */
export function expectPage(view: DataView, page: number, what: string): DecodeResult<DataView> {
  const actual = view.getUint8(0);
  if (actual !== page) {
    return fail('unexpected_page', `${what} is page ${hex(page)}, got page ${hex(actual)}`);
  }
  return ok(view);
}

export function pageOf(input: ByteInput, page: number, what: string): DecodeResult<DataView> {
  const view = pageView(input, what);
  return view.ok ? expectPage(view.value, page, what) : view;
}

/** An 8-bit field where 0xFF means "invalid" (cadence, heart rate, ...). */
export function u8OrNull(view: DataView, offset: number, invalid = 0xff): number | null {
  const v = view.getUint8(offset);
  return v === invalid ? null : v;
}
