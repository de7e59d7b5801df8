import type { Db } from '../../db/client.js';
import type { JobHandlers } from '../../jobs/types.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { rateBudget, type RateBudgetOptions } from './rate-budget.js';
import { stravaUploadApi } from './upload-client.js';
import { stravaJobHandlers, type StravaJobs, type StravaUploadQueue } from './upload-jobs.js';
import { stravaUploader, type StravaUploaderDeps } from './upload-worker.js';
import { stravaUploadRoutes } from './uploads-routes.js';
import { stravaUploadsService } from './uploads-service.js';
import type { StravaEndpoints, StravaTokens } from './types.js';

/**
 * Uploads to Strava, as app.ts wires them (docs/strava.md, 'Uploads'): the `strava.upload`
 * job's handler (worker processes) and the upload action's routes (api processes), over the
 * connect side's endpoints and tokens.
 */
export function stravaUploads(deps: {
  db: Db;
  jobs: StravaUploadQueue;
  endpoints: StravaEndpoints;
  tokens: StravaTokens;
  /** Tests: another fetch, shorter windows and polls. */
  fetch?: typeof fetch;
  budget?: RateBudgetOptions;
  poll?: Pick<StravaUploaderDeps, 'pollIntervalMs' | 'pollAttempts'>;
}): {
  jobHandlers: JobHandlers<StravaJobs>;
  apiRoutes: (signer: MediaSigner) => ReturnType<typeof stravaUploadRoutes>;
} {
  const { db, endpoints } = deps;
  const uploader = stravaUploader({
    db,
    tokens: deps.tokens,
    api: stravaUploadApi(endpoints, deps.fetch),
    budget: rateBudget(db, deps.budget),
    ...deps.poll,
  });
  return {
    jobHandlers: stravaJobHandlers(uploader),
    apiRoutes: (signer) =>
      stravaUploadRoutes(stravaUploadsService({ db, jobs: deps.jobs }), signer, endpoints),
  };
}
