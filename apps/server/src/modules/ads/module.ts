import type { ModuleDefinition } from '../../shape/server-module.js';
import { adminAdsRoutes } from './admin-routes.js';
import { adsCache } from './cache.js';
import { adImageStore } from './images.js';
import { adsRepository } from './repository.js';
import { adsRoutes } from './routes.js';
import { adsService } from './service.js';
import { adViewerSweep } from './sweep.js';

/**
 * Ads on the Free plan (issue 27, docs/architecture.md): house ads admins make, served from a
 * per-process cache (no query per serve) that every process reloads on 'ads-changed'; counts
 * per ad and UTC day, once per viewer by a daily salted hash the worker's sweep forgets.
 */
export const adsModule: ModuleDefinition = {
  name: 'ads',
  build: async ({ config, db, log, rateLimiter, interServer, onClose }) => {
    const repo = adsRepository(db);
    const cache = adsCache({ load: () => repo.serveable(), interServer, log });
    // Only processes that serve the API serve ads (a worker-only process keeps no cache).
    if (config.roles.api) {
      await cache.start();
      onClose(() => cache.stop());
    }
    const images = adImageStore(config.mediaDir);
    const service = adsService({
      repo,
      cache,
      images,
      limiter: rateLimiter,
      interServer,
      tagUrl: config.adsTagUrl,
      log,
    });
    return {
      name: 'ads',
      apiRoutes: [adsRoutes(service), adminAdsRoutes(service, images.scratchDir)],
      sweeps: [adViewerSweep(repo, log)],
    };
  },
};
