import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Loader, Text, Title } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import { useViewportSize } from '@mantine/hooks';
import { Link } from 'react-router';
import { carouselItemsPerView } from '@ridealong/contracts';
import classes from './carousel.module.css';

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

/**
 * A titled row of cards. Items per view follow the window width (6 / 4 / 3 / 2 / 1, document
 * 000 section 2) and each swipe or arrow moves one slide.
 */
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
  const { width } = useViewportSize();
  // The hook reports 0 before its first measurement; the window is right from the start.
  const perView = carouselItemsPerView(width || window.innerWidth);
  const headingId = `${id}-heading`;
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
        <Center h={120}>
          <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" py="lg">
          {emptyText}
        </Text>
      ) : (
        <Carousel
          slideSize={`${100 / perView}%`}
          slideGap="md"
          withControls
          controlSize={36}
          emblaOptions={{ align: 'start', slidesToScroll: 1, dragFree: false }}
          previousControlProps={{ 'aria-label': `Previous ${title.toLowerCase()}` }}
          nextControlProps={{ 'aria-label': `Next ${title.toLowerCase()}` }}
          classNames={{ controls: classes.controls, control: classes.control }}
          styles={{ container: { paddingBottom: 6, paddingTop: 6 } }}
        >
          {items.map((item) => (
            <Carousel.Slide key={itemKey(item)}>{renderItem(item)}</Carousel.Slide>
          ))}
        </Carousel>
      )}
    </Box>
  );
}
