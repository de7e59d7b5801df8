import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@ridealong/contracts';
import { backends, startServer, type TestServer } from './harness.js';
import {
  htmlWithPngHeader,
  jpegWithExif,
  pngBomb,
  pngImage,
  truncated,
  webpImage,
} from './image-fixtures.js';
import { member, type Member } from './races-fixtures.js';

describe.each(backends)('channel images are real images ($name)', (backend) => {
  let s: TestServer;
  let me: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    me = await member(s, { name: 'Painter' });
  });
  afterAll(() => s.close());

  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: 'image/png' }), name);
    const res = await fetch(`${s.baseUrl}/api/v1/channel/image`, {
      method: 'POST',
      body: form,
      headers: { 'x-auth-token': me.token },
    });
    return { status: res.status, body: (await res.json()) as { user: User; message: string } };
  };
  /** The stored image as anyone fetches it. */
  const served = async (url: string | null) => {
    const res = await fetch(s.baseUrl + (url ?? ''));
    expect(res.status).toBe(200);
    return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it.each([
    ['PNG', pngImage, 'png', 'image/png'],
    ['WebP', webpImage, 'webp', 'image/webp'],
    ['JPEG', jpegWithExif, 'jpeg', 'image/jpeg'],
  ] as const)('takes a real %s and serves it re-encoded', async (_, make, format, mime) => {
    const original = await make(640, 360);
    const { status, body } = await upload(original, 'banner.bin');
    expect(status).toBe(200);
    const file = await served(body.user.channel_image);
    expect(file.type).toBe(mime);
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format, width: 640, height: 360 });
    // Re-encoded: EXIF (GPS included) and any other metadata are gone.
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('serves a polyglot (a PNG with a page after its end) without the page', async () => {
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const { status, body } = await upload(Buffer.concat([await pngImage(), page]), 'a.png');
    expect(status).toBe(200);
    const file = await served(body.user.channel_image);
    expect(file.bytes.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(file.bytes).metadata()).format).toBe('png');
  });

  it('scales a large image down to 4096 px on its long side', async () => {
    const { body } = await upload(await pngImage(5000, 200), 'wide.png');
    const file = await served(body.user.channel_image);
    expect(await sharp(file.bytes).metadata()).toMatchObject({ width: 4096, height: 164 });
  });

  it('refuses truncated images, HTML behind an image header and decompression bombs', async () => {
    const before = (await upload(await pngImage(), 'keep.png')).body.user.channel_image;
    const notImage = { status: 400, message: 'Please choose a PNG, JPEG or WebP image.' };
    for (const bytes of [
      truncated(await pngImage()),
      truncated(await jpegWithExif()),
      truncated(await webpImage()),
      htmlWithPngHeader(),
    ]) {
      const { status, body } = await upload(bytes, 'x.png');
      expect({ status, message: body.message }).toEqual(notImage);
    }
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const { status, body } = await upload(bomb, 'bomb.png');
    expect({ status, message: body.message }).toEqual({
      status: 400,
      message: 'The image must be at most 40 megapixels.',
    });
    // The refused uploads changed nothing.
    const user = (await (await s.get(`/api/v1/users/${me.user.id}`, me.token)).json()) as User;
    expect(user.channel_image).toBe(before);
  });
});
