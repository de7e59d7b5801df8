import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { channelImageStore, sniffImage } from './images.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const webp = new Uint8Array([...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')]);

describe('sniffImage', () => {
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(png)?.ext).toBe('png');
    expect(sniffImage(jpeg)?.ext).toBe('jpg');
    expect(sniffImage(webp)?.ext).toBe('webp');
  });
  it('refuses anything else, whatever it is called', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF1234WAVE'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('channelImageStore', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('saves under the public folder and removes only its own files', async () => {
    const media = await mkdtemp(path.join(tmpdir(), 'ra-img-'));
    dirs.push(media);
    const store = channelImageStore(media);
    const url = await store.save(7, png, { mime: 'image/png', ext: 'png', format: 'png' });
    expect(url).toMatch(/^\/media\/public\/channel-images\/7-[0-9a-f]{16}\.png$/);
    const folder = path.join(media, 'public', 'channel-images');
    expect(await readFile(path.join(folder, path.basename(url)))).toEqual(Buffer.from(png));
    await store.remove('/media/public/channel-images/../../../etc/passwd');
    await store.remove('https://elsewhere.example/a.png');
    expect(await readdir(folder)).toHaveLength(1);
    await store.remove(url);
    expect(await readdir(folder)).toHaveLength(0);
  });
});
