import Uppy, { type Body, type Meta } from '@uppy/core';
import Tus from '@uppy/tus';
import { AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import { addSample, bytesPerSecond, type Sample } from './speed';

export const TUS_ENDPOINT = '/api/v1/tus';

/** What the progress bar shows while files go up. */
export type UploadProgress = {
  bytesUploaded: number;
  bytesTotal: number;
  /** Bytes per second over the last few seconds; null until measurable. */
  speed: number | null;
  filesDone: number;
  filesTotal: number;
};

export type UploadCallbacks = {
  onProgress: (progress: UploadProgress) => void;
  onComplete: () => void;
  onError: (message: string) => void;
};

export type UploadSession = { retry: () => void; cancel: () => void };

type FileMeta = Meta & { race_id: string; position: string; filename: string };

/**
 * Sends a new video's files over tus (resumable: each chunk is retried and an interrupted file
 * continues where it stopped). Each file carries the race id and its 0-based place in the join
 * order; they go one at a time so the first parts finish first. Uppy runs headless: the page
 * draws its own progress.
 */
export function startUpload(
  { raceId, files, token }: { raceId: number; files: File[]; token: string },
  callbacks: UploadCallbacks,
): UploadSession {
  const uppy = new Uppy<FileMeta, Body>({ autoProceed: false, allowMultipleUploadBatches: true });
  uppy.use(Tus, {
    endpoint: TUS_ENDPOINT,
    headers: { [AUTH_TOKEN_HEADER]: token },
    limit: 1,
    chunkSize: 8 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    // Every upload belongs to a fresh race: never resume an older race's upload of a same file.
    storeFingerprintForResuming: false,
    removeFingerprintOnSuccess: true,
    allowedMetaFields: ['race_id', 'position', 'filename'],
  });

  const totals = new Map<string, { uploaded: number; total: number }>();
  files.forEach((file, position) => {
    const id = uppy.addFile({
      name: `${position}-${file.name}`,
      type: file.type,
      data: file,
      meta: { race_id: String(raceId), position: String(position), filename: file.name },
    });
    totals.set(id, { uploaded: 0, total: file.size });
  });

  let samples: Sample[] = [];
  let done = 0;
  const report = () => {
    let uploaded = 0;
    let total = 0;
    for (const t of totals.values()) {
      uploaded += t.uploaded;
      total += t.total;
    }
    samples = addSample(samples, { atMs: performance.now(), bytes: uploaded });
    callbacks.onProgress({
      bytesUploaded: uploaded,
      bytesTotal: total,
      speed: bytesPerSecond(samples),
      filesDone: done,
      filesTotal: files.length,
    });
  };

  uppy.on('upload-progress', (file, progress) => {
    const entry = file && totals.get(file.id);
    if (!entry) return;
    entry.uploaded = progress.bytesUploaded;
    if (progress.bytesTotal) entry.total = progress.bytesTotal;
    report();
  });
  uppy.on('upload-success', (file) => {
    const entry = file && totals.get(file.id);
    if (entry) entry.uploaded = entry.total;
    done += 1;
    report();
  });
  uppy.on('complete', (result) => {
    if ((result.failed?.length ?? 0) === 0 && done === files.length) callbacks.onComplete();
  });
  uppy.on('upload-error', (_file, error) => callbacks.onError(error.message));

  void uppy
    .upload()
    .catch((e: unknown) => callbacks.onError(e instanceof Error ? e.message : String(e)));
  report();

  return {
    retry: () => {
      samples = [];
      void uppy
        .retryAll()
        .catch((e: unknown) => callbacks.onError(e instanceof Error ? e.message : String(e)));
    },
    cancel: () => {
      uppy.cancelAll();
      uppy.destroy();
    },
  };
}
