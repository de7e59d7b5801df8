import { useMutation } from '@tanstack/react-query';
import { AUTH_TOKEN_HEADER, failureSchema } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';
import { defaultFitFilename, filenameFromContentDisposition } from '../lib/fitFile';

/** Hands a downloaded file to the browser's save flow under the given name. */
function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * GET /api/v1/tracks/{id}/fit. The call needs the x-auth-token header, which a plain link
 * cannot send, so the file is fetched, kept as a Blob and saved through an object URL.
 */
async function downloadTrackFit(trackId: number): Promise<string> {
  const token = useUserStore.getState().user.token;
  const res = await fetch(`/api/v1/tracks/${trackId}/fit`, {
    headers: token ? { [AUTH_TOKEN_HEADER]: token } : {},
  });
  if (!res.ok) {
    const failure = failureSchema.safeParse(await res.json().catch(() => null));
    // Same rule as apiRequest: a rejected session signs the user out.
    if (res.status === 401 && token) useUserStore.getState().logout();
    throw new ApiError(res.status, failure.success ? failure.data.message : res.statusText);
  }
  const filename = filenameFromContentDisposition(
    res.headers.get('content-disposition'),
    defaultFitFilename(trackId),
  );
  saveBlob(await res.blob(), filename);
  return filename;
}

export function useDownloadTrackFit() {
  return useMutation({ mutationFn: downloadTrackFit });
}
