/**
 * Test-side little-endian frame builder, deliberately independent of the package's own
 * ByteWriter so encoder and decoder bugs cannot cancel out. Not exported from the package.
 */
export class FrameBuilder {
  private readonly out: number[] = [];

  u8(v: number): this {
    this.out.push(v & 0xff);
    return this;
  }

  u16(v: number): this {
    const u = v < 0 ? v + 0x10000 : v;
    this.out.push(u % 256, Math.floor(u / 256) % 256);
    return this;
  }

  u24(v: number): this {
    this.out.push(v % 256, Math.floor(v / 256) % 256, Math.floor(v / 65536) % 256);
    return this;
  }

  u32(v: number): this {
    this.out.push(
      v % 256,
      Math.floor(v / 256) % 256,
      Math.floor(v / 65536) % 256,
      Math.floor(v / 16777216) % 256,
    );
    return this;
  }

  get length(): number {
    return this.out.length;
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** Every proper prefix of a frame, shortest first. */
export function prefixes(frame: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let n = 0; n < frame.length; n++) out.push(frame.subarray(0, n));
  return out;
}
