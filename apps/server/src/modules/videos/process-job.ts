import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SLOPE_SOURCE } from '@ridealong/contracts';
import {
  GpmfNotFoundError,
  goproSlopeProfile,
  type MediaRunner,
  NoUsableTelemetryError,
  processVideo,
  type ProcessVideoResult,
  type SlopePoint,
} from '@ridealong/media';
import type { AfterCommit, DomainEventBus } from '../../events/bus.js';
import type { JobHandler } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/types.js';
import type { Storage } from '../../lib/storage.js';
import { failureReason, isPermanent, MissingSourcesError } from './failure.js';
import { throttledProgress } from './progress.js';
import type { VideosRepository } from './repository.js';
import { verifyOutput } from './verify-output.js';
import type { VideoJobs } from './jobs.js';

export type VideoProcessDeps = {
  videos: VideosRepository;
  storage: Storage;
  runner: MediaRunner;
  log: { warn: (obj: object, msg: string) => void };
  /** `video.ready` is emitted in the transaction that makes a video ready. */
  events: Pick<DomainEventBus, 'emit'>;
};

// processVideo's 0-100 maps onto 0-95; the slope profile and the move take the rest.
const ENCODE_SHARE = 0.95;

/** Packaged streams live under streams/<raceId>-<random>; that folder name is races.media_key. */
export const mediaKeyFor = (raceId: number) =>
  `streams/${raceId}-${randomBytes(6).toString('hex')}`;

/**
 * uploaded -> processing (progress %) -> ready, or failed with a reason for the owner after the
 * last attempt. The sources are deleted only once the new stream is verified and recorded.
 */
export function videoProcessJob(deps: VideoProcessDeps): JobHandler<VideoJobs['video.process']> {
  const { videos, storage } = deps;
  return {
    async run({ raceId }, ctx) {
      const race = await videos.findRace(raceId);
      if (!race || race.status === 'ready') return; // deleted meanwhile, or already done
      const files = await videos.files(raceId);
      const keys = files.map((f) => f.storageKey);
      if (keys.length === 0 || keys.some((k) => k === null)) {
        const cause = new MissingSourcesError(`race ${raceId} has files without storage keys`);
        throw new PermanentJobError(cause.message, { cause });
      }
      const sourceKeys = keys as string[];
      await videos.markProcessing(raceId);
      const progress = throttledProgress(async (p) => {
        await videos.setProgress(raceId, p);
        await ctx.progress(p);
      });
      const outDir = await storage.tempDir(`race-${raceId}`);
      try {
        const result = await processVideo({
          inputs: sourceKeys.map((k) => storage.localPath(k)),
          outDir,
          startOffsetS: race.startOffset,
          endOffsetS: race.endOffset,
          runner: deps.runner,
          signal: ctx.signal,
          onProgress: (p) => progress.report(p * ENCODE_SHARE),
        });
        await verifyOutput(outDir, result);
        const slope = await cameraSlope(result, race.startOffset, raceId, deps.log);
        progress.report(98);
        await progress.flush();

        const mediaKey = mediaKeyFor(raceId);
        await storage.putFolder(mediaKey, outDir);
        let committed: AfterCommit | null = null;
        const recorded = await videos
          .markReady(
            raceId,
            {
              mediaKey,
              duration: result.durationS,
              renditions: result.renditions.map((r) => r.name),
              posterFile: result.poster,
              slopeSourceId: slope ? SLOPE_SOURCE.cameraGps : SLOPE_SOURCE.none,
            },
            slope,
            async (tx, v) => {
              committed = await deps.events.emit(tx, 'video.ready', {
                videoId: v.id,
                userId: v.userId,
                createdAt: v.createdAt.getTime(),
              });
            },
          )
          .catch(async (err: unknown) => {
            await storage.remove(mediaKey);
            throw err;
          });
        if (!recorded) {
          await storage.remove(mediaKey); // the video was deleted while it was processed
          return;
        }
        (committed as AfterCommit | null)?.();
        if (race.mediaKey && race.mediaKey !== mediaKey) await storage.remove(race.mediaKey);
        for (const key of sourceKeys) await storage.remove(key);
        for (const dir of new Set(sourceKeys.map((k) => path.posix.dirname(k)))) {
          if (dir !== '.') await storage.removeIfEmpty(dir);
        }
        await videos.clearSources(raceId);
      } catch (err) {
        if (isPermanent(err)) throw new PermanentJobError(errorMessage(err), { cause: err });
        throw err;
      } finally {
        await progress.flush().catch(() => undefined);
        await rm(outDir, { recursive: true, force: true });
      }
    },
    async onFailed({ raceId }, error) {
      const cause = error instanceof PermanentJobError && error.cause ? error.cause : error;
      await videos.markFailed(raceId, failureReason(cause));
    },
  };
}

/** Slope from the cameras' own GPS (GoPro GPMF), or null when no file has usable telemetry. */
async function cameraSlope(
  result: ProcessVideoResult,
  startOffsetS: number,
  raceId: number,
  log: VideoProcessDeps['log'],
): Promise<SlopePoint[] | null> {
  if (!result.sources.some((s) => s.probe.hasGpmf)) return null;
  try {
    const points = await goproSlopeProfile({
      inputs: result.sources.map((s) => ({ path: s.path, durationS: s.probe.durationS })),
      startOffsetS,
      durationS: result.durationS,
    });
    return points.length > 0 ? points : null;
  } catch (err) {
    if (err instanceof GpmfNotFoundError || err instanceof NoUsableTelemetryError) {
      log.warn({ raceId, err: err.message }, 'camera GPS not usable for a slope profile');
      return null;
    }
    throw err;
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
