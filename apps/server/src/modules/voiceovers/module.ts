import { inspectRecording } from '@ridealong/media';
import { unavailable } from '../../http/errors.js';
import { concurrencyGate } from '../../lib/concurrency-gate.js';
import type { ModuleDefinition } from '../../shape/server-module.js';
import { racesRepository } from '../races/index.js';
import type { VoiceoverJobs } from './jobs.js';
import { layerPresenter } from './presenter.js';
import { voiceoverProcessJob } from './process-job.js';
import { layersRepository } from './repository.js';
import { voiceoversRoutes } from './routes.js';
import { videoFolder, VOICEOVER_MESSAGES } from './rules.js';
import { voiceoversService } from './service.js';

/** Bookkeeping slots of the file removal job (it never waits behind ffmpeg). */
const REMOVAL_CONCURRENCY = 2;

/**
 * Voiceovers (docs/voiceovers.md): an owner's recordings laid over stretches of their video.
 * The upload checks and stores a recording; `voiceover.process` makes it streamable audio with
 * its waveform peaks; media/ serves the audio behind signed links; a removed video's files go
 * in `voiceover.removeVideoFiles`. The audio switches are the races module's (it owns videos).
 */
export const voiceoversModule: ModuleDefinition<VoiceoverJobs> = {
  name: 'voiceovers',
  build: ({ config, db, storage, signer, rateLimiter, mediaRunner, jobs }) => {
    const layers = layersRepository(db);
    // Each inspection runs ffprobe and ffmpeg: a few at once per process, a short queue, then 503.
    const inspections = concurrencyGate({
      limit: 4,
      maxWaiting: 32,
      busy: () => unavailable(VOICEOVER_MESSAGES.busy),
    });
    const service = voiceoversService({
      layers,
      videos: racesRepository(db),
      storage,
      limiter: rateLimiter,
      inspect: (file) =>
        inspections.run(() =>
          inspectRecording(file, { runner: mediaRunner, ffmpegPath: config.ffmpegPath }),
        ),
      jobs,
    });
    return {
      name: 'voiceovers',
      apiRoutes: [
        voiceoversRoutes(service, layerPresenter(signer, config.publicUrl), () =>
          storage.tempDir('voiceover-upload'),
        ),
      ],
      jobs: {
        'voiceover.process': {
          ...voiceoverProcessJob({
            layers,
            storage,
            runner: mediaRunner,
            ffmpegPath: config.ffmpegPath,
          }),
          // The media work's slots, as video.process (JOB_CONCURRENCY; 0: another process).
          concurrency: config.jobConcurrency,
        },
        'voiceover.removeVideoFiles': {
          run: ({ videoId }) => storage.remove(videoFolder(videoId)),
          concurrency: REMOVAL_CONCURRENCY,
        },
      },
      subscribers: {
        // The layers' rows go with the video's (cascade); their files in a job that commits
        // with the removal and is retried until they are gone.
        'video.removed': {
          inTransaction: async ({ videoId }, tx) => {
            await jobs.enqueue('voiceover.removeVideoFiles', { videoId }, { db: tx });
          },
        },
      },
    };
  },
};
