import { useState } from 'react';
import { Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { VideoCard } from '../../../components/media/VideoCard';
import { useChannelInfo } from '../api/useChannelInfo';
import { ChannelEditForm } from './ChannelEditForm';
import { ChannelHeader } from './ChannelHeader';
import { FeaturedVideo } from './FeaturedVideo';

type Props = { userId: number; mine: boolean };

/** A channel page: header (or the owner's form), the first video large, the rest in a gallery. */
export function ChannelView({ userId, mine }: Props) {
  const info = useChannelInfo(userId, mine);
  const [editing, setEditing] = useState(false);

  if (info.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading channel" />
      </Center>
    );
  }
  if (info.isError) {
    return (
      <Stack py={60} align="center" gap="xs">
        <Title order={1}>Channel not found</Title>
        <Text c="dimmed">This channel does not exist or is no longer available.</Text>
      </Stack>
    );
  }

  const owner = info.data.pages[0]?.user;
  const videos = info.data.pages.flatMap((p) => p.races.videos);
  const [featured, ...rest] = videos;
  if (!owner) return null;
  return (
    <Stack gap="xl" data-testid="channel-view">
      {editing ? (
        <ChannelEditForm owner={owner} onDone={() => setEditing(false)} />
      ) : (
        <ChannelHeader owner={owner} canEdit={mine} onEdit={() => setEditing(true)} />
      )}
      {featured ? (
        <FeaturedVideo race={featured} />
      ) : (
        <Text c="dimmed" py="xl" ta="center" data-testid="channel-empty">
          {mine
            ? 'Your channel has no videos yet. Upload your first ride.'
            : 'This channel has no videos yet.'}
        </Text>
      )}
      {rest.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" data-testid="channel-gallery">
          {rest.map((race) => (
            <VideoCard key={race.id} race={race} />
          ))}
        </SimpleGrid>
      ) : null}
      {info.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void info.fetchNextPage()}
            loading={info.isFetchingNextPage}
          >
            Show more videos
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
