/** The strava module's public face: what app.ts and the modules above it may use. */
export { stravaModule } from './module.js';
export { stravaJobPayloads, type StravaJobs } from './upload-jobs.js';
export { STANDIN_CLIENT, STANDIN_PREFIX } from './endpoints.js';
export { acceptedRedirect } from './redirects.js';
export { type StravaStandIn } from './types.js';
