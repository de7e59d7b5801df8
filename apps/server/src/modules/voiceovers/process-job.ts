import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type MediaRunner,
  MediaToolError,
  streamableAudioArgs,
  waveformOfFile,
  waveformText,
} from '@ridealong/media';
import { PermanentJobError, type JobHandler } from '../../jobs/types.js';
import type { Storage } from '../../lib/storage.js';
import type { VoiceoverJobs } from './jobs.js';
import type { LayersRepository } from './repository.js';
import { LAYER_FILES, videoFolder } from './rules.js';

export type VoiceoverProcessDeps = {
  layers: LayersRepository;
  storage: Storage;
  /** ffmpeg for the transcode. */
  runner: MediaRunner;
  /** ffmpeg's path for the streamed decode of the peaks (the runner only gathers output). */
  ffmpegPath: string;
};

/** Slack on the output's length: the transcode never writes more than was measured. */
const LENGTH_SLACK_S = 1;

/**
 * processing -> ready (the streamable audio and its peaks stored) or failed. The upload is
 * removed once the job is over either way; while attempts remain it is kept for the retry.
 */
export function voiceoverProcessJob(
  deps: VoiceoverProcessDeps,
): JobHandler<VoiceoverJobs['voiceover.process']> {
  const { layers, storage } = deps;
  const uploadOf = (key: string) => `${key}/${LAYER_FILES.upload}`;
  return {
    async run({ layerId }, ctx) {
      const found = await layers.find(layerId);
      if (!found || found.layer.status !== 'processing') return; // deleted, or done already
      const { layer } = found;
      const upload = uploadOf(layer.audioKey);
      if (!(await storage.stat(upload))) {
        throw new PermanentJobError(`voiceover ${layerId} has no stored recording`);
      }
      const dir = await storage.tempDir(`voiceover-${layerId}`);
      try {
        const out = path.join(dir, LAYER_FILES.audio);
        await deps.runner.ffmpeg(
          streamableAudioArgs(storage.localPath(upload), out, layer.duration + LENGTH_SLACK_S),
          { signal: ctx.signal },
        );
        // Peaks of what players will play (the AAC file), not of the upload.
        const peaks = await waveformOfFile(out, {
          ffmpegPath: deps.ffmpegPath,
          signal: ctx.signal,
        });
        const audioKey = `${layer.audioKey}/${LAYER_FILES.audio}`;
        await storage.put(audioKey, out);
        // Written out a slice at a time: an hour's peaks at once would hold the event loop.
        if (!(await layers.markReady(layerId, await waveformText(peaks)))) {
          // Deleted (or its video removed) while it was processed: its folder goes too.
          await storage.remove(layer.audioKey);
          await storage.removeIfEmpty(videoFolder(layer.raceId));
          return;
        }
        await storage.remove(upload);
      } catch (err) {
        // ffmpeg refused the recording: another attempt would refuse it again.
        if (err instanceof MediaToolError) {
          throw new PermanentJobError(err.message, { cause: err });
        }
        throw err;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async onFailed({ layerId }) {
      const found = await layers.find(layerId);
      if (!found) return;
      await layers.markFailed(layerId);
      await storage.remove(uploadOf(found.layer.audioKey));
      await storage.removeIfEmpty(found.layer.audioKey);
    },
  };
}
