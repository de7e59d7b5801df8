import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; any non-API path without a file gets index.html (client routes). */
export async function installStaticWeb(
  app: FastifyInstance,
  distDir: string | null,
): Promise<void> {
  const hasWeb = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Built assets have content hashes in their names; index.html must always be fresh.
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Media paths too: a missing image or segment is a 404, not the app's HTML.
    const isApi = /^\/(api|media)\//.test(request.url) || request.url === '/healthz';
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).send({
      status: 'failure',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
