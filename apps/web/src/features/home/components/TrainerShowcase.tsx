import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  BoltIcon,
  HeartIcon,
  MountainIcon,
  SignalIcon,
  TrophyIcon,
} from '../../../components/icons';

const FEATURES: Array<{ icon: ReactNode; title: string; body: string }> = [
  {
    icon: <SignalIcon size={22} />,
    title: 'Connect over ANT+ or Bluetooth',
    body: 'Pair your smart trainer, power meter and heart-rate strap in a minute. On Windows a USB ANT+ stick is recommended.',
  },
  {
    icon: <MountainIcon size={22} />,
    title: 'Feel every hill',
    body: "The road's slope, taken from the ride's GPS data, drives your trainer's resistance. Force feedback works over ANT+.",
  },
  {
    icon: <HeartIcon size={22} />,
    title: 'Record every ride',
    body: 'Power, time, heart rate and cadence are saved to your stats, ready to share with your fitness network.',
  },
  {
    icon: <TrophyIcon size={22} />,
    title: 'Climb the leaderboard',
    body: 'Race the clock or ride live with friends, and see where you stand on every route.',
  },
];

/** The guests' showcase for smart-trainer owners (document 000 section 1). */
export function TrainerShowcase() {
  return (
    <Box
      component="section"
      aria-labelledby="trainer-heading"
      c="white"
      py={{ base: 56, sm: 88 }}
      style={{ background: 'linear-gradient(160deg, #0b1220 0%, #13254a 60%, #0b3b5c 100%)' }}
    >
      <Container size="xl" px={{ base: 'md', sm: 'xl' }}>
        <Stack gap={8} mb={48} maw={680}>
          <Text tt="uppercase" fw={700} lts={1.5} size="sm" c="cyan.3">
            <BoltIcon size={14} style={{ verticalAlign: -2, marginRight: 6 }} />
            For smart-trainer owners
          </Text>
          <Title id="trainer-heading" order={2} fz={{ base: 30, sm: 40 }} fw={900} lts={-1}>
            Ride with your smart trainer
          </Title>
          <Text c="gray.4" size="lg">
            Turn your trainer into a window on the world&apos;s best roads.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl">
          {FEATURES.map((f) => (
            <Stack key={f.title} gap="sm">
              <ThemeIcon
                size={48}
                radius="md"
                variant="gradient"
                gradient={{ from: 'blue', to: 'cyan', deg: 135 }}
              >
                {f.icon}
              </ThemeIcon>
              <Title order={3} fz="lg" fw={700}>
                {f.title}
              </Title>
              <Text c="gray.4" size="sm" lh={1.6}>
                {f.body}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
