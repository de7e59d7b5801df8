/** The videos module's public face: what other modules and app.ts may use. */
export { videosModule } from './module.js';
export { videoJobPayloads, type VideoJobs } from './jobs.js';
export { raceFilesInOrder } from './repository.js';
export { replaceSlopeProfile } from './slope-profile-store.js';
