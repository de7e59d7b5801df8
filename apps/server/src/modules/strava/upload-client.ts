import type { StravaEndpoints } from './types.js';
import { rateHeaders, type RateHeaders } from './rate-budget.js';

/**
 * Strava's upload API (v3), as the `strava.upload` job uses it: POST /api/v3/uploads with the
 * FIT file, then GET /api/v3/uploads/{id} until Strava has made an activity or refused the
 * file. Every answer carries its status, its JSON body and Strava's rate-limit headers; a
 * network error or a timeout throws (the job retries it with backoff).
 */

/** Strava's upload status object (the answer of both calls when they succeed). */
export type StravaUploadStatus = {
  id: number | null;
  id_str: string | null;
  external_id: string | null;
  error: string | null;
  status: string | null;
  activity_id: number | null;
};

export type StravaAnswer = {
  status: number;
  /** The parsed body of a 2xx answer (an upload status), else null. */
  upload: StravaUploadStatus | null;
  /** Strava's message of a refusal ({ message, errors }), else the raw text, cut. */
  message: string | null;
  rate: RateHeaders;
};

export type UploadForm = {
  file: Uint8Array;
  fileName: string;
  /** The activity's name: the video's title. */
  name: string;
  description: string;
  externalId: string;
};

export type StravaUploadApi = {
  create(accessToken: string, form: UploadForm, signal?: AbortSignal): Promise<StravaAnswer>;
  status(accessToken: string, uploadId: string, signal?: AbortSignal): Promise<StravaAnswer>;
};

/** How long one request may take before it counts as a network error. */
const REQUEST_TIMEOUT_MS = 60_000;

function parseUpload(text: string): StravaUploadStatus | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    id: num(o.id),
    id_str: str(o.id_str),
    external_id: str(o.external_id),
    error: str(o.error),
    status: str(o.status),
    activity_id: num(o.activity_id),
  };
}

/** A refusal's text: Strava's `message` with its first error's field and code, else the body. */
function refusal(text: string): string | null {
  try {
    const o = JSON.parse(text) as { message?: unknown; errors?: unknown };
    const first = Array.isArray(o.errors) ? (o.errors[0] as Record<string, unknown>) : null;
    const detail =
      first && typeof first === 'object'
        ? [first.field, first.code].filter((x) => typeof x === 'string' && x).join(' ')
        : '';
    if (typeof o.message === 'string' && o.message) {
      return detail ? `${o.message} (${detail})` : o.message;
    }
  } catch {
    // Not JSON: the text itself.
  }
  const trimmed = text.trim().slice(0, 300);
  return trimmed || null;
}

export function stravaUploadApi(
  endpoints: Pick<StravaEndpoints, 'apiBaseUrl'>,
  fetchFn: typeof fetch = fetch,
  timeoutMs = REQUEST_TIMEOUT_MS,
): StravaUploadApi {
  // Read at each request: the stand-in's address is known only once the server listens.
  const base = () => endpoints.apiBaseUrl.replace(/\/+$/, '');

  async function send(
    path: string,
    init: RequestInit,
    accessToken: string,
    signal?: AbortSignal,
  ): Promise<StravaAnswer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(`${base()}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      // A cancelled job stays cancelled; anything else is Strava out of reach, with the cause
      // (fetch's own message is only 'fetch failed').
      if (signal?.aborted) throw error;
      const cause = (error as { cause?: unknown }).cause;
      const why = cause instanceof Error ? `: ${cause.message}` : '';
      throw new Error(`Strava could not be reached (${(error as Error).message}${why})`, {
        cause: error,
      });
    }
    const ok = response.status >= 200 && response.status < 300;
    return {
      status: response.status,
      upload: ok ? parseUpload(text) : null,
      message: ok ? null : refusal(text),
      rate: rateHeaders(response.headers),
    };
  }

  return {
    create(accessToken, form, signal) {
      const body = new FormData();
      body.set(
        'file',
        new Blob([form.file as Uint8Array<ArrayBuffer>], { type: 'application/vnd.ant.fit' }),
        form.fileName,
      );
      body.set('data_type', 'fit');
      body.set('name', form.name);
      body.set('description', form.description);
      // A virtual ride on a trainer (document 001; Strava's sport_type).
      body.set('trainer', '1');
      body.set('sport_type', 'VirtualRide');
      body.set('external_id', form.externalId);
      return send('/api/v3/uploads', { method: 'POST', body }, accessToken, signal);
    },
    status(accessToken, uploadId, signal) {
      return send(
        `/api/v3/uploads/${encodeURIComponent(uploadId)}`,
        { method: 'GET' },
        accessToken,
        signal,
      );
    },
  };
}

/**
 * The existing activity of Strava's duplicate refusal ("ride.fit duplicate of activity 123",
 * or with a link: "duplicate of <a href='/activities/123'>activity 123</a>"); undefined when
 * the error is not a duplicate, null when it is one without a readable id.
 */
export function duplicateOf(error: string): string | null | undefined {
  const at = error.search(/duplicate of/i);
  if (at < 0) return undefined;
  const id = /(\d{1,20})/.exec(error.slice(at))?.[1];
  return id ?? null;
}
