/** The voiceovers module's public face: what app.ts and the modules above it may use. */
export { voiceoversModule } from './module.js';
export { voiceoverJobPayloads, type VoiceoverJobs } from './jobs.js';
