import type { ModuleDefinition } from '../../shape/server-module.js';
import type { VideoJobs } from '../videos/index.js';
import { pipelineHousekeeping } from './housekeeping.js';
import { uploadsRepository } from './repository.js';
import { uploadsRoutes } from './routes.js';
import { uploadsService } from './service.js';
import { tusDirectory, tusUploads } from './tus.js';

/** Uploads (multipart and tus) into storage; the last file enqueues `video.process`. */
export const uploadsModule: ModuleDefinition<VideoJobs> = {
  name: 'uploads',
  build: ({ config, db, storage, mediaRunner, signer, jobs, log }) => {
    const repo = uploadsRepository(db);
    const service = uploadsService({ repo, storage, runner: mediaRunner, jobs });
    const tusDir = tusDirectory(config.mediaDir);
    return {
      name: 'uploads',
      apiRoutes: [
        uploadsRoutes({
          service,
          storage,
          signer,
          publicUrl: config.publicUrl,
          maxBytes: config.uploadMaxBytes,
        }),
        tusUploads({
          dir: tusDir,
          maxBytes: config.uploadMaxBytes,
          service,
          repo,
          log: { error: (obj, msg) => log.error(obj, msg) },
        }),
      ],
      // Abandoned uploads and old finished jobs (see housekeeping.ts).
      sweeps: [
        pipelineHousekeeping({
          db,
          storage,
          tusDir,
          uploadAbandonMs: config.uploadAbandonMs,
          log,
        }),
      ],
    };
  },
};
