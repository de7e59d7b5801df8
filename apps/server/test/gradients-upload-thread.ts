/**
 * A worker thread that makes a large GPX upload and sends it, so that the test's main thread
 * (where the server runs) measures the server's loop, not the client's work of making 45 MB.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BOUNDARY, largeBody, type LargeBody } from './gradients-bodies.js';

type Job = { url: string; token: string; body: LargeBody };

const job = workerData as Job;
const res = await fetch(job.url, {
  method: 'POST',
  headers: {
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'x-auth-token': job.token,
  },
  body: largeBody(job.body),
  duplex: 'half',
  signal: AbortSignal.timeout(120_000),
} as RequestInit);
parentPort?.postMessage({ status: res.status, body: await res.json() });
