import type { ModuleDefinition } from '../../shape/server-module.js';
import { eventsRepository } from './repository.js';
import { eventsRoutes } from './routes.js';
import { eventsService } from './service.js';

/** Group rides and live events as members list, create and join them. */
export const eventsModule: ModuleDefinition = {
  name: 'events',
  build: ({ db, rateLimiter, signer, services }) => ({
    name: 'events',
    apiRoutes: [
      eventsRoutes(
        eventsService({
          repo: eventsRepository(db),
          live: services.need('groupLive'),
          limiter: rateLimiter,
        }),
        signer,
      ),
    ],
  }),
};
