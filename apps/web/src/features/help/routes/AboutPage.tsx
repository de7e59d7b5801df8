import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteFooter } from '../../../components/SiteFooter';
import { CtaButton } from '../components/CtaButton';
import { BikeIcon, CameraIcon, GlobeIcon, PulseIcon, ShareIcon } from '../../../components/icons';
import { Showcase } from '../components/Showcase';
import { InstallerNotice } from '../components/InstallerNotice';
import { useInstallerAutoDownload } from '../lib/useInstallerAutoDownload';

type Item = {
  title: string;
  text: string;
  icon: ReactNode;
  gradient: { from: string; to: string };
};

const SHOWCASES: Item[] = [
  {
    title: 'Make fitness fun',
    text: 'Trade the blank wall for real roads. Ride outdoor videos recorded by the community while your smart trainer feels every climb, and chase your friends on a live leaderboard.',
    icon: <BikeIcon size={64} />,
    gradient: { from: 'blue', to: 'cyan' },
  },
  {
    title: 'Explore the world',
    text: 'Coastal roads, mountain passes and city loops, filmed by riders who know them. Discover a new route every day without leaving your pain cave.',
    icon: <GlobeIcon size={64} />,
    gradient: { from: 'teal', to: 'lime' },
  },
  {
    title: 'Support creators',
    text: 'Every video is made by a rider like you. Subscribe to their channels, ride their routes and help the people who film them keep exploring.',
    icon: <CameraIcon size={64} />,
    gradient: { from: 'grape', to: 'pink' },
  },
  {
    title: 'Share adventures',
    text: 'Film your favourite ride, upload it with the desktop app and create your own channel. Invite friends to ride it with you in a live group event.',
    icon: <ShareIcon size={64} />,
    gradient: { from: 'orange', to: 'yellow' },
  },
  {
    title: 'Get fit now',
    text: 'Track power, heart rate, cadence and distance, join challenges, and send every workout to Strava. Start free, and go ad-free whenever you like.',
    icon: <PulseIcon size={64} />,
    gradient: { from: 'red', to: 'orange' },
  },
];

/** /about: what RideAlong is, in five showcases. ?platform=mac|windows starts the download. */
export function AboutPage() {
  const download = useInstallerAutoDownload();
  return (
    <>
      <Box
        py={{ base: 48, md: 80 }}
        style={{
          background:
            'linear-gradient(160deg, var(--mantine-color-blue-9), var(--mantine-color-cyan-7))',
        }}
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Text tt="uppercase" fw={700} size="sm" c="cyan.1" lts={2}>
              About RideAlong
            </Text>
            <Title order={1} c="white" fz={{ base: 34, md: 52 }}>
              Ride the world together, from home.
            </Title>
            <Text c="blue.0" size="xl" maw={640}>
              RideAlong turns your smart trainer into a window on real roads, filmed and shared by a
              community of riders.
            </Text>
            <CtaButton signUpTo="/login" color="white" c="blue.9" mt="sm" />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 48, md: 80 }}>
        {download ? (
          <Box mb={48}>
            <InstallerNotice download={download} />
          </Box>
        ) : null}
        <Stack gap={80}>
          {SHOWCASES.map((item, i) => (
            <Showcase
              key={item.title}
              title={item.title}
              icon={item.icon}
              gradient={item.gradient}
              reverse={i % 2 === 1}
            >
              {item.text}
            </Showcase>
          ))}
        </Stack>
        <Stack align="center" ta="center" gap="md" mt={80}>
          <Title order={2}>Ready to ride?</Title>
          <Text c="dimmed" size="lg" maw={560}>
            All you need is a bike on a smart trainer and the RideAlong desktop app. We will walk
            you through the rest.
          </Text>
          <Button component={Link} to="/setup" variant="light" size="md" radius="xl">
            How to get set up
          </Button>
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
