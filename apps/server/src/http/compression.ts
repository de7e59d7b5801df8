import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers shorter than this go as they are: the header costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/** JSON only (application/json, +json): media, HLS playlists, FIT files and pages are not. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/u;

/**
 * Compresses JSON answers of 1 KB and more for a client that asks (Accept-Encoding): a 6-hour
 * ride's series is 747 KB as JSON, about 130 KB as brotli (12 ms at quality 4) or 180 KB as
 * gzip. Only JSON: video files and their byte ranges, HLS and DASH manifests, images and FIT
 * files go untouched, and Socket.IO never reaches Fastify's hooks (engine.io answers its own
 * requests). Request bodies are not decompressed. Registered before any route: the plugin adds
 * its hook to the routes made after it.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    customTypes: JSON_TYPE,
    // zstd (newer Node) left out: browsers asking for it all take brotli too.
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
