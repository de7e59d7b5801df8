import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DESKTOP_RELEASES_PATH,
  desktopDownloadsSchema,
  desktopNotPublishedMessage,
  parsePlatform,
  type Platform,
} from '@ridealong/contracts';
import { notFound } from '../../http/errors.js';
import { escapeHtml, sendPage } from '../../lib/html.js';
import { downloadsAnswer } from './downloads.js';
import { sendReleaseFile } from './file-response.js';
import type { ReleaseCache } from './release-cache.js';

/** GET /api/v1/desktop/downloads (public): what is published, and the supported versions. */
export const desktopDownloadsRoutes =
  (cache: ReleaseCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/desktop/downloads',
      { schema: { tags: ['desktop'], response: { 200: desktopDownloadsSchema } } },
      async (_req, reply) => {
        reply.header('cache-control', 'no-cache');
        return downloadsAnswer(await cache.get());
      },
    );
  };

/** A person following a stable link gets a page with a way on; programs get the JSON failure. */
function answerNotPublished(req: FastifyRequest, reply: FastifyReply, platform: Platform) {
  const message = desktopNotPublishedMessage(platform);
  if (!(req.headers.accept ?? '').includes('text/html')) throw notFound(message);
  return sendPage(
    reply,
    404,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RideAlong desktop app</title></head>` +
      `<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">` +
      `<h1>${escapeHtml(message)}</h1>` +
      `<p>You can ride in your browser instead: connect a Bluetooth smart trainer from Connect ` +
      `Device in Chrome or Edge.</p><p><a href="/featured">Ride in the browser</a></p></body></html>`,
  );
}

const fileParams = z.object({ '*': z.string() });

/**
 * The update feed and the installers, read-only: /desktop/releases/<file> for published names
 * only (no listing, no paths), and /download/<platform>, a stable link to the current installer.
 */
export const desktopReleaseFileRoutes =
  (cache: ReleaseCache, dir: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/download/:platform',
      { schema: { hide: true, params: z.object({ platform: z.string() }) } },
      async (req, reply) => {
        const platform = parsePlatform(req.params.platform);
        if (!platform) throw notFound('The desktop app is built for mac, windows and linux.');
        const installer = (await cache.get()).platforms[platform];
        if (!installer) return answerNotPublished(req, reply, platform);
        return reply
          .header('cache-control', 'no-cache')
          .redirect(`${DESKTOP_RELEASES_PATH}/${encodeURIComponent(installer.file)}`, 302);
      },
    );
    const noListing = async () => {
      throw notFound('The releases folder is not listed.');
    };
    app.get(DESKTOP_RELEASES_PATH, { schema: { hide: true } }, noListing);
    // HEAD named here: Fastify's own HEAD route would read the whole installer to drop it.
    app.route({
      method: ['GET', 'HEAD'],
      url: `${DESKTOP_RELEASES_PATH}/*`,
      schema: { hide: true, params: fileParams },
      handler: async (req, reply) => {
        const name = req.params['*'];
        if (name === '') return noListing();
        // Exact names of the snapshot only: a path, an encoded dot-dot or an unlisted file is
        // simply not among them.
        if (!(await cache.get()).files.has(name)) {
          throw notFound(`No release file ${name.slice(0, 100)}.`);
        }
        return sendReleaseFile(req, reply, dir, name);
      },
    });
  };
