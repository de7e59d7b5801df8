import { RefreshIcon } from '../../../components/icons';
import { Button, Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { deviceKindFromUserAgent, type Platform } from '@ridealong/contracts';
import { useNavigate } from 'react-router';
import { getDesktopBridge, openExternal } from '../../../lib/bridge';

/** /upgrade: the desktop app is too old (version gate); send the user to the new installer. */
export function UpgradePage() {
  const navigate = useNavigate();
  const kind = deviceKindFromUserAgent(navigator.userAgent);
  // /setup starts this platform's installer from the server's list (or says none is published).
  const platform: Platform = kind === 'windows' || kind === 'linux' ? kind : 'mac';
  const setupPath = `/setup?platform=${platform}`;
  const download = () => {
    // Inside the desktop app the download has to happen in the system browser.
    if (getDesktopBridge()) openExternal(new URL(setupPath, window.location.origin).href);
    else navigate(setupPath);
  };
  return (
    <Container size="sm" py={{ base: 48, md: 96 }}>
      <Card withBorder radius="lg" padding="xl" shadow="sm">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon
            size={80}
            radius="xl"
            variant="gradient"
            gradient={{ from: 'blue', to: 'cyan' }}
          >
            <RefreshIcon size={40} strokeWidth={1.8} />
          </ThemeIcon>
          <Title order={1}>A new version of the desktop app is available</Title>
          <Text c="dimmed" size="lg" maw={460}>
            This version of RideAlong is no longer supported. Please download the new version and
            install it to keep riding. Your account and rides are kept.
          </Text>
          <Button size="lg" radius="xl" onClick={download} data-testid="upgrade-download">
            Download
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
