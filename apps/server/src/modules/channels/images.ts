import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { reencodeImage, type ImageReencoder } from './image-reencode.js';

export type ImageType = {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  /** The decoder's name for it (sharp's `format`). */
  format: 'png' | 'jpeg' | 'webp';
};

/** The image type from the file's first bytes; the name and the sender's content type can lie. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', ext: 'png', format: 'png' };
  }
  if (starts([0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', format: 'jpeg' };
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) {
    return { mime: 'image/webp', ext: 'webp', format: 'webp' };
  }
  return null;
}

/** The public URL prefix of channel images; main.ts serves $DATA_DIR/media/public there. */
export const CHANNEL_IMAGES_URL = '/media/public/channel-images/';

/** Images kept under one public folder: channel images, and the ads module's. */
export type PublicImageStore = {
  /** Decodes and encodes anew (see image-reencode.ts); only its answer is ever stored. */
  reencode: ImageReencoder;
  /** Writes the (re-encoded) image under a fresh name and answers its public URL. */
  save: (ownerId: number, bytes: Uint8Array, type: ImageType) => Promise<string>;
  /** Removes an image we stored earlier; URLs that are not ours are left alone. */
  remove: (url: string | null) => Promise<void>;
  /** A fresh scratch folder for an upload in progress (under $DATA_DIR/media/tmp). */
  scratchDir: () => Promise<string>;
};
export type ChannelImageStore = PublicImageStore;

/**
 * Re-encoded images in $DATA_DIR/media/public/<folder>, each under a fresh unguessable name
 * `<owner id>-<16 hex>.<ext>` per upload, served at /media/public/<folder>/.
 */
export function publicImageStore(
  mediaDir: string,
  folder: string,
  reencode: ImageReencoder = reencodeImage,
): PublicImageStore {
  const dir = path.join(mediaDir, 'public', folder);
  const urlPrefix = `/media/public/${folder}/`;
  const tmp = path.join(mediaDir, 'tmp');
  return {
    reencode,
    async save(ownerId, bytes, type) {
      await mkdir(dir, { recursive: true });
      const name = `${ownerId}-${randomBytes(8).toString('hex')}.${type.ext}`;
      await writeFile(path.join(dir, name), bytes);
      return urlPrefix + name;
    },
    async remove(url) {
      if (!url?.startsWith(urlPrefix)) return;
      const name = url.slice(urlPrefix.length);
      // Only plain file names of ours: never a path that climbs out of the folder.
      if (!/^\d+-[0-9a-f]{16}\.(png|jpg|webp)$/.test(name)) return;
      await rm(path.join(dir, name), { force: true });
    },
    async scratchDir() {
      await mkdir(tmp, { recursive: true });
      return mkdtemp(path.join(tmp, `${folder}-`));
    },
  };
}

export const channelImageStore = (
  mediaDir: string,
  reencode: ImageReencoder = reencodeImage,
): ChannelImageStore => publicImageStore(mediaDir, 'channel-images', reencode);
