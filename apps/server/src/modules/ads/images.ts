import { publicImageStore, reencodeImage, type ImageReencoder } from '../channels/index.js';

/** Ad images (/media/public/ad-images/), stored re-encoded under a fresh unguessable name per upload, as channel images. */
export const adImageStore = (mediaDir: string, reencode: ImageReencoder = reencodeImage) =>
  publicImageStore(mediaDir, 'ad-images', reencode);

export type AdImageStore = ReturnType<typeof adImageStore>;
