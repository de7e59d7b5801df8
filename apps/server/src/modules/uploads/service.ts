import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { UploadForm } from '@ridealong/contracts';
import { isVideoFile, type MediaRunner } from '@ridealong/media';
import { can } from '../../access/can.js';
import type { RaceFileRow, RaceRow, UserRow } from '../../db/schema.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/types.js';
import type { Storage } from '../../lib/storage.js';
import type { VideoJobs } from '../videos/index.js';
import type { UploadsRepository } from './repository.js';

/** The answer to a file that is not footage: names the file and what to choose instead. */
export const notVideoMessage = (name: string) =>
  `"${name || 'The file'}" is not a video file the server can read. Please choose video files (e.g. .mp4).`;

export class NotAVideoError extends HttpError {
  constructor(name: string) {
    super(415, notVideoMessage(name));
    this.name = 'NotAVideoError';
  }
}

export type UploadsDeps = {
  repo: UploadsRepository;
  storage: Storage;
  runner: MediaRunner;
  jobs: JobQueue<VideoJobs>;
};

/** Upload rules shared by tus and the multipart form. Every plan may upload; nothing is counted. */
export function uploadsService({ repo, storage, runner, jobs }: UploadsDeps) {
  /** Starts processing when the last position has arrived (once, even under concurrent finishes). */
  async function completeIfReady(raceId: number): Promise<void> {
    const started = await repo.completeIfAllArrived(raceId, (tx) =>
      jobs.enqueue('video.process', { raceId }, { db: tx }),
    );
    if (started) jobs.wake();
  }

  /**
   * A finished upload at `localPath`: probed (content, never the extension), moved into
   * storage, recorded; processing starts when it was the last one. A non-video is deleted and
   * refused with NotAVideoError (also noted on the race for the owner's status view).
   */
  async function acceptFile(
    file: RaceFileRow,
    localPath: string,
    originalName: string,
    size: number,
    alreadyProbed = false,
  ): Promise<void> {
    if (!alreadyProbed && !(await isVideoFile(localPath, runner))) {
      await rm(localPath, { force: true });
      const error = new NotAVideoError(originalName);
      await repo.setUploadProblem(file.raceId, error.message);
      throw error;
    }
    const key = `uploads/${file.raceId}/${file.position}-${randomBytes(6).toString('hex')}`;
    await storage.put(key, localPath);
    const stored = await repo.storeFile(file.id, { storageKey: key, originalName, size });
    if (!stored) {
      await storage.remove(key);
      throw conflict('This file has already been uploaded.');
    }
    await repo.setUploadProblem(file.raceId, null);
    await completeIfReady(file.raceId);
  }

  return {
    createUpload: (user: UserRow, form: UploadForm, fileCount: number) =>
      repo.createRace(user.id, form, fileCount),

    /** The race behind an API {id}, for its owner only. */
    async ownRace(user: UserRow, idOrUrl: string): Promise<RaceRow> {
      const race = await repo.findRace(idOrUrl);
      if (!race) throw notFound('Video does not exist.');
      if (!can(user, 'video.seeUploadStatus', { ownerId: race.userId })) {
        throw forbidden('Only the owner of this video can see this.');
      }
      return race;
    },

    /** The race_files row an upload may fill: the owner's, still uploading, position free. */
    async slotFor(user: UserRow, raceId: number, position: number): Promise<RaceFileRow> {
      const race = await repo.findRaceById(raceId);
      if (!race) throw notFound('Video does not exist.');
      if (!can(user, 'video.uploadFiles', { ownerId: race.userId })) {
        throw forbidden('You can only upload files to your own videos.');
      }
      if (race.status !== 'uploading') throw conflict('This video is not waiting for files.');
      const file = await repo.fileAt(raceId, position);
      if (!file) {
        const count = (await repo.files(raceId)).length;
        throw new HttpError(
          400,
          `This video expects ${count} file(s): positions 0 to ${count - 1}.`,
        );
      }
      if (file.storageKey) throw conflict('This file has already been uploaded.');
      return file;
    },

    acceptFile,

    /**
     * The multipart form: every file is probed before anything is created, so a bad file leaves
     * nothing behind; then the same path as tus, in the order the files were sent.
     */
    async createFromFiles(
      user: UserRow,
      form: UploadForm,
      files: { path: string; name: string; size: number }[],
    ): Promise<RaceRow> {
      for (const f of files) {
        if (!(await isVideoFile(f.path, runner))) throw new NotAVideoError(f.name);
      }
      const race = await repo.createRace(user.id, form, files.length);
      const slots = await repo.files(race.id);
      for (const [i, f] of files.entries()) {
        await acceptFile(slots[i]!, f.path, f.name, f.size, true);
      }
      return (await repo.findRaceById(race.id)) ?? race;
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
