import { randomBytes } from 'node:crypto';
import { access, rm } from 'node:fs/promises';
import type { DesktopEvents, UploaderPhase } from '@ridealong/contracts';
import type { MediaRunner } from '@ridealong/media';
import { workFolder } from '../files/temp-folder.js';
import type { AppPaths, Logger } from '../ports.js';
import { JoinError, joinLocally, type JoinRequest } from './local-join.js';
import { createVideo, ServerApiError, type VideoFields } from './server-api.js';
import type { UploadState, UploadStateStore } from './state-store.js';
import { startTusUpload, tusFailureMessage, type TusUploadRun } from './tus-upload.js';

type UploaderEvent = 'uploader-progress' | 'uploader-finished' | 'uploader-error';

export interface UploaderSessionDeps {
  runner: MediaRunner;
  fetch: typeof fetch;
  serverUrl: string;
  paths: AppPaths;
  store: UploadStateStore;
  log: Logger;
  /** To the uploader window, whichever is open now (a restart opens a new one). */
  emit: <K extends UploaderEvent>(channel: K, payload: DesktopEvents[K]) => void;
  retryDelaysMs?: number[];
}

export interface UploaderSession {
  start(files: JoinRequest[], video: VideoFields, authToken: string): Promise<void>;
  pause(): Promise<void>;
  resume(authToken: string): Promise<void>;
  cancel(): Promise<void>;
  /** Sends the current state as 'uploader-progress' (nothing when there is no upload). */
  status(): Promise<void>;
  /** Entries of paths.temp a pending upload still needs (purge-temp spares them). */
  inUse(): Promise<string[]>;
  /** Stops work in flight (the app quits); a pending upload stays resumable. */
  dispose(): Promise<void>;
}

export const UPLOADER_TEXT = {
  busy: 'An upload is already in progress: resume or cancel it first.',
  nothingToResume: 'There is no upload to resume.',
  fileGone: 'The joined video is gone (the temporary folder was emptied). Please start again.',
  joinFailed: 'The files could not be joined. Please check that they play, then try again.',
} as const;

type Activity =
  | { kind: 'idle' }
  | { kind: 'joining'; abort: AbortController }
  | { kind: 'uploading'; run: TusUploadRun }
  | { kind: 'paused' };

/**
 * One upload at a time: join and compress locally, make the video, send it with tus. The
 * state file (store) holds what a restart needs; the member's token stays in memory.
 */
export function createUploaderSession(deps: UploaderSessionDeps): UploaderSession {
  const { log, store } = deps;
  let activity: Activity = { kind: 'idle' };
  let pending: UploadState | null = null;
  let last: DesktopEvents['uploader-progress'] = {
    phase: 'paused',
    percent: 0,
    bytesSent: 0,
    bytesTotal: 0,
  };
  // Each run's callbacks act only while it is the current run (pause and cancel end it).
  let generation = 0;

  const progress = (
    phase: UploaderPhase,
    percent: number,
    bytesSent: number,
    bytesTotal: number,
  ) => {
    last = {
      phase,
      percent: Math.min(100, Math.max(0, Math.round(percent * 10) / 10)),
      bytesSent,
      bytesTotal,
    };
    deps.emit('uploader-progress', last);
  };
  const failed = (message: string) => deps.emit('uploader-error', { message });
  const loadPending = async () => (pending ??= await store.load());

  async function upload(state: UploadState, authToken: string, run: number): Promise<void> {
    try {
      if (!state.race) {
        state.race = await createVideo(deps.fetch, deps.serverUrl, authToken, state.video);
        await store.save(state);
      }
      if (run !== generation) return;
      const race = state.race;
      progress(
        'uploading',
        last.bytesTotal ? (last.bytesSent / state.size) * 100 : 0,
        last.bytesSent,
        state.size,
      );
      const tus = startTusUpload({
        fetch: deps.fetch,
        serverUrl: deps.serverUrl,
        authToken,
        file: { path: state.file, size: state.size },
        metadata: { race_id: String(race.id), position: '0', filename: state.filename },
        uploadUrl: state.uploadUrl,
        retryDelaysMs: deps.retryDelaysMs,
        onUrl: (url) => {
          state.uploadUrl = url;
          void store
            .save(state)
            .catch((err: unknown) => log.error(`uploader: state not saved: ${String(err)}`));
        },
        onProgress: (sent, total) => {
          if (run === generation) progress('uploading', (sent / total) * 100, sent, total);
        },
      });
      activity = { kind: 'uploading', run: tus };
      await tus.done;
      if (run !== generation) return;
      activity = { kind: 'idle' };
      pending = null;
      await store.clear();
      await rm(state.workDir, { recursive: true, force: true });
      progress('done', 100, state.size, state.size);
      log.info(`uploader: video ${race.id} uploaded`);
      deps.emit('uploader-finished', { race_url: race.url });
    } catch (err) {
      if (run !== generation) return;
      activity = { kind: 'paused' };
      const message =
        err instanceof ServerApiError
          ? err.message
          : err instanceof Error
            ? tusFailureMessage(err)
            : String(err);
      log.warn(`uploader: upload stopped: ${err instanceof Error ? err.message : String(err)}`);
      progress('paused', last.percent, last.bytesSent, state.size);
      failed(message);
    }
  }

  return {
    async start(files, video, authToken) {
      if (activity.kind !== 'idle' || (await loadPending())) return failed(UPLOADER_TEXT.busy);
      const run = ++generation;
      const abort = new AbortController();
      activity = { kind: 'joining', abort };
      const workDir = await workFolder(deps.paths.temp, `upload-${randomBytes(8).toString('hex')}`);
      progress('joining', 0, 0, 0);
      try {
        const joined = await joinLocally({
          files,
          workDir,
          runner: deps.runner,
          signal: abort.signal,
          onProgress: (p) => {
            if (run === generation) progress('joining', p, 0, 0);
          },
        });
        if (run !== generation) return;
        log.info(
          `uploader: joined ${files.length} files, ${joined.size} bytes, telemetry ${joined.telemetry}`,
        );
        pending = {
          version: 1,
          file: joined.path,
          workDir,
          size: joined.size,
          filename: `${
            video.name
              .replace(/[^\w .-]+/g, '')
              .trim()
              .slice(0, 200) || 'video'
          }.mp4`,
          video,
          race: null,
          uploadUrl: null,
        };
        await store.save(pending);
        last = { phase: 'uploading', percent: 0, bytesSent: 0, bytesTotal: joined.size };
        await upload(pending, authToken, run);
      } catch (err) {
        await rm(workDir, { recursive: true, force: true });
        if (run !== generation) return;
        activity = { kind: 'idle' };
        log.warn(`uploader: join failed: ${err instanceof Error ? err.message : String(err)}`);
        failed(err instanceof JoinError ? err.message : UPLOADER_TEXT.joinFailed);
      }
    },

    async pause() {
      if (activity.kind !== 'uploading') return;
      const { run } = activity;
      generation += 1;
      activity = { kind: 'paused' };
      await run.abort();
      progress('paused', last.percent, last.bytesSent, last.bytesTotal);
    },

    async resume(authToken) {
      if (activity.kind === 'joining' || activity.kind === 'uploading') return;
      const state = await loadPending();
      if (!state) return failed(UPLOADER_TEXT.nothingToResume);
      if (!(await exists(state.file))) {
        pending = null;
        activity = { kind: 'idle' };
        await store.clear();
        return failed(UPLOADER_TEXT.fileGone);
      }
      if (last.bytesTotal !== state.size)
        last = { phase: 'paused', percent: 0, bytesSent: 0, bytesTotal: state.size };
      await upload(state, authToken, ++generation);
    },

    async cancel() {
      generation += 1;
      const was = activity;
      activity = { kind: 'idle' };
      if (was.kind === 'joining') was.abort.abort();
      if (was.kind === 'uploading') await was.run.abort();
      const state = await loadPending();
      pending = null;
      await store.clear();
      if (state) await rm(state.workDir, { recursive: true, force: true });
      last = { phase: 'paused', percent: 0, bytesSent: 0, bytesTotal: 0 };
    },

    async status() {
      if (activity.kind === 'joining' || activity.kind === 'uploading')
        return void deps.emit('uploader-progress', last);
      const state = await loadPending();
      if (!state) return;
      const sent = last.bytesTotal === state.size ? last.bytesSent : 0;
      progress('paused', (sent / state.size) * 100, sent, state.size);
    },

    async inUse() {
      const state = await loadPending();
      return state ? [state.workDir] : [];
    },

    async dispose() {
      generation += 1;
      const was = activity;
      activity = { kind: 'idle' };
      if (was.kind === 'joining') was.abort.abort();
      if (was.kind === 'uploading') await was.run.abort();
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
