import { useState, type RefObject } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { Link, useNavigate } from 'react-router';
import type { Race } from '@ridealong/contracts';
import { channelNameOf } from '../../../components/media/VideoCard';
import { formatBadgeDuration } from '../../../lib/formatDuration';
import { useUiStore } from '../../../stores/ui';
import { useDeleteRace } from '../api/useDeleteRace';
import { truncateDescription } from '../lib/description';
import { RouteSection, VideoTags } from './RouteSection';
import { VideoEditForm } from './VideoEditForm';

type DescriptionTabProps = {
  race: Race;
  owner: boolean;
  /** The player's <video>: the route shows where its current time is. */
  videoRef: RefObject<HTMLVideoElement | null>;
};

/**
 * The Description tab: title, channel, description, the route; for the owner an Edit toggle
 * (the form) and Delete ('Are you sure?', then /videos).
 */
export function DescriptionTab({ race, owner, videoRef }: DescriptionTabProps) {
  const editing = useUiStore((s) => s.isVideoFormEditable) && owner;
  const setEditing = useUiStore((s) => s.setVideoFormEditable);
  const wide = useMediaQuery('(min-width: 992px)') ?? false;
  const [expanded, setExpanded] = useState(false);
  const remove = useDeleteRace();
  const navigate = useNavigate();

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Are you sure?',
      children: <Text size="sm">The video and its media are deleted for good.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(race.id, { onSuccess: () => void navigate('/videos', { replace: true }) }),
    });

  if (editing) return <VideoEditForm race={race} onDone={() => setEditing(false)} />;

  const description = truncateDescription(race.description, { wide, expanded });
  return (
    <Stack gap="sm" data-testid="video-description">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="video-title">
            {race.title}
          </Title>
          <Text c="dimmed" size="sm">
            <Anchor component={Link} to={`/channel/${race.user.id}`} c="dimmed">
              from {channelNameOf(race.user)}
            </Anchor>
            {race.duration > 0 ? ` · ${formatBadgeDuration(race.duration)}` : null}
          </Text>
          <VideoTags race={race} />
        </div>
        {owner ? (
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button color="red" variant="light" onClick={confirmDelete} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        ) : null}
      </Group>
      {remove.isError ? (
        <Text c="red" size="sm" role="alert">
          {remove.error.message}
        </Text>
      ) : null}
      {race.description ? (
        <Text style={{ whiteSpace: 'pre-wrap' }}>
          {description.text}
          {description.truncated ? (
            <>
              {'… '}
              <Anchor component="button" type="button" onClick={() => setExpanded(true)}>
                Show more
              </Anchor>
            </>
          ) : null}
        </Text>
      ) : (
        <Text c="dimmed">No description.</Text>
      )}
      <RouteSection race={race} videoRef={videoRef} />
    </Stack>
  );
}
