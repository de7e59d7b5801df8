import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { OverlayLayer } from '@ridealong/contracts';
import { voiceoversKeys } from '../api/queries';
import { useDeleteLayer } from '../api/useDeleteLayer';
import { useSaveLayers } from '../api/useSaveLayers';
import type { ListedLayer } from '../lib/listedLayers';
import { VOICEOVER_TEXT } from '../lib/messages';
import type { UnsavedLayer } from '../lib/recording';

type Dialogs = {
  raceUrl: string;
  ownerId: number;
  unsaved: readonly UnsavedLayer[];
  /** Takes out of the page's unsaved list (saved or deleted). */
  drop: (keys: ReadonlySet<string>) => void;
};

/**
 * Save and Delete, each confirmed first in the app's dialog (document 001 section 5), with the
 * outcome in the app's notifications (section 8's words).
 */
export function useLayerDialogs({ raceUrl, ownerId, unsaved, drop }: Dialogs) {
  const client = useQueryClient();
  const save = useSaveLayers(raceUrl);
  const remove = useDeleteLayer();

  const deleted = () =>
    notifications.show({
      color: 'green',
      title: VOICEOVER_TEXT.deletedTitle,
      message: VOICEOVER_TEXT.deletedText,
    });

  const confirmDelete = (row: ListedLayer) => {
    let confirmed = false;
    modals.openConfirmModal({
      title: VOICEOVER_TEXT.confirmDelete,
      children: <Text size="sm">{VOICEOVER_TEXT.confirmDeleteDetail}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-voiceover' },
      onConfirm: () => {
        confirmed = true;
        if (row.kind === 'unsaved') {
          drop(new Set([row.key]));
          deleted();
          return;
        }
        remove.mutate(row.layer.id, {
          onSuccess: deleted,
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Not deleted',
              message: `The recording could not be deleted: ${error.message}`,
            }),
        });
      },
      // Cancel, Escape, the close button and the overlay all keep it.
      onClose: () => {
        if (!confirmed)
          notifications.show({
            color: 'gray',
            title: VOICEOVER_TEXT.cancelledTitle,
            message: VOICEOVER_TEXT.cancelledText,
          });
      },
    });
  };

  const onSaved = (saved: readonly OverlayLayer[]) => {
    // Shown as processing at once; the list's own poll follows them until they are ready.
    client.setQueryData<OverlayLayer[]>(voiceoversKeys.videoOwner(raceUrl, ownerId), (old) => [
      ...(old ?? []).filter((l) => !saved.some((s) => s.id === l.id)),
      ...saved,
    ]);
  };

  const confirmSave = () => {
    const takes = [...unsaved];
    if (takes.length === 0) return;
    modals.openConfirmModal({
      title: VOICEOVER_TEXT.confirmSave,
      children: (
        <Text size="sm">
          {takes.length === 1 ? 'The recording is' : `The ${takes.length} recordings are`} sent for
          processing and then play for everyone who watches this video.
        </Text>
      ),
      labels: { confirm: 'Save', cancel: 'Cancel' },
      confirmProps: { 'data-testid': 'confirm-save-voiceovers' },
      onConfirm: () =>
        save.mutate(takes, {
          onSuccess: ({ saved, failed }) => {
            drop(new Set(saved.map((s) => s.key)));
            onSaved(saved.map((s) => s.layer));
            if (saved.length > 0)
              notifications.show({
                color: 'green',
                title: VOICEOVER_TEXT.savedTitle,
                message: VOICEOVER_TEXT.savedText,
              });
            for (const f of failed)
              notifications.show({ color: 'red', title: 'Not saved', message: f.message });
          },
        }),
    });
  };

  return { confirmDelete, confirmSave, saving: save.isPending, deleting: remove.isPending };
}
