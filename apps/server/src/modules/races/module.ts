import type { ModuleDefinition } from '../../shape/server-module.js';
import { listingCounts, type ListingCounts } from './listing-counts.js';
import { mediaCleanup } from './media-cleanup.js';
import { racesRepository } from './repository.js';
import { racesRoutes } from './routes.js';
import { racesService } from './service.js';

declare module '../../shape/services.js' {
  interface ModuleServices {
    /** Totals of large listings, cached briefly (listing-counts.ts). */
    listingCounts: ListingCounts;
  }
}

/** Videos as members find and manage them: listings, search, edit, delete (document 001). */
export const racesModule: ModuleDefinition = {
  name: 'races',
  build: ({ config, db, signer, events, services }) => {
    const counts = listingCounts();
    services.provide('listingCounts', counts);
    const service = racesService({
      repo: racesRepository(db),
      counts,
      removeMedia: mediaCleanup(db, config.mediaDir),
      events,
    });
    return {
      name: 'races',
      apiRoutes: [racesRoutes(service, signer)],
      // A new video changes the totals.
      subscribers: { 'video.ready': { afterCommit: () => counts.invalidate() } },
    };
  },
};
