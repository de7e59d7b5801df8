import { useState, type FormEvent } from 'react';
import { Button, Group, Loader, NativeSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useActiveChallenges } from '../api/useActiveChallenges';
import { useSetFeatured } from '../api/useSetFeatured';

/** Set the featured challenge: one of the active challenges (document 001 section 5). */
export function FeaturedChallengeForm() {
  const active = useActiveChallenges();
  const setFeatured = useSetFeatured();
  const [locked, lock] = useSubmitLock();
  const [picked, setPicked] = useState<string | null>(null);
  if (active.isPending) return <Loader size="sm" aria-label="Loading challenges" />;
  if (active.isError) {
    return (
      <Text c="red" size="sm" data-testid="admin-featured-error">
        {CHALLENGE_MESSAGES.failed} {active.error.message}
      </Text>
    );
  }
  const list = active.data;
  const current = list.find((c) => c.featured) ?? list[0];
  const value = picked ?? (current ? String(current.id) : '');
  const chosen = list.find((c) => String(c.id) === value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    lock();
    setFeatured.mutate(chosen.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Featured challenge set',
          message: `${chosen.title} is now the featured challenge.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: CHALLENGE_MESSAGES.failed,
          message: error.message,
        }),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Set the featured challenge"
      data-testid="admin-featured-form"
    >
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {CHALLENGE_MESSAGES.none}
        </Text>
      ) : (
        <NativeSelect
          label="Active challenge"
          data={list.map((c) => ({
            value: String(c.id),
            label: c.featured ? `${c.title} (featured)` : c.title,
          }))}
          value={value}
          onChange={(e) => setPicked(e.currentTarget.value)}
          data-testid="admin-featured-select"
        />
      )}
      <Group mt="lg">
        <Button
          type="submit"
          disabled={locked || !chosen}
          loading={setFeatured.isPending}
          data-testid="admin-featured-submit"
        >
          Set featured
        </Button>
      </Group>
    </form>
  );
}
