import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Loader, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { lazyPart, useLazyPart } from '../../../lib/lazyPart';

/** The slider itself (embla) loads when a row first has items: see CarouselRow. */
const carouselRow = lazyPart(async () => (await import('./CarouselRow')).CarouselRow);

type HomeCarouselProps<T> = {
  id: string;
  title: string;
  seeAllTo: string;
  items: T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** The items are still loading: a spinner holds their place. */
  loading?: boolean;
  /** Shown instead of an empty row. */
  emptyText?: string;
};

/** A titled row of cards, with a spinner while the items (or the slider's code) load. */
export function HomeCarousel<T>({
  id,
  title,
  seeAllTo,
  items,
  itemKey,
  renderItem,
  loading = false,
  emptyText = 'Nothing here yet.',
}: HomeCarouselProps<T>) {
  const headingId = `${id}-heading`;
  const CarouselRow = useLazyPart(carouselRow, !loading && items.length > 0);
  const spinner = (
    <Center h={120}>
      <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
    </Center>
  );
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`${id}-carousel`}>
      <Group h={40} mb="md" gap="md" align="center" pr={88}>
        <Title id={headingId} order={2} fz={{ base: 24, sm: 28 }} fw={800} lts={-0.5}>
          {title}
        </Title>
        <Anchor
          component={Link}
          to={seeAllTo}
          fw={600}
          size="sm"
          aria-label={`See all ${title.toLowerCase()}`}
        >
          See all
        </Anchor>
      </Group>
      {loading ? (
        spinner
      ) : items.length === 0 ? (
        <Text c="dimmed" py="lg">
          {emptyText}
        </Text>
      ) : CarouselRow ? (
        <CarouselRow
          title={title}
          slides={items.map((item) => ({ key: itemKey(item), content: renderItem(item) }))}
        />
      ) : (
        spinner
      )}
    </Box>
  );
}
