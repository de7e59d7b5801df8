import type { ModuleDefinition } from '../../shape/server-module.js';
import { raceRouteRoutes } from './routes.js';

/** A video's road: its route summary and slope profile for the video page. */
export const raceRouteModule: ModuleDefinition = {
  name: 'race-route',
  build: ({ db }) => ({ name: 'race-route', apiRoutes: [raceRouteRoutes(db)] }),
};
