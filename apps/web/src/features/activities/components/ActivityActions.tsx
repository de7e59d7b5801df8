import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Track } from '@ridealong/contracts';
import { DownloadIcon } from '../../../components/icons';
import { useDeleteTrack } from '../api/useDeleteTrack';
import { useDownloadTrackFit } from '../api/useDownloadTrackFit';
import { useStravaUploadFlow } from '../hooks/useStravaUploadFlow';
import { isStravaBusy, isUploadedToStrava } from '../lib/stravaUpload';
import { StravaStatus } from './StravaStatus';

export const DELETE_TRACK_CONFIRMATION = 'Are you sure you want to delete this track?';

/**
 * A card's Strava state, Download FIT, Upload to Strava and Delete (the last two confirmed
 * first, document 001 section 5).
 */
export function ActivityActions({ track }: { track: Track }) {
  const download = useDownloadTrackFit();
  const remove = useDeleteTrack();
  const strava = useStravaUploadFlow(track);
  const uploading = strava.pending || isStravaBusy(track.strava_upload);
  const canUpload = !uploading && !isUploadedToStrava(track);

  const onDownload = () =>
    download.mutate(track.id, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Download failed',
          message: `The FIT file of '${track.title}' could not be downloaded: ${error.message}`,
        }),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: DELETE_TRACK_CONFIRMATION,
      children: (
        <Text size="sm">
          &lsquo;{track.title}&rsquo; and its totals are removed from your activities for good.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-track' },
      onConfirm: () =>
        remove.mutate(track.id, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Not deleted',
              message: `'${track.title}' could not be deleted: ${error.message}`,
            }),
        }),
    });

  return (
    <Stack gap={6}>
      <StravaStatus track={track} uploading={strava.pending} />
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<DownloadIcon size={14} />}
          onClick={onDownload}
          loading={download.isPending}
          data-testid="activity-download"
        >
          Download FIT
        </Button>
        {canUpload && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            onClick={strava.start}
            data-testid="activity-strava-upload"
          >
            {track.strava_upload === 'failed' ? 'Retry upload to Strava' : 'Upload to Strava'}
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={confirmDelete}
          loading={remove.isPending}
          data-testid="activity-delete"
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
