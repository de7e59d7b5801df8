import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMediaRunner } from '@ridealong/media';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobHandlers, JobQueue } from '../../jobs/types.js';
import { localStorage, type Storage } from '../../lib/storage.js';
import { mediaFileRoutes, playbackRoutes } from '../media/routes.js';
import { mediaService } from '../media/service.js';
import type { MediaSigner } from '../media/signing.js';
import { uploadsRepository } from '../uploads/repository.js';
import { uploadsRoutes } from '../uploads/routes.js';
import { uploadsService } from '../uploads/service.js';
import { tusDirectory, tusUploads } from '../uploads/tus.js';
import { pipelineHousekeeping, type PipelineHousekeeping } from './housekeeping.js';
import type { VideoJobs } from './jobs.js';
import { videoProcessJob } from './process-job.js';
import { videosRepository, type ReadyHook } from './repository.js';

export type VideoPipeline = {
  storage: Storage;
  /** Under /api/v1: uploads, tus, status, playback. */
  apiRoutes: FastifyPluginAsyncZod;
  /** At the root: /media/{token}/{file}. */
  mediaRoutes: FastifyPluginAsyncZod;
  /** video.process, JOB_CONCURRENCY at once (0: none in this process), for a worker's runner. */
  jobHandlers: JobHandlers<VideoJobs>;
  /** The hourly clean-up sweep, for a worker to start. */
  housekeeping: PipelineHousekeeping;
};

/** Upload -> video.process job (on the app's queue) -> storage -> signed playback. */
export function videoPipeline(deps: {
  config: Config;
  db: Db;
  signer: MediaSigner;
  jobs: JobQueue<VideoJobs>;
  log: FastifyBaseLogger;
  onVideoReady?: (raceId: number) => void;
  /** Work in the transaction that makes a video ready (after it commits: onVideoReady). */
  whenVideoReady?: ReadyHook;
}): VideoPipeline {
  const { config, db, signer, jobs, log } = deps;
  const storage = localStorage(config.mediaDir);
  const runner = createMediaRunner({
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
  });
  const repo = uploadsRepository(db);
  const uploads = uploadsService({ repo, storage, runner, jobs });
  const media = mediaService({ db, storage, signer, publicUrl: config.publicUrl });
  const tusDir = tusDirectory(config.mediaDir);
  // Abandoned uploads and old finished jobs (see housekeeping.ts).
  const housekeeping = pipelineHousekeeping({
    db,
    storage,
    tusDir,
    uploadAbandonMs: config.uploadAbandonMs,
    log,
  });

  return {
    storage,
    jobHandlers: {
      'video.process': {
        ...videoProcessJob({
          videos: videosRepository(db),
          storage,
          runner,
          log: { warn: (obj, msg) => log.warn(obj, msg) },
          onReady: deps.onVideoReady,
          whenReady: deps.whenVideoReady,
        }),
        concurrency: config.jobConcurrency,
      },
    },
    housekeeping,
    apiRoutes: async (api) => {
      await api.register(
        uploadsRoutes({
          service: uploads,
          storage,
          signer,
          publicUrl: config.publicUrl,
          maxBytes: config.uploadMaxBytes,
        }),
      );
      await api.register(
        tusUploads({
          dir: tusDir,
          maxBytes: config.uploadMaxBytes,
          service: uploads,
          repo,
          log: { error: (obj, msg) => log.error(obj, msg) },
        }),
      );
      await api.register(playbackRoutes(media));
    },
    mediaRoutes: mediaFileRoutes(media, storage),
  };
}
