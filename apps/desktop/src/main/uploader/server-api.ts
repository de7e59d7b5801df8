import { AUTH_TOKEN_HEADER, type DesktopMessages } from '@ridealong/contracts';
import { z } from 'zod';

export type VideoFields = DesktopMessages['uploader-start']['video'];

/** The server refused or could not be reached; `message` is for the member. */
export class ServerApiError extends Error {
  override readonly name = 'ServerApiError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export const SERVER_UNREACHABLE_MESSAGE =
  'The server cannot be reached. Check the connection and try again.';

const createdSchema = z.object({
  race: z.object({ id: z.number().int().positive(), url: z.string().min(1) }),
});
const failureSchema = z.object({ message: z.string() });

/**
 * POST /api/v1/uploads: a new video waiting for one file (the app joined and cut the files
 * itself, so the server's offsets are 0).
 */
export async function createVideo(
  fetchFn: typeof fetch,
  serverUrl: string,
  authToken: string,
  video: VideoFields,
): Promise<{ id: number; url: string }> {
  let res: Response;
  try {
    res = await fetchFn(`${serverUrl}/api/v1/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [AUTH_TOKEN_HEADER]: authToken },
      body: JSON.stringify({ ...video, start_offset: 0, end_offset: 0, file_count: 1 }),
      redirect: 'error',
    });
  } catch {
    throw new ServerApiError(SERVER_UNREACHABLE_MESSAGE, null);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const failure = failureSchema.safeParse(body);
    const message =
      res.status === 401
        ? 'Please log in again.'
        : failure.success
          ? failure.data.message
          : `The server answered ${res.status}.`;
    throw new ServerApiError(message, res.status);
  }
  const created = createdSchema.safeParse(body);
  if (!created.success)
    throw new ServerApiError('The server’s answer was not understood.', res.status);
  return created.data.race;
}
