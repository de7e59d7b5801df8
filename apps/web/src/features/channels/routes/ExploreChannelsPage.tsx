import { useEffect } from 'react';
import { Box, Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { ChannelCard } from '../../../components/media/ChannelCard';
import { useChannelsIndex } from '../api/useChannelsIndex';

export const NO_CHANNELS_TEXT = 'There are no Channels currently.';

/** /explore-channels, titled Channels: every channel with videos, loaded as the list scrolls. */
export function ExploreChannelsPage() {
  const channels = useChannelsIndex();
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = channels;
  const nearEnd = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Channels can shift between batches while new videos arrive: each is listed once.
  const seen = new Set<number>();
  const rows = (channels.data?.pages.flatMap((p) => p.rows) ?? []).filter(
    (row) => !seen.has(row.id) && Boolean(seen.add(row.id)),
  );
  return (
    <Container size="xl" py="xl" data-testid="explore-channels-page">
      <Stack gap="lg">
        <div>
          <Title order={1}>Channels</Title>
          <Text c="dimmed">Creators who film the rides. Follow a channel to ride its roads.</Text>
        </div>
        {channels.isPending ? (
          <Center py={60}>
            <Loader aria-label="Loading channels" />
          </Center>
        ) : rows.length === 0 ? (
          // A failed fetch is only logged (document 001 section 8); the page reads empty.
          <Text c="dimmed" ta="center" py={60} data-testid="channels-empty">
            {NO_CHANNELS_TEXT}
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
            spacing="lg"
            data-testid="channels-grid"
          >
            {rows.map((row) => (
              <ChannelCard key={row.id} channel={row} />
            ))}
          </SimpleGrid>
        )}
        <Box ref={ref} h={1} aria-hidden="true" />
        {isFetchingNextPage ? (
          <Center>
            <Loader size="sm" aria-label="Loading more channels" />
          </Center>
        ) : null}
      </Stack>
    </Container>
  );
}
