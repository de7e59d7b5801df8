import type { ModuleDefinition } from '../../shape/server-module.js';
import { publicConfigRoutes } from './routes.js';

/** What the web app reads at start: sign-in providers' ids and the promo video. */
export const configModule: ModuleDefinition = {
  name: 'config',
  build: ({ config, promoVideo }) => ({
    name: 'config',
    apiRoutes: [
      publicConfigRoutes(() => ({
        googleClientId: config.google?.clientId ?? null,
        facebookAppId: config.facebook?.appId ?? null,
        promoVideo,
      })),
    ],
  }),
};
