import type { ModuleDefinition } from '../../shape/server-module.js';
import { healthRoutes } from './routes.js';

/** /healthz, answered by every process (balancers, orchestrators). */
export const healthModule: ModuleDefinition = {
  name: 'health',
  build: ({ database }) => ({ name: 'health', everyProcessRoutes: [healthRoutes(database.ping)] }),
};
