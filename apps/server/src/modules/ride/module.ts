import type { ModuleDefinition } from '../../shape/server-module.js';
import { rideNamespace } from './channel.js';
import { rideService } from './service.js';

/** The solo ride over /ride (docs/ride.md): recording, standings, saving. */
export const rideModule: ModuleDefinition = {
  name: 'ride',
  build: ({ config, db, signer, events, log }) => ({
    name: 'ride',
    namespaces: [
      rideNamespace({
        service: rideService(db, signer, events),
        log,
        eventLimit: config.rideEvents,
      }),
    ],
  }),
};
