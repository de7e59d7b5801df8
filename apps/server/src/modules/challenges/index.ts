/** The challenges module's public face: what app.ts and the modules above it may use. */
export { challengesModule } from './module.js';
export { challengeJobPayloads, type ChallengeJobs } from './jobs.js';
