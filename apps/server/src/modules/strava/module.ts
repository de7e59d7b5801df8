import type { ModuleDefinition } from '../../shape/server-module.js';
import { stravaConnect } from './connect.js';
import { stravaSubscribers } from './upload-auto.js';
import type { StravaStandIn } from './types.js';
import type { StravaJobs } from './upload-jobs.js';
import { stravaRoutes } from './routes.js';
import { stravaUploads } from './uploads-module.js';

/**
 * Strava (docs/strava.md): connecting a member (or the stand-in without STRAVA_CLIENT_ID,
 * which every process serves: a worker uploads to itself), uploads by hand and auto-save.
 */
export const stravaModule = (standIn: StravaStandIn): ModuleDefinition<StravaJobs> => ({
  name: 'strava',
  build: async ({ config, db, log, jobs, signer, authLimits, ownAddress, services }) => {
    const strava = await stravaConnect({ config, db, log, ownAddress, standIn });
    const uploads = stravaUploads({ db, jobs, endpoints: strava.endpoints, tokens: strava.tokens });
    const presenter = services.need('userPresenter');
    presenter.strava.set(strava.status);
    services.need('stravaWeb').set(strava.endpoints);
    return {
      name: 'strava',
      apiRoutes: [
        stravaRoutes(strava.service, presenter.present, authLimits),
        uploads.apiRoutes(signer),
      ],
      everyProcessRoutes: strava.standInRoutes ? [strava.standInRoutes] : [],
      jobs: uploads.jobHandlers,
      subscribers: stravaSubscribers(jobs),
    };
  },
});
