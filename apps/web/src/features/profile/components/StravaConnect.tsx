import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { STRAVA_MESSAGES } from '@ridealong/contracts';
import { getDesktopBridge } from '../../../lib/bridge';
import { refreshUser } from '../../../lib/refreshUser';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { useStravaConnect } from '../api/useStravaConnect';
import { useStravaDisconnect } from '../api/useStravaDisconnect';

/**
 * 'Connect to Strava' (the fitness network of document 000 section 4): connect, the connected
 * state with Disconnect, and a connection Strava no longer accepts (connect again). The
 * auto-save preference stays in the profile form.
 */
export function StravaConnect() {
  const connectedFlag = useUserStore((s) => s.user.strava_connected === true);
  const reconnectFlag = useUserStore((s) => s.user.strava_reconnect === true);
  const connect = useStravaConnect();
  const disconnect = useStravaDisconnect();
  const recheck = useMutation({ mutationFn: () => refreshUser() });
  // The desktop app took the authorisation to the system browser: its end is not seen here.
  const inBrowser = connect.data === 'desktop' && !connectedFlag;
  useRecheckOnFocus(inBrowser, recheck.mutate);
  const failure = useDesktopStravaFailure();
  const error = connect.error ?? disconnect.error ?? recheck.error;

  const connectButton = (label: string) => (
    <Button
      color="orange"
      onClick={() => connect.mutate()}
      // On the web the page is being replaced by Strava's: the button stays busy meanwhile.
      loading={connect.isPending || connect.data === 'web'}
      data-testid="strava-connect"
    >
      {label}
    </Button>
  );

  return (
    <Card withBorder padding="lg" data-testid="strava-card">
      <Stack gap="sm">
        {connectedFlag ? (
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>Strava</Text>
              <Badge color="orange" variant="light" size="lg" data-testid="strava-connected">
                Connected to Strava
              </Badge>
            </Group>
            <Button
              variant="default"
              onClick={() => disconnect.mutate()}
              loading={disconnect.isPending}
              data-testid="strava-disconnect"
            >
              Disconnect
            </Button>
          </Group>
        ) : reconnectFlag ? (
          <Alert color="yellow" title="Strava" data-testid="strava-reconnect">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{STRAVA_MESSAGES.reconnect}</Text>
              {connectButton('Connect again')}
            </Stack>
          </Alert>
        ) : (
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="strava-note">
              Connect Strava to send your rides there as virtual rides.
            </Text>
            {connectButton('Connect to Strava')}
          </Group>
        )}
        {inBrowser && (
          <Group justify="space-between" data-testid="strava-desktop-waiting">
            <Text size="sm">
              Strava opened in your browser. Authorise RideAlong there, then come back here.
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => recheck.mutate()}
              loading={recheck.isPending}
              data-testid="strava-recheck"
            >
              I have connected
            </Button>
          </Group>
        )}
        {(error ?? failure) && (
          <Alert color="red" role="alert" data-testid="strava-error">
            {error?.message ?? failure}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The desktop app's word that the authorisation ended without a code (declined, timed out). */
function useDesktopStravaFailure(): string | null {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const bridge = electronMode ? getDesktopBridge() : null;
    if (!bridge) return;
    return bridge.on('strava-callback-failed', (payload) => setMessage(payload.message));
  }, [electronMode]);
  return message;
}

/** While the authorisation is open elsewhere, coming back to the app asks for the user again. */
function useRecheckOnFocus(active: boolean, recheck: () => void) {
  useEffect(() => {
    if (!active) return;
    const onFocus = () => recheck();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [active, recheck]);
}
