import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SiteFooter } from '../../../components/SiteFooter';
import { CtaButton } from '../components/CtaButton';
import { MountainSunIcon, PulseIcon, TrophyIcon } from '../../../components/icons';

const PERKS: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Ride real roads',
    text: 'Train indoors on routes filmed by riders around the world, with your trainer following every climb.',
    icon: <MountainSunIcon size={26} />,
  },
  {
    title: 'Race your club',
    text: 'Join live group rides and challenges, and see where you stand on the leaderboard.',
    icon: <TrophyIcon size={26} />,
  },
  {
    title: 'Keep your data',
    text: 'Power, heart rate and cadence are recorded on every ride and can be sent to Strava.',
    icon: <PulseIcon size={26} />,
  },
];

/** /usacycling: the landing page for cycling-association members (partner promotion). */
export function UsaCyclingPage() {
  return (
    <>
      <Box
        py={{ base: 48, md: 80 }}
        style={{
          background:
            'linear-gradient(160deg, var(--mantine-color-red-8), var(--mantine-color-indigo-9))',
        }}
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Title order={1} c="white" fz={{ base: 32, md: 48 }}>
              Welcome, USA Cycling members
            </Title>
            <Text c="gray.1" size="xl" maw={620}>
              We are proud to ride alongside USA Cycling. As a member you get to train on RideAlong
              with the community all year round, whatever the weather outside. Sign up with your
              member email and start riding today.
            </Text>
            <CtaButton signUpTo="/sign-up" color="white" c="indigo.9" mt="sm" />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 48, md: 72 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {PERKS.map((perk) => (
            <Card key={perk.title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={48} radius="xl" variant="light" color="indigo" mb="md">
                {perk.icon}
              </ThemeIcon>
              <Title order={2} size="h4" mb={6}>
                {perk.title}
              </Title>
              <Text c="dimmed" size="sm">
                {perk.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <SiteFooter />
    </>
  );
}
