import type { RecordingVerdict } from '@ridealong/media';
import { can, type Member } from '../../access/can.js';
import type { OverlayLayerRow, RaceRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import type { MultipartForm } from '../../http/multipart.js';
import type { JobQueue } from '../../jobs/types.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Storage } from '../../lib/storage.js';
import { canManageRace, type RacesRepository } from '../races/index.js';
import type { VoiceoverJobs } from './jobs.js';
import type { LayersRepository } from './repository.js';
import {
  LAYER_FILES,
  newLayerFolder,
  parseUploadFields,
  placementRefusal,
  UPLOADS_PER_HOUR,
  videoFolder,
  VOICEOVER_MESSAGES as M,
} from './rules.js';

export type VoiceoversServiceDeps = {
  layers: LayersRepository;
  videos: Pick<RacesRepository, 'findByUrl' | 'findById'>;
  storage: Storage;
  limiter: RateLimiter;
  /** ffprobe and a copy pass over the recording (gated: each runs two processes). */
  inspect: (file: string) => Promise<RecordingVerdict>;
  jobs: JobQueue<VoiceoverJobs>;
  now?: () => Date;
};

const HOUR_MS = 3_600_000;

export function voiceoversService(deps: VoiceoversServiceDeps) {
  const { layers, videos, storage, limiter, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  /** By url, or by numeric id, as GET /race/{id} finds it. */
  const findVideo = async (idOrUrl: string): Promise<RaceRow | null> => {
    const found =
      (await videos.findByUrl(idOrUrl)) ??
      (/^\d{1,9}$/.test(idOrUrl) ? await videos.findById(Number(idOrUrl)) : null);
    return found?.race ?? null;
  };

  /** The video the viewer may read (GET /race/{id}'s rule: ready, or theirs to manage). */
  const readable = async (viewer: Member | null, idOrUrl: string): Promise<RaceRow> => {
    const video = await findVideo(idOrUrl);
    if (!video) throw notFound(M.videoNotFound);
    if (video.status !== 'ready' && !(viewer && canManageRace(viewer, video))) {
      throw notFound(M.videoNotFound);
    }
    return video;
  };

  const manages = (who: Member | null, video: Pick<RaceRow, 'userId'>) =>
    can(who, 'voiceover.manage', { ownerId: video.userId });

  return {
    /**
     * GET /overlay/for-video/{raceId}: the ready layers of a video the viewer may read. While
     * the owner has muted voiceovers, nobody but the owner and admins gets any (section 4).
     */
    async forVideo(viewer: Member | null, idOrUrl: string): Promise<OverlayLayerRow[]> {
      const video = await readable(viewer, idOrUrl);
      if (video.muteOverlayAudio && !manages(viewer, video)) return [];
      return layers.ofVideo(video.id, ['ready']);
    },

    /**
     * GET /overlay/video-owner/{raceId}/{userId}: every layer of the video, processing and
     * failed ones too; for its owner naming themselves, or an admin.
     */
    async ownerLayers(user: Member, idOrUrl: string, userId: number): Promise<OverlayLayerRow[]> {
      const video = await readable(user, idOrUrl);
      if (!manages(user, video) || !(user.admin || userId === user.id)) {
        throw forbidden(M.notYourList);
      }
      return layers.ofVideo(video.id, ['processing', 'ready', 'failed']);
    },

    /** POST /overlay/{layerId}/delete: the row, then its files. */
    async remove(user: Member, layerId: number): Promise<void> {
      const found = await layers.find(layerId);
      if (!found) throw notFound(M.layerNotFound);
      if (!manages(user, { userId: found.videoOwnerId })) throw forbidden(M.notOwner);
      if (!(await layers.remove(layerId))) throw notFound(M.layerNotFound);
      await storage.remove(found.layer.audioKey);
      await storage.removeIfEmpty(videoFolder(found.layer.raceId));
    },

    /**
     * POST /overlay/upload/{raceId}, before its body is read: the video exists, is ready, is
     * the caller's to manage, and the caller has uploads left this hour.
     */
    async startUpload(user: Member, idOrUrl: string): Promise<RaceRow> {
      const video = await readable(user, idOrUrl);
      if (!manages(user, video)) throw forbidden(M.notOwner);
      if (video.status !== 'ready') throw conflict(M.notReady);
      const rate = await limiter.hit(
        `voiceover-upload:member:${user.id}`,
        UPLOADS_PER_HOUR,
        HOUR_MS,
      );
      if (!rate.allowed) throw tooManyRequests(rate.retryAfterSeconds);
      return video;
    },

    /**
     * The read form to a processing layer: fields, one audio file judged by its content and
     * measured here, placed inside the video and over no other layer. The file moves into the
     * layer's folder inside the row's transaction, with the job; nothing is kept on a refusal.
     */
    async addLayer(video: RaceRow, form: MultipartForm): Promise<OverlayLayerRow> {
      const fields = parseUploadFields(form.fields);
      if (!fields.ok) throw badRequest(fields.message);
      const [file] = form.files;
      if (!file) throw badRequest(M.missing);
      const recording = await deps.inspect(file.path);
      if (!recording.ok) throw badRequest(M.notAudio);
      const { startS, recordedAt } = fields.value;
      const refused = placementRefusal(startS, recording.durationS, video.duration);
      if (refused) throw badRequest(refused);

      const folder = newLayerFolder(video.id);
      const dropFolder = async () => {
        await storage.remove(folder);
        await storage.removeIfEmpty(videoFolder(video.id));
      };
      const added = await layers
        .add(
          {
            raceId: video.id,
            ownerId: video.userId,
            startIndex: startS,
            endIndex: startS + recording.durationS,
            duration: recording.durationS,
            recordedAt: recordedAt ?? now(),
            audioKey: folder,
          },
          async (tx, layer) => {
            await jobs.enqueue('voiceover.process', { layerId: layer.id }, { db: tx });
            await storage.put(`${folder}/${LAYER_FILES.upload}`, file.path);
          },
        )
        // The row did not commit: the file, if it was moved in, goes too.
        .catch(async (err: unknown) => {
          await dropFolder();
          throw err;
        });
      if (!added.ok) {
        throw added.reason === 'overlaps' ? conflict(M.overlaps) : notFound(M.videoNotFound);
      }
      jobs.wake();
      return added.layer;
    },
  };
}

export type VoiceoversService = ReturnType<typeof voiceoversService>;
