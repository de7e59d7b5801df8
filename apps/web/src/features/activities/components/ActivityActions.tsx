import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Track } from '@ridealong/contracts';
import { DownloadIcon } from '../../../components/icons';
import { useDeleteTrack } from '../api/useDeleteTrack';
import { useDownloadTrackFit } from '../api/useDownloadTrackFit';

export const DELETE_TRACK_CONFIRMATION = 'Are you sure you want to delete this track?';

/** A card's Download FIT and Delete (confirmed first, document 001 section 5). */
export function ActivityActions({ track }: { track: Track }) {
  const download = useDownloadTrackFit();
  const remove = useDeleteTrack();

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
  );
}
