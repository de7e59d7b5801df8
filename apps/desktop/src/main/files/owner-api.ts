import { AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import { z } from 'zod';
import { SERVER_UNREACHABLE_MESSAGE, ServerApiError } from '../uploader/server-api.js';

/** What the member reads when the server refused without a message of its own. */
export const OWNER_API_FALLBACK_MESSAGE = 'Something went wrong. Please try again later.';

const failureSchema = z.object({ message: z.string().min(1).max(2000) });

/**
 * POST /api/v1/race/{id}/gpx (multipart: file `gpx`, field `offset`) with the member's
 * token. `bytes` are the very bytes the app checked as a GPX track (read once, at most
 * MAX_GPX_BYTES), so a file swapped after the check is never what is sent.
 */
export async function uploadGpxFile(
  fetchFn: typeof fetch,
  serverUrl: string,
  authToken: string,
  input: { videoUrl: string; fileName: string; bytes: Uint8Array<ArrayBuffer>; offset: number },
): Promise<void> {
  const form = new FormData();
  form.append('offset', String(input.offset));
  form.append('gpx', new Blob([input.bytes], { type: 'application/gpx+xml' }), input.fileName);
  await postWithToken(
    fetchFn,
    `${serverUrl}/api/v1/race/${encodeURIComponent(input.videoUrl)}/gpx`,
    authToken,
    form,
  );
}

/** POST /api/v1/overlay/{layerId}/delete with the member's token. */
export async function deleteVoiceoverLayer(
  fetchFn: typeof fetch,
  serverUrl: string,
  authToken: string,
  layerId: number,
): Promise<void> {
  await postWithToken(fetchFn, `${serverUrl}/api/v1/overlay/${layerId}/delete`, authToken);
}

/** Resolves on 2xx; else a ServerApiError with the server's message, or a generic one. */
async function postWithToken(
  fetchFn: typeof fetch,
  url: string,
  authToken: string,
  body?: FormData,
): Promise<void> {
  let res: Response;
  try {
    // No redirects: the token goes to the app's own server only.
    res = await fetchFn(url, {
      method: 'POST',
      headers: { [AUTH_TOKEN_HEADER]: authToken },
      body,
      redirect: 'error',
    });
  } catch {
    throw new ServerApiError(SERVER_UNREACHABLE_MESSAGE, null);
  }
  if (res.ok) {
    await res.body?.cancel();
    return;
  }
  const failure = failureSchema.safeParse(await res.json().catch(() => null));
  throw new ServerApiError(
    failure.success ? failure.data.message : OWNER_API_FALLBACK_MESSAGE,
    res.status,
  );
}
