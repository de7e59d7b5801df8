import { AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import { type DetailedError, Upload } from 'tus-js-client';
import { type DiskFile, diskFileReader, fetchHttpStack } from './tus-transport.js';

export const TUS_PATH = '/api/v1/tus';
export const MIN_CHUNK_BYTES = 256 * 1024;
export const MAX_CHUNK_BYTES = 16 * 1024 * 1024;

/**
 * fetch reports no progress inside a request, so a chunk is at most a 50th of the file (the
 * bar moves in steps of 2 % or less), within bounds that keep requests few and retries short.
 */
export function chunkBytesFor(size: number): number {
  return Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, Math.ceil(size / 50)));
}
export const DEFAULT_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000];

export interface TusUploadOptions {
  fetch: typeof fetch;
  serverUrl: string;
  authToken: string;
  file: DiskFile;
  metadata: { race_id: string; position: string; filename: string };
  /** A URL from an earlier run: tus HEADs it and continues from the server's offset. */
  uploadUrl: string | null;
  retryDelaysMs?: number[];
  onUrl: (url: string) => void;
  onProgress: (sent: number, total: number) => void;
}

export interface TusUploadRun {
  /** Resolves when the server has every byte; rejects with the last error after retries. */
  done: Promise<void>;
  /** Stops sending (the server keeps what it has; a new run with the URL resumes). */
  abort(): Promise<void>;
}

/** The member-facing reason of a failed tus request. */
export function tusFailureMessage(err: Error): string {
  const res = (err as DetailedError).originalResponse;
  const status = res?.getStatus();
  if (status === 401) return 'Please log in again to finish the upload.';
  if (status === 403 || status === 404) return 'The server no longer takes this upload.';
  if (status === 413) return 'The server does not take files this large.';
  if (res) {
    try {
      const body = JSON.parse(res.getBody()) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not the API's JSON shape
    }
    return `The server answered ${status}.`;
  }
  return 'The connection to the server dropped. The upload continues where it stopped when you resume.';
}

export function startTusUpload(options: TusUploadOptions): TusUploadRun {
  let upload: Upload | null = null;
  const reader = diskFileReader();
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(options.file as unknown as Buffer, {
      endpoint: `${options.serverUrl}${TUS_PATH}`,
      uploadUrl: options.uploadUrl,
      uploadSize: options.file.size,
      metadata: options.metadata,
      headers: { [AUTH_TOKEN_HEADER]: options.authToken },
      chunkSize: chunkBytesFor(options.file.size),
      retryDelays: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      // The app keeps the URL itself (state-store.ts), so tus's own URL storage stays off.
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fingerprint: () => Promise.resolve(`ridealong:${options.metadata.race_id}`),
      fileReader: reader,
      httpStack: fetchHttpStack(options.fetch),
      onUploadUrlAvailable: () => {
        if (upload?.url) options.onUrl(upload.url);
      },
      onProgress: options.onProgress,
      onSuccess: () => {
        void reader.close();
        resolve();
      },
      onError: (err) => {
        void reader.close();
        reject(err);
      },
    });
    upload.start();
  });
  return {
    done,
    async abort() {
      await upload?.abort(false);
      await reader.close();
    },
  };
}
