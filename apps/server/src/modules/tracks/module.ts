import type { ModuleDefinition } from '../../shape/server-module.js';
import { lateBound, type LateBound } from '../../shape/late-bound.js';
import { ghostRoutes } from './ghost-routes.js';
import { standingsSweep } from './history-standings-sweep.js';
import type { StravaWeb } from './presenter.js';
import { tracksRoutes } from './routes.js';
import { tracksService } from './service.js';
import { staleRidesSweep } from './stale-rides-sweep.js';

declare module '../../shape/services.js' {
  interface ModuleServices {
    /** Where activities link to on Strava (the strava module sets it). */
    stravaWeb: LateBound<StravaWeb>;
  }
}

/** Recorded rides (activities): their list, stats, FIT export, the history leaderboard. */
export const tracksModule: ModuleDefinition = {
  name: 'tracks',
  build: ({ config, db, signer, events, rateLimiter, log, services }) => {
    const stravaWeb = lateBound<StravaWeb>("Strava's web address");
    services.provide('stravaWeb', stravaWeb);
    return {
      name: 'tracks',
      apiRoutes: [
        tracksRoutes(tracksService(db, events, rateLimiter), signer, {
          get webBaseUrl() {
            return stravaWeb.get().webBaseUrl;
          },
        }),
        // Ghosts of a reactive ride by distance (issue 26).
        ghostRoutes(db),
      ],
      sweeps: [
        // The history leaderboard's standings (docs/ride.md, 'History leaderboard').
        standingsSweep({ db, log }),
        // Rides nobody will finish are saved or removed (see stale-rides-sweep.ts).
        staleRidesSweep({ db, events, staleAfterMs: config.rideAbandonMs, log }),
      ],
    };
  },
};
