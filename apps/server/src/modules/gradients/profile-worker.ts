/**
 * The worker thread's entry (off-loop.ts starts it; build.mjs bundles it to dist/gpx-worker.js):
 * one GPX file per message, one answer per file. An unexpected error ends the thread (the
 * runner answers it as the server's fault and starts a fresh thread for the next file).
 */
import { parentPort } from 'node:worker_threads';
import { gpxFileProfile, type GpxProfileJob } from './gpx-profile.js';

parentPort?.on('message', async (job: GpxProfileJob) => {
  const outcome = await gpxFileProfile(job);
  parentPort?.postMessage(outcome, outcome.ok ? [outcome.columns.buffer] : []);
});
