import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real images made by real encoders (libvips through sharp), and a few bad ones. */

const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

export const pngImage = (width = 320, height = 200) => noise(width, height).png().toBuffer();
export const webpImage = (width = 320, height = 200) => noise(width, height).webp().toBuffer();

/** A JPEG carrying EXIF (a camera's copyright and GPS position), as phones write them. */
export const jpegWithExif = (width = 320, height = 200) =>
  noise(width, height)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Rider', Make: 'RideCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1' },
    })
    .toBuffer();

/** The first part of an image, as a cut-off upload leaves it. */
export const truncated = (image: Buffer) => image.subarray(0, Math.floor(image.length * 0.6));

/** An HTML page behind the 8 bytes that make a file look like a PNG. */
export const htmlWithPngHeader = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  ]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid 1-bit greyscale PNG of side x side white pixels: tens of KB on disk, side^2 pixels
 * (gigabytes once decoded to RGBA at 16,000 px).
 */
export function pngBomb(side = 16_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Math.ceil(side / 8) + 1; // filter byte + packed bits
  const raw = Buffer.alloc(row * side, 0xff);
  for (let y = 0; y < side; y++) raw[y * row] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
