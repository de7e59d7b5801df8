import type { z } from 'zod';
import { AUTH_TOKEN_HEADER, failureSchema } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

export type MultipartOptions = {
  /** Aborts the request (a newer preview replaces it, or the page goes away). */
  signal?: AbortSignal;
  /** Bytes of the body sent so far, as the browser reports them. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
};

/** The request broke before the server answered. */
export const CONNECTION_LOST = 'The connection to the server was lost.';

/**
 * POSTs a multipart form to /api/v1 with the session token and parses the answer with its
 * contract. XMLHttpRequest, not fetch: only it reports upload progress. Failures are ApiErrors
 * carrying the server's `{ status: 'failure', message }`, as lib/api.ts's are.
 */
export function postMultipart<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  { signal, onProgress }: MultipartOptions = {},
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = useUserStore.getState().user.token;
    if (token) xhr.setRequestHeader(AUTH_TOKEN_HEADER, token);

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded, e.total);
      };
    }
    xhr.onload = () => {
      settle();
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = schema.safeParse(json);
        if (parsed.success) resolve(parsed.data as z.infer<S>);
        else reject(new ApiError(xhr.status, 'The server sent an unreadable answer.', json));
        return;
      }
      // A revoked or expired session: the stored user is no longer signed in.
      if (xhr.status === 401 && token) useUserStore.getState().logout();
      const failure = failureSchema.safeParse(json);
      const message = failure.success ? failure.data.message : xhr.statusText || 'Request failed.';
      reject(new ApiError(xhr.status, message, json));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, CONNECTION_LOST));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The request was aborted.', 'AbortError'));
    };
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
