import type { ModuleDefinition } from '../../shape/server-module.js';
import type { VideoJobs } from './jobs.js';
import { videoProcessJob } from './process-job.js';
import { videosRepository } from './repository.js';

/**
 * Processing (docs/video-pipeline.md): the `video.process` job turns a video's uploads into
 * streams and its slope profile, and emits `video.ready`. Uploading is the uploads module's.
 */
export const videosModule: ModuleDefinition<VideoJobs> = {
  name: 'videos',
  build: ({ config, db, storage, mediaRunner, log, events }) => ({
    name: 'videos',
    jobs: {
      'video.process': {
        ...videoProcessJob({
          videos: videosRepository(db),
          storage,
          runner: mediaRunner,
          log: { warn: (obj, msg) => log.warn(obj, msg) },
          events,
        }),
        // JOB_CONCURRENCY at once (0: none in this process).
        concurrency: config.jobConcurrency,
      },
    },
  }),
};
