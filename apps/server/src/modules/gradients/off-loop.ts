import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SlopePoint } from '@ridealong/media';
import { HttpError, unavailable } from '../../http/errors.js';
import { fromColumns, type GpxProfileJob, type GpxProfileOutcome } from './gpx-profile.js';
import { GPX_MESSAGES } from './rules.js';

export type GpxProfile = { profile: SlopePoint[]; coveredFromS: number; coveredToS: number };
export type GpxProfileRunner = {
  /** The profile, or an HttpError: 400 for a file or offset the owner can fix, 503 too slow. */
  run(job: GpxProfileJob): Promise<GpxProfile>;
  /** Stops every thread (the app is closing). */
  close(): Promise<void>;
};

export type WorkerLimits = {
  timeoutMs: number;
  memoryMb: number;
  /** Idle threads kept for the next files (callers bound how many run at once). */
  keepIdle: number;
};

/**
 * GPX files are read and turned into profiles in worker threads (profile-worker.ts): reading
 * 50 MB and building an hour's profile take far longer than the 50 ms the server's loop may be
 * held. A thread takes one file at a time, is bounded in memory and time, and is kept for the
 * next file; one that failed, ran out of memory or took too long is ended and replaced.
 */
export function gpxProfileRunner(limits: WorkerLimits): GpxProfileRunner {
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const spawn = () => {
    const { script, evalCode } = workerScript();
    const worker = new Worker(script, {
      eval: evalCode,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    all.add(worker);
    worker.once('exit', () => {
      all.delete(worker);
      const i = idle.indexOf(worker);
      if (i >= 0) idle.splice(i, 1);
    });
    return worker;
  };

  return {
    run(job) {
      const worker = idle.pop() ?? spawn();
      worker.ref();
      return new Promise<GpxProfile>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const retire = () => {
          all.delete(worker);
          void worker.terminate();
        };
        const onMessage = (outcome: GpxProfileOutcome) => {
          done();
          // An idle thread does not keep the process alive.
          worker.unref();
          if (idle.length < limits.keepIdle) idle.push(worker);
          else retire();
          if (!outcome.ok) return reject(new HttpError(400, outcome.message));
          resolve({
            profile: fromColumns(outcome.columns),
            coveredFromS: outcome.coveredFromS,
            coveredToS: outcome.coveredToS,
          });
        };
        const onError = (err: Error & { code?: string }) => {
          done();
          retire();
          const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
          reject(oom ? new HttpError(400, GPX_MESSAGES.tooComplex) : err);
        };
        const onExit = (code: number) => {
          done();
          reject(new Error(`the GPX worker ended (${code}) without an answer`));
        };
        const timer = setTimeout(() => {
          done();
          retire();
          reject(unavailable(GPX_MESSAGES.tooSlow));
        }, limits.timeoutMs);
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(job);
      });
    },
    async close() {
      const workers = [...all];
      all.clear();
      idle.length = 0;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/**
 * The thread's code. The built server (dist/main.js) starts dist/gpx-worker.js beside it; run
 * from TypeScript sources (Vitest, `npm run dev`), the thread loads tsx's loader first, since
 * a thread does not inherit the parent's.
 */
function workerScript(): { script: string | URL; evalCode: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: new URL('./gpx-worker.js', here), evalCode: false };
  const entry = new URL('./profile-worker.ts', here).href;
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`,
    evalCode: true,
  };
}
