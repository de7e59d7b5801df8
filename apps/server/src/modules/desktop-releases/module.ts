import { mkdir } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { releaseCache } from './release-cache.js';
import { desktopDownloadsRoutes, desktopReleaseFileRoutes } from './routes.js';

/**
 * The desktop app's releases (docs/desktop.md, 'Publishing'): what a release machine copies into
 * RELEASES_DIR is the update feed, the stable download links and the version gate's list.
 */
export async function desktopReleases(deps: {
  releasesDir: string;
  log: { warn: (message: string) => void };
}): Promise<{ apiRoutes: FastifyPluginAsyncZod; fileRoutes: FastifyPluginAsyncZod }> {
  // An empty folder where publishing goes; a read-only or missing one simply publishes nothing.
  await mkdir(deps.releasesDir, { recursive: true }).catch(() => undefined);
  const cache = releaseCache({ dir: deps.releasesDir, log: deps.log });
  return {
    apiRoutes: desktopDownloadsRoutes(cache),
    fileRoutes: desktopReleaseFileRoutes(cache, deps.releasesDir),
  };
}
