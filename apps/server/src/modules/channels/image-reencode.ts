import sharp from 'sharp';
import type { ImageType } from './images.js';

/**
 * Channel images are served from our origin, so the bytes a member sent are never served as
 * they are: they are decoded and written anew. A polyglot (HTML or script behind a PNG or
 * JPEG header, or after the image data) does not survive, nor does metadata such as GPS EXIF.
 */

/** Decoding more than this is refused (decompression bombs: a few KB can claim gigapixels). */
export const CHANNEL_IMAGE_MAX_PIXELS = 40_000_000;
/** Larger images are scaled down to fit; a banner needs no more. */
export const CHANNEL_IMAGE_MAX_SIDE = 4096;

export type ReencodeResult =
  { ok: true; bytes: Buffer } | { ok: false; reason: 'notImage' | 'tooManyPixels' };

export type ImageReencoder = (bytes: Uint8Array, type: ImageType) => Promise<ReencodeResult>;

/** The decoded size rule, from the header's dimensions. */
export const withinPixelBudget = (width: number, height: number) =>
  width > 0 && height > 0 && width * height <= CHANNEL_IMAGE_MAX_PIXELS;

// Decoded images are not kept around between calls.
sharp.cache(false);

/** Decodes fully (any error or truncation refuses) and encodes in the same format. */
export const reencodeImage: ImageReencoder = async (bytes, type) => {
  // The header only: the size rule answers before anything is decoded.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // The decoder libvips picks must be the one the magic bytes promised.
  if (meta?.format !== type.format) return { ok: false, reason: 'notImage' };
  if (!withinPixelBudget(meta.width, meta.height)) return { ok: false, reason: 'tooManyPixels' };

  // failOn 'error' also refuses truncated data (libvips would pad it out otherwise).
  const image = sharp(bytes, {
    failOn: 'error',
    limitInputPixels: CHANNEL_IMAGE_MAX_PIXELS,
    pages: 1,
  })
    .autoOrient()
    .resize({
      width: CHANNEL_IMAGE_MAX_SIDE,
      height: CHANNEL_IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  // No keepMetadata()/withMetadata(): EXIF, XMP and comments are dropped.
  const encoded =
    type.format === 'png'
      ? image.png()
      : type.format === 'jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : image.webp({ quality: 85 });
  const out = await encoded.toBuffer().catch(() => null);
  return out ? { ok: true, bytes: out } : { ok: false, reason: 'notImage' };
};
