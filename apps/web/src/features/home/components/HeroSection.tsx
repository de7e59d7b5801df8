import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PlayIcon } from '../../../components/icons';
import { RideStatsPreview } from './RideStatsPreview';

type HeroSectionProps = { desktop: boolean; onWatchVideo: () => void };

/** The guests' hero (document 000 sections 1 and 2): who we are and the first step. */
export function HeroSection({ desktop, onWatchVideo }: HeroSectionProps) {
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      c="white"
      style={{
        backgroundColor: '#0b1e3f',
        backgroundImage:
          'linear-gradient(100deg, rgba(5, 12, 24, 0.92) 0%, rgba(5, 12, 24, 0.55) 55%, rgba(5, 12, 24, 0.15) 100%), url(/sample/hero.svg)',
        backgroundSize: 'cover',
        backgroundPosition: 'center bottom',
      }}
    >
      <Container size="xl" py={{ base: 72, sm: 112 }} px={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" align="center" wrap="nowrap" gap={48}>
          <Stack gap="lg" maw={620}>
            <Badge
              size="lg"
              radius="xl"
              variant="gradient"
              gradient={{ from: 'orange', to: 'red', deg: 90 }}
              w="fit-content"
            >
              Real roads. Real resistance.
            </Badge>
            <Title
              id="hero-heading"
              order={1}
              fz={{ base: 40, sm: 56, lg: 68 }}
              lh={1.05}
              fw={900}
              lts={-1.5}
            >
              {/* Two lines on wide screens; the text stays 'Get connected. Get fit.' */}
              <Text span inherit display="block">
                Get connected.
              </Text>{' '}
              <Text
                span
                inherit
                display="block"
                variant="gradient"
                gradient={{ from: 'cyan.3', to: 'blue.3', deg: 90 }}
              >
                Get fit.
              </Text>
            </Title>
            <Text fz={{ base: 'lg', sm: 24 }} c="gray.3" fw={500}>
              Workout live with friends.
            </Text>
            <Text c="gray.4" maw={520}>
              Ride community-filmed roads from around the world on your smart trainer. Hills push
              back, friends ride along, and every watt counts on the leaderboard.
            </Text>
            <Group gap="sm" mt="sm">
              <Button
                component={Link}
                to="/sign-up"
                size="lg"
                radius="xl"
                variant="gradient"
                gradient={{ from: 'blue', to: 'cyan', deg: 90 }}
              >
                Sign me up
              </Button>
              <Button
                component={Link}
                to="/events"
                size="lg"
                radius="xl"
                variant="outline"
                color="gray.0"
                c="white"
              >
                {desktop ? 'Join a live event' : 'View live events'}
              </Button>
              <Button
                size="lg"
                radius="xl"
                variant="subtle"
                color="gray.0"
                c="white"
                leftSection={<PlayIcon size={18} />}
                onClick={onWatchVideo}
              >
                Watch the video
              </Button>
            </Group>
          </Stack>
          <Box visibleFrom="md">
            <RideStatsPreview />
          </Box>
        </Group>
      </Container>
    </Box>
  );
}
