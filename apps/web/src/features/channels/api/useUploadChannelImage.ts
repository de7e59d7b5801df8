import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AUTH_TOKEN_HEADER,
  CHANNEL_IMAGE_FIELD,
  failureSchema,
  userUpdateResponseSchema,
} from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';
import { channelsKeys } from './queries';

/**
 * POST /api/v1/channel/image: one multipart file (PNG, JPEG or WebP, at most 5 MB). apiRequest
 * speaks JSON only, so this call builds its own form request with the session token.
 */
async function uploadChannelImage(file: File) {
  const body = new FormData();
  body.append(CHANNEL_IMAGE_FIELD, file);
  const token = useUserStore.getState().user.token;
  const res = await fetch('/api/v1/channel/image', {
    method: 'POST',
    headers: token ? { [AUTH_TOKEN_HEADER]: token, accept: 'application/json' } : {},
    body,
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const failure = failureSchema.safeParse(json);
    if (res.status === 401 && token) useUserStore.getState().logout();
    throw new ApiError(res.status, failure.success ? failure.data.message : res.statusText);
  }
  return userUpdateResponseSchema.parse(json).user;
}

export function useUploadChannelImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadChannelImage,
    onSuccess: (user) => {
      useUserStore.getState().updateUser(user);
      void client.invalidateQueries({ queryKey: channelsKeys.infoOf(user.id) });
      void client.invalidateQueries({ queryKey: channelsKeys.index });
    },
  });
}
