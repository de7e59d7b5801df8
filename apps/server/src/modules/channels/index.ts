/** The channels module's public face: what app.ts and the modules above it may use. */
export { channelsModule } from './module.js';
// The ads module stores its images as channel images are (sniffed, re-encoded).
export { publicImageStore, sniffImage, type ImageType, type PublicImageStore } from './images.js';
export { reencodeImage, CHANNEL_IMAGE_MAX_PIXELS, type ImageReencoder } from './image-reencode.js';
export { IMAGE_MESSAGES } from './service.js';
