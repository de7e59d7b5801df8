import { fail, type CodecError } from './result.js';

/** What decoders accept: Web Bluetooth hands out DataViews, noble and ANT stacks byte arrays. */
export type ByteInput = Uint8Array | DataView;

export function asDataView(input: ByteInput): DataView {
  if (input instanceof DataView) return input;
  // Respect the view's window: a Node Buffer is often a slice of a larger pool.
  return new DataView(input.buffer, input.byteOffset, input.byteLength);
}

/** A too_short error when the view holds fewer than `needed` bytes, else null. */
export function checkLength(view: DataView, needed: number, what: string): CodecError | null {
  if (view.byteLength >= needed) return null;
  return fail('too_short', `${what} needs ${needed} bytes, got ${view.byteLength}`).error;
}

export function hex(value: number, digits = 2): string {
  return `0x${value.toString(16).toUpperCase().padStart(digits, '0')}`;
}

/**
 * Little-endian cursor over a view whose length the decoder has already checked, so reads
 * never run past the end.
 */
export class ByteReader {
  private offset: number;

  constructor(
    private readonly view: DataView,
    start = 0,
  ) {
    this.offset = start;
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.view.byteLength - this.offset;
  }

  u8(): number {
    const v = this.view.getUint8(this.offset);
    this.offset += 1;
    return v;
  }

  u16(): number {
    const v = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return v;
  }

  s16(): number {
    const v = this.view.getInt16(this.offset, true);
    this.offset += 2;
    return v;
  }

  u24(): number {
    const v =
      this.view.getUint16(this.offset, true) + this.view.getUint8(this.offset + 2) * 0x10000;
    this.offset += 3;
    return v;
  }

  u32(): number {
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }
}

/** Little-endian byte builder for encoders; callers clamp values to the field first. */
export class ByteWriter {
  private readonly bytes: number[] = [];

  u8(value: number): this {
    this.bytes.push(value & 0xff);
    return this;
  }

  u16(value: number): this {
    // Bitwise ops give two's complement, so the same path writes sint16.
    this.bytes.push(value & 0xff, (value >> 8) & 0xff);
    return this;
  }

  fill(count: number, value = 0xff): this {
    for (let i = 0; i < count; i++) this.bytes.push(value);
    return this;
  }

  toUint8Array(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
