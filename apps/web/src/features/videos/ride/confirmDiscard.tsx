import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** 'Are you sure?' before a ride is discarded (document 001 section 2), then `onDiscard`. */
export function confirmDiscard(onDiscard: () => void): void {
  modals.openConfirmModal({
    title: 'Are you sure?',
    children: <Text size="sm">This ride is deleted and not saved to your activities.</Text>,
    labels: { confirm: 'Discard', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: onDiscard,
  });
}
