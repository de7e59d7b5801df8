import { STRAVA, STRAVA_MESSAGES } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import type { TrackRow } from '../../db/schema.js';
import { PermanentJobError, RetryJobLater } from '../../jobs/types.js';
import { rideFitFile } from '../tracks/index.js';
import { tracksRepository } from '../tracks/index.js';
import type { RateBudget } from './rate-budget.js';
import { duplicateOf, type StravaAnswer, type StravaUploadApi } from './upload-client.js';
import { uploadsRepository } from './uploads-repository.js';
import type { StravaTokens } from './types.js';

/**
 * The work of one `strava.upload` job (docs/strava.md, 'Uploads'): the ride's FIT file to
 * Strava, then its status polled until Strava has made the activity. Every step can be
 * repeated: the upload id is stored the moment Strava answers (a retried job polls it rather
 * than uploading again) and the external id makes Strava call a second upload of the ride a
 * duplicate (which links the existing activity).
 */

/** Strava refused for good: the upload is failed with this reason (no retry). */
export class UploadFailed extends PermanentJobError {
  override name = 'UploadFailed';
}

/** The external id Strava keeps with the activity: our track id. */
export const externalIdOf = (trackId: number) => `ridealong-track-${trackId}`;

/** What the activity says about where it came from. */
export const ACTIVITY_DESCRIPTION =
  'Ridden indoors on RideAlong, following the video on a smart trainer.';

export type StravaUploaderDeps = {
  db: Db;
  tokens: StravaTokens;
  api: StravaUploadApi;
  budget: RateBudget;
  /** The ride's FIT file (tests may count or break it). */
  fitFile?: (track: TrackRow) => Promise<{ fileName: string; bytes: Uint8Array }>;
  pollIntervalMs?: number;
  pollAttempts?: number;
};

/** Waits, or rejects at once when the job is cancelled (a worker stopping). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const t = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

export function stravaUploader(deps: StravaUploaderDeps) {
  const { db, tokens, api, budget } = deps;
  const uploads = uploadsRepository(db);
  const fitFile = deps.fitFile ?? ((track: TrackRow) => rideFitFile(db, track));
  const pollIntervalMs = deps.pollIntervalMs ?? STRAVA.pollIntervalMs;
  const pollAttempts = deps.pollAttempts ?? STRAVA.pollAttempts;

  /** Why a member without a usable token cannot upload. */
  async function notConnected(userId: number): Promise<UploadFailed> {
    const state = await uploads.connection(userId);
    return new UploadFailed(
      state === 'revoked' ? STRAVA_MESSAGES.reconnect : STRAVA_MESSAGES.notConnected,
    );
  }

  /**
   * One member's requests within a run: each takes a unit of the shared budget first; a 401
   * refreshes the token once and sends again, a second 401 marks the connection revoked.
   */
  function session(userId: number, firstToken: string, signal: AbortSignal) {
    let token = firstToken;
    let refreshed = false;
    return async (
      send: (token: string) => Promise<StravaAnswer>,
      opts: { notFound?: 'answer' } = {},
    ): Promise<StravaAnswer> => {
      for (;;) {
        const taken = await budget.take();
        if (!taken.ok) {
          throw new RetryJobLater(
            taken.waitMs + jitter(),
            `Strava's ${taken.window} rate-limit budget is spent`,
          );
        }
        signal.throwIfAborted();
        const answer = await send(token);
        await budget.observe(answer.rate);
        if (answer.status === 401) {
          if (refreshed) {
            await tokens.markRevoked(userId);
            throw new UploadFailed(STRAVA_MESSAGES.reconnect);
          }
          refreshed = true;
          const fresh = await tokens.accessToken(userId, { forceRefresh: true });
          if (!fresh) throw await notConnected(userId);
          token = fresh;
          continue;
        }
        if (answer.status === 429) {
          const spent = await budget.exhausted(answer.rate);
          throw new RetryJobLater(
            spent.waitMs + jitter(),
            `Strava answered 429: waiting for its ${spent.window} window`,
          );
        }
        if (answer.status >= 500) {
          throw new Error(`Strava answered ${answer.status}: ${answer.message ?? ''}`.trim());
        }
        if (answer.status === 404 && opts.notFound === 'answer') return answer;
        if (answer.status >= 400) {
          throw new UploadFailed(answer.message ?? `Strava refused the upload (${answer.status}).`);
        }
        return answer;
      }
    };
  }

  /** Settles the ride when Strava's answer is final; false while Strava is still processing. */
  async function settle(trackId: number, answer: StravaAnswer): Promise<boolean> {
    const upload = answer.upload;
    if (!upload) throw new Error(`Strava answered ${answer.status} without an upload status`);
    if (upload.error) {
      const existing = duplicateOf(upload.error);
      if (existing === undefined) throw new UploadFailed(upload.error);
      // Already on Strava (this ride uploaded before, or by the member): linked, not again.
      await uploads.uploaded(trackId, existing);
      return true;
    }
    if (upload.activity_id !== null) {
      await uploads.uploaded(trackId, String(upload.activity_id));
      return true;
    }
    return false;
  }

  return {
    async run(trackId: number, signal: AbortSignal): Promise<void> {
      const row = await uploads.find(trackId);
      // Deleted with its ride, settled already, or failed (queued again with a new job).
      if (!row || row.state === 'uploaded' || row.state === 'failed') return;
      // Waiting for rate-limit windows hands attempts back; this bounds the wait in time.
      if (Date.now() - row.createdAt.getTime() > STRAVA.giveUpHours * 3600_000) {
        throw new UploadFailed(STRAVA_MESSAGES.gaveUp);
      }
      const track = await tracksRepository(db).findById(trackId);
      if (!track) return;
      if (track.status !== 'saved') throw new UploadFailed(STRAVA_MESSAGES.notSaved);
      const first = await tokens.accessToken(track.userId);
      if (!first) throw await notConnected(track.userId);
      const call = session(track.userId, first, signal);
      await uploads.markUploading(trackId);

      let uploadId = row.uploadId;
      if (!uploadId) {
        const fit = await fitFile(track);
        const answer = await call((token) =>
          api.create(
            token,
            {
              file: fit.bytes,
              fileName: fit.fileName,
              name: track.title,
              description: ACTIVITY_DESCRIPTION,
              externalId: externalIdOf(trackId),
            },
            signal,
          ),
        );
        const id =
          answer.upload?.id_str ?? (answer.upload?.id != null ? String(answer.upload.id) : null);
        if (id) {
          // Before anything else: a job retried from here on polls this upload.
          await uploads.setUploadId(trackId, id);
          uploadId = id;
        }
        if (await settle(trackId, answer)) return;
        if (!uploadId) throw new Error('Strava answered the upload without an id');
      }

      for (let i = 0; i < pollAttempts; i++) {
        await pause(pollIntervalMs, signal);
        const current = uploadId;
        const answer = await call((token) => api.status(token, current, signal), {
          notFound: 'answer',
        });
        if (answer.status === 404) {
          // Strava no longer knows the upload: the next attempt uploads again (a duplicate of
          // an activity it made meanwhile is linked).
          await uploads.setUploadId(trackId, null);
          throw new Error(`Strava no longer knows upload ${current}`);
        }
        if (await settle(trackId, answer)) return;
      }
      // Strava is slow today: the job is retried later and polls the same upload again.
      throw new Error(`Strava is still processing upload ${uploadId}`);
    },

    /** The job has failed for good: the member sees why (an uploaded ride stays uploaded). */
    async fail(trackId: number, reason: string): Promise<void> {
      await uploads.fail(trackId, reason);
    },
  };
}

export type StravaUploader = ReturnType<typeof stravaUploader>;

/** Up to 2 s more, so jobs waiting for one window do not all ask at its first instant. */
function jitter(): number {
  return Math.floor(Math.random() * 2000);
}
