import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { DownloadButton } from '../../../components/DownloadButton';
import { getAppTrackerBridge } from '../../../lib/connectDevice';
import { useTrackerStore } from '../../../stores/tracker';
import { useUserStore } from '../../../stores/user';
import { APP_NOT_RUNNING_TEXT, NOT_RUNNING_TEXT, OPEN_APP_TEXT, statusText } from '../lib/display';
import { startTracker } from '../lib/trackerClient';

/**
 * The connection's state: a status line, or what to do when the tracker cannot be reached. In
 * the desktop app the tracker is the app's own: Try again also asks the app to start it.
 */
export function TrackerStatus({ inApp = false }: { inApp?: boolean }) {
  const connection = useTrackerStore((s) => s.connection);
  const version = useTrackerStore((s) => s.pulse?.version ?? null);
  const userId = useUserStore((s) => s.user.userId);
  const retry = () => {
    if (inApp) getAppTrackerBridge()?.send('open-tracker', { userId: Number(userId) || null });
    startTracker();
  };

  if (connection.source !== 'web-bluetooth' && connection.status === 'not_running') {
    return (
      <Alert
        color="orange"
        title="Tracker not running"
        data-testid="tracker-not-running"
        role="status"
      >
        {inApp ? (
          <Text size="sm">{APP_NOT_RUNNING_TEXT}</Text>
        ) : (
          <Text size="sm">
            {NOT_RUNNING_TEXT} {OPEN_APP_TEXT}
          </Text>
        )}
        <Group mt="sm" gap="sm">
          <Button size="xs" onClick={retry}>
            Try again
          </Button>
          {/* No developer command for riders: the app that runs the tracker, to download. */}
          {inApp ? null : <DownloadButton size="xs" variant="default" />}
        </Group>
      </Alert>
    );
  }

  if (connection.status === 'refused') {
    return (
      <Alert color="red" title="Connection refused" data-testid="tracker-refused" role="status">
        <Text size="sm">{statusText(connection, version)}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={retry}>
          Try again
        </Button>
      </Alert>
    );
  }

  const waiting = connection.status === 'connecting' || connection.status === 'retrying';
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
      {waiting ? <Loader size="xs" /> : <StatusDot on={connection.status === 'connected'} />}
      <Text size="sm" data-testid="tracker-status">
        {statusText(connection, version)}
      </Text>
      {connection.status === 'idle' ? (
        <Button size="compact-xs" variant="light" onClick={retry}>
          Connect to the tracker
        </Button>
      ) : null}
    </Group>
  );
}

function StatusDot({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden
      style={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        flex: 'none',
        backgroundColor: on ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)',
      }}
    />
  );
}
