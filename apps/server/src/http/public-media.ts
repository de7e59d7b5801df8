import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * /media/public/*: files anyone may read ($DATA_DIR/media/public: channel images, the sample
 * promo video). Served by the app itself, so tests and every process answer them the same way.
 */
export async function installPublicMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  const root = path.join(mediaDir, 'public');
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, { root, prefix: '/media/public/', decorateReply: false });
}
