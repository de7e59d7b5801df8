import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { STRAVA_MESSAGES, type Track } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { showNotice, useStravaUpload } from '../api/useStravaUpload';
import { DISMISSED_NOTICE } from '../lib/stravaUpload';

/**
 * A card's upload-to-Strava action (document 001 section 5): a member without a working
 * Strava connection is told so and offered the profile; anyone else confirms first
 * ('Are you sure you want to upload this track to Strava?'), and dismissing says so.
 */
export function useStravaUploadFlow(track: Pick<Track, 'id' | 'title'>) {
  const connected = useUserStore((s) => s.user.strava_connected === true);
  const reconnect = useUserStore((s) => s.user.strava_reconnect === true);
  const navigate = useNavigate();

  // The dialogs render outside the router, so they navigate through this page's navigate.
  const explainNotConnected = (message: string) =>
    modals.openConfirmModal({
      title: 'Upload to Strava',
      children: (
        <Text size="sm" data-testid="strava-not-connected">
          {message}
        </Text>
      ),
      labels: { confirm: 'Go to my profile', cancel: 'Not now' },
      confirmProps: { color: 'orange', 'data-testid': 'strava-go-to-profile' },
      onConfirm: () => void navigate('/profile'),
    });

  const upload = useStravaUpload(explainNotConnected);

  const start = () => {
    if (!connected) {
      explainNotConnected(reconnect ? STRAVA_MESSAGES.reconnect : STRAVA_MESSAGES.notConnected);
      return;
    }
    let confirmed = false;
    modals.openConfirmModal({
      title: STRAVA_MESSAGES.confirmUpload,
      children: (
        <Text size="sm">&lsquo;{track.title}&rsquo; goes to Strava as a virtual ride.</Text>
      ),
      labels: { confirm: 'Upload', cancel: 'Cancel' },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-strava-upload' },
      onConfirm: () => {
        confirmed = true;
        upload.mutate(track.id);
      },
      // Cancel, Escape, the close button and the overlay all dismiss it.
      onClose: () => {
        if (!confirmed) showNotice(DISMISSED_NOTICE);
      },
    });
  };

  return { start, pending: upload.isPending };
}
