import { open } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.js';
import { parseRange } from '../media/index.js';
import { cacheControlOf, contentTypeOf, isInstallerName } from './names.js';

/**
 * Sends one file of the releases folder; `name` is already known to be published (an exact name
 * of the snapshot, never a path). Sizes and dates come from the opened file itself, so a file
 * replaced since the snapshot is still answered consistently. Ranges (resumed downloads,
 * electron-updater's differential download), ETag and Last-Modified revalidation.
 */
export async function sendReleaseFile(
  req: FastifyRequest,
  reply: FastifyReply,
  dir: string,
  name: string,
): Promise<FastifyReply> {
  const handle = await open(path.join(dir, name), 'r').catch(() => null);
  if (!handle) throw notFound(`No release file ${name}.`);
  let handedOver = false;
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notFound(`No release file ${name}.`);
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    reply
      .header('content-type', contentTypeOf(name))
      .header('cache-control', cacheControlOf(name))
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString());
    if (isInstallerName(name) && !name.endsWith('.blockmap')) {
      reply.header('content-disposition', `attachment; filename="${name}"`);
    }
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const range = parseRange(req.headers.range, info.size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${info.size}`).send();
    }
    const { start, end } = range ?? { start: 0, end: info.size - 1 };
    const length = Math.max(0, end - start + 1);
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
    reply.header('content-length', length);
    if (req.method === 'HEAD' || length === 0) return reply.send();
    handedOver = true;
    // The stream closes the file when it ends or the client goes away.
    return reply.send(handle.createReadStream({ start, end }));
  } finally {
    if (!handedOver) await handle.close();
  }
}
