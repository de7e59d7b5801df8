import { Anchor, Box, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { deviceKindFromUserAgent } from '@ridealong/contracts';
import { DownloadButton } from '../../../components/DownloadButton';
import { MonitorIcon } from '../../../components/icons';

/**
 * Browsers are offered the desktop app for their OS (document 000 section 2); phones and
 * tablets cannot ride, so they get a note instead of an installer.
 */
export function DownloadPrompt() {
  const mobile = deviceKindFromUserAgent(navigator.userAgent) === 'mobile';
  return (
    <Container size="100rem" px={{ base: 'md', sm: 'xl' }} pt={{ base: 32, sm: 48 }}>
      <Paper
        component="section"
        aria-labelledby="download-heading"
        radius="xl"
        p={{ base: 'lg', sm: 32 }}
        style={{
          background:
            'linear-gradient(120deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-cyan-0) 100%)',
          border: '1px solid var(--mantine-color-blue-1)',
        }}
      >
        <Group justify="space-between" gap="lg">
          <Group gap="lg" wrap="nowrap" align="flex-start">
            <ThemeIcon
              size={52}
              radius="lg"
              variant="gradient"
              gradient={{ from: 'blue', to: 'cyan', deg: 135 }}
              visibleFrom="xs"
            >
              <MonitorIcon size={28} />
            </ThemeIcon>
            <Stack gap={4}>
              <Title id="download-heading" order={2} fz={{ base: 22, sm: 26 }} fw={800}>
                Get the desktop app
              </Title>
              <Text c="gray.7" maw={560}>
                {mobile
                  ? 'Riding needs the desktop app on a Mac or Windows computer.'
                  : 'Ride every workout with your smart trainer, full length and interactive. Free for Mac and Windows.'}
              </Text>
            </Stack>
          </Group>
          <Box>
            {mobile ? (
              <Anchor component={Link} to="/setup" fw={600}>
                How to get set up
              </Anchor>
            ) : (
              <Group gap="md">
                <DownloadButton size="md" radius="xl" />
                <Anchor component={Link} to="/setup" fw={600} size="sm">
                  Setup guide
                </Anchor>
              </Group>
            )}
          </Box>
        </Group>
      </Paper>
    </Container>
  );
}
