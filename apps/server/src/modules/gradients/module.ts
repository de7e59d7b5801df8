import { unavailable } from '../../http/errors.js';
import { concurrencyGate } from '../../lib/concurrency-gate.js';
import type { ModuleDefinition } from '../../shape/server-module.js';
import { racesRepository } from '../races/index.js';
import { gpxProfileRunner } from './off-loop.js';
import { gradientsRoutes } from './routes.js';
import { GPX_MESSAGES, GPX_WORKER_MEMORY_MB, GPX_WORKER_TIMEOUT_MS, GPX_WORKERS } from './rules.js';
import { gradientsService } from './service.js';

/**
 * GPX gradients (docs/gradients.md): an owner's GPX file and offset become the video's slope
 * profile (slope source 2), previewed first; read and built in worker threads.
 */
export const gradientsModule: ModuleDefinition = {
  name: 'gradients',
  build: ({ db, storage, rateLimiter, signer, onClose }) => {
    const runner = gpxProfileRunner({
      timeoutMs: GPX_WORKER_TIMEOUT_MS,
      memoryMb: GPX_WORKER_MEMORY_MB,
      keepIdle: GPX_WORKERS.limit,
    });
    onClose(() => runner.close());
    const service = gradientsService({
      db,
      races: racesRepository(db),
      limiter: rateLimiter,
      gate: concurrencyGate({ ...GPX_WORKERS, busy: () => unavailable(GPX_MESSAGES.busy) }),
      runner,
    });
    return {
      name: 'gradients',
      apiRoutes: [gradientsRoutes(service, signer, () => storage.tempDir('gpx'))],
    };
  },
};
