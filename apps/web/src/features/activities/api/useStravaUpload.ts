import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { stravaUploadResponseSchema, type Track } from '@ridealong/contracts';
import { ApiError, apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';
import {
  failedNotice,
  isNotConnectedMessage,
  isStravaBusy,
  pollStravaUpload,
  STRAVA_POLL,
  uploadEndNotice,
  type Notice,
} from '../lib/stravaUpload';
import { activitiesKeys } from './queries';

const uploadPath = (trackId: number) => `/track/${trackId}/strava-upload`;

export const showNotice = (notice: Notice) => notifications.show(notice);

/**
 * POST /api/v1/track/{id}/strava-upload queues the upload; GET on the same path is then asked
 * every 2 s (about 2 minutes at most) until Strava has it or refused it. The member is told
 * how it ended, and the list is read again so the card shows it. A refusal because Strava is
 * not connected goes to `onNotConnected` with the server's message.
 */
export function useStravaUpload(onNotConnected: (message: string) => void) {
  const client = useQueryClient();
  const userId = useUserStore((s) => s.user.userId);
  return useMutation({
    mutationFn: async (trackId: number): Promise<Track | null> => {
      const queued = await apiRequest(uploadPath(trackId), {
        method: 'POST',
        schema: stravaUploadResponseSchema,
      });
      if (!isStravaBusy(queued.data.track.strava_upload)) return queued.data.track;
      return pollStravaUpload(
        async () =>
          (await apiRequest(uploadPath(trackId), { schema: stravaUploadResponseSchema })).data
            .track,
        STRAVA_POLL,
      );
    },
    onSuccess: (track) => showNotice(uploadEndNotice(track)),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && isNotConnectedMessage(error.message))
        onNotConnected(error.message);
      else showNotice(failedNotice(error.message));
    },
    onSettled: () => client.invalidateQueries({ queryKey: activitiesKeys.tracks(userId) }),
  });
}
