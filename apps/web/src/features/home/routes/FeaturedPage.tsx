import type { ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';
import { CarouselSections } from '../components/CarouselSections';

/** /featured: the three carousels on their own (the desktop app's start page); `ad` after them. */
export function FeaturedPage({ ad }: { ad?: ReactNode }) {
  return (
    <Box data-testid="featured-page">
      <Container size="100rem" px={{ base: 'md', sm: 'xl' }} pt={{ base: 32, sm: 48 }}>
        <Title order={1} fz={{ base: 32, sm: 40 }} fw={900} lts={-1}>
          Featured
        </Title>
        <Text c="dimmed" mt={4}>
          Hand-picked rides, creators and challenges to get you moving.
        </Text>
      </Container>
      <CarouselSections compactTop />
      <Container size="100rem" px={{ base: 'md', sm: 'xl' }}>
        {ad}
      </Container>
    </Box>
  );
}
