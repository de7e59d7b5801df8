import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CHANNEL_IMAGE_MAX_PIXELS, reencodeImage, withinPixelBudget } from './image-reencode.js';
import { sniffImage } from './images.js';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Rider' } })
    .toBuffer();
const PNG = sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))!;

describe('withinPixelBudget', () => {
  it('takes images up to the pixel budget and nothing empty', () => {
    expect(withinPixelBudget(8000, CHANNEL_IMAGE_MAX_PIXELS / 8000)).toBe(true);
    expect(withinPixelBudget(8000, CHANNEL_IMAGE_MAX_PIXELS / 8000 + 1)).toBe(false);
    expect(withinPixelBudget(0, 10)).toBe(false);
  });
});

describe('reencodeImage', () => {
  it('writes the image anew, without what followed it or its metadata', async () => {
    const bytes = await jpeg();
    const type = sniffImage(bytes)!;
    const out = await reencodeImage(Buffer.concat([bytes, Buffer.from('<html>')]), type);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.bytes.includes(Buffer.from('<html>'))).toBe(false);
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses data another decoder would read than the magic bytes promised', async () => {
    expect(await reencodeImage(await jpeg(), PNG)).toEqual({ ok: false, reason: 'notImage' });
    expect((await reencodeImage(await png(), PNG)).ok).toBe(true);
  });
});
