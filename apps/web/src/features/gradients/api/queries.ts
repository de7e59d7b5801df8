import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { gpxPreviewSchema } from '@ridealong/contracts';
import { formatOffset } from '../lib/offset';
import { postMultipart } from './postMultipart';

/** Query and mutation keys of this feature (the video's and its route's are in lib/queries/keys.ts). */
export const gradientsKeys = {
  preview: (raceUrl: string, fileKey: string, offsetSeconds: number) =>
    ['gpx-preview', raceUrl, fileKey, offsetSeconds] as const,
  /** The save in flight, found again if the tab is left and reopened while it goes up. */
  upload: (raceUrl: string) => ['gpx-upload', raceUrl] as const,
};

/** Tells one chosen file from another in query keys (a File cannot be hashed). */
export const fileKeyOf = (file: File): string => `${file.name}:${file.size}:${file.lastModified}`;

export const gpxPath = (raceUrl: string, suffix: '' | '/preview' = '') =>
  `/race/${encodeURIComponent(raceUrl)}/gpx${suffix}`;

/** The two GPX routes' multipart body: the offset field, then the file `gpx`. */
export function gpxForm(file: File, offsetSeconds: number): FormData {
  const form = new FormData();
  // The field before the file, so a streaming reader has it when the file arrives.
  form.append('offset', formatOffset(offsetSeconds));
  form.append('gpx', file, file.name);
  return form;
}

/**
 * POST /api/v1/race/{url}/gpx/preview: the profile this file and offset give, on the video's
 * clock; nothing is saved. When the offset changes the key does, and react-query aborts the
 * superseded request through the AbortSignal it hands the query. The picture keeps the last
 * preview of the same file while the next loads. Without a file or a valid offset, nothing is
 * asked.
 */
export const gpxPreviewQuery = (
  raceUrl: string,
  file: File | null,
  offsetSeconds: number | null,
) => {
  const fileKey = file ? fileKeyOf(file) : '';
  return queryOptions({
    queryKey: gradientsKeys.preview(raceUrl, fileKey, offsetSeconds ?? 0),
    queryFn:
      file && offsetSeconds !== null
        ? ({ signal }) =>
            postMultipart(
              gpxPath(raceUrl, '/preview'),
              gpxForm(file, offsetSeconds),
              gpxPreviewSchema,
              { signal },
            )
        : skipToken,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === fileKey ? keepPreviousData(previous) : undefined,
    // The same file and offset always give the same preview; a refused file stays refused.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });
};
