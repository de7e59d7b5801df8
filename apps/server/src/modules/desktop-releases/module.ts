import { mkdir } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDefinition } from '../../shape/server-module.js';
import { releaseCache } from './release-cache.js';
import { desktopDownloadsRoutes, desktopReleaseFileRoutes } from './routes.js';

/**
 * The desktop app's releases (docs/desktop.md, 'Publishing'): what a release machine copies into
 * RELEASES_DIR is the update feed, the stable download links and the version gate's list.
 */
export const desktopReleasesModule: ModuleDefinition = {
  name: 'desktop-releases',
  build: ({ config, log }) => {
    const cache = releaseCache({ dir: config.releasesDir, log: { warn: (m) => log.warn(m) } });
    return {
      name: 'desktop-releases',
      apiRoutes: [desktopDownloadsRoutes(cache)],
      rootRoutes: [
        (async (app) => {
          // Where publishing goes, made by the processes that serve it (`api`); a read-only or
          // missing folder simply publishes nothing.
          await mkdir(config.releasesDir, { recursive: true }).catch(() => undefined);
          await app.register(desktopReleaseFileRoutes(cache, config.releasesDir));
        }) satisfies FastifyPluginAsyncZod,
      ],
    };
  },
};
