import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMediaRunner } from '@ridealong/media';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { appJobQueue, type AppJobQueue } from '../../jobs/registry.js';
import { localStorage, type Storage } from '../../lib/storage.js';
import { mediaFileRoutes, playbackRoutes } from '../media/routes.js';
import { mediaService } from '../media/service.js';
import type { MediaSigner } from '../media/signing.js';
import { uploadsRepository } from '../uploads/repository.js';
import { uploadsRoutes } from '../uploads/routes.js';
import { uploadsService } from '../uploads/service.js';
import { tusDirectory, tusUploads } from '../uploads/tus.js';
import { pipelineHousekeeping } from './housekeeping.js';

export type VideoPipeline = {
  storage: Storage;
  jobs: AppJobQueue;
  /** Under /api/v1: uploads, tus, status, playback. */
  apiRoutes: FastifyPluginAsyncZod;
  /** At the root: /media/{token}/{file}. */
  mediaRoutes: FastifyPluginAsyncZod;
  /** Starts the job runner unless JOB_CONCURRENCY is 0, and the hourly clean-up sweep. */
  start: () => void;
  stop: () => Promise<void>;
};

/** Upload -> video.process job -> storage -> signed playback, wired from the config. */
export function videoPipeline(deps: {
  config: Config;
  db: Db;
  signer: MediaSigner;
  log: FastifyBaseLogger;
  onVideoReady?: (raceId: number) => void;
}): VideoPipeline {
  const { config, db, signer, log } = deps;
  const storage = localStorage(config.mediaDir);
  const runner = createMediaRunner({
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
  });
  const jobs = appJobQueue({
    db,
    storage,
    runner,
    config,
    onVideoReady: deps.onVideoReady,
    log: {
      error: (obj, msg) => log.error(obj, msg),
      warn: (obj, msg) => log.warn(obj, msg),
    },
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
    jobs,
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
    start: () => {
      if (config.jobConcurrency > 0) jobs.start();
      housekeeping.start();
    },
    stop: async () => {
      await Promise.all([housekeeping.stop(), jobs.stop()]);
    },
  };
}
