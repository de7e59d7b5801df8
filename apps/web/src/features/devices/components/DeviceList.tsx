import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TrackerAck, TrackerDevice } from '@ridealong/contracts';
import { useTrackerStore } from '../../../stores/tracker';
import { deviceStateLabel, isLinked, kindsLabel, transportLabel } from '../lib/display';
import { trackerRequests } from '../lib/trackerClient';

/** Runs one tracker request at a time per key and shows the tracker's refusal, if any. */
function useTrackerAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, request: () => Promise<TrackerAck>) => {
    setBusy(key);
    const ack = await request();
    setBusy(null);
    if (!ack.ok) notifications.show({ color: 'red', title: 'Tracker', message: ack.message });
  };
  return { busy, run };
}

/** The tracker's devices and adapters, with Scan, Connect, Disconnect and Forget. */
export function DeviceList() {
  const pulse = useTrackerStore((s) => s.pulse);
  const { busy, run } = useTrackerAction();
  if (!pulse) return null;

  const scanning = pulse.adapters.some((a) => a.state === 'scanning');
  const notes = pulse.adapters.filter((a) => a.message);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Devices</Text>
        <Button
          size="xs"
          variant="light"
          loading={busy === 'scan'}
          onClick={() =>
            void run('scan', scanning ? trackerRequests.stopScan : () => trackerRequests.scan())
          }
        >
          {scanning ? 'Stop scan' : 'Scan'}
        </Button>
      </Group>
      {notes.map((a) => (
        <Alert
          key={a.transport}
          color={a.state === 'error' ? 'red' : 'gray'}
          variant="light"
          p="xs"
          data-testid={`adapter-${a.transport}`}
        >
          <Text size="sm">
            {transportLabel(a.transport)}: {a.message}
          </Text>
        </Alert>
      ))}
      {pulse.devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {scanning
            ? 'Searching… Wake your trainer and sensors by pedalling.'
            : 'No devices yet. Press Scan and pedal to wake your trainer and sensors.'}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {pulse.devices.map((d) => (
            <DeviceRow key={d.id} device={d} busy={busy} run={run} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type RowProps = {
  device: TrackerDevice;
  busy: string | null;
  run: ReturnType<typeof useTrackerAction>['run'];
};

function DeviceRow({ device, busy, run }: RowProps) {
  const linked = isLinked(device);
  const key = (action: string) => `${action}:${device.id}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="xs"
      aria-label={device.name}
      data-testid={`device-${device.id}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text size="sm" fw={600} truncate>
              {device.name}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color={device.transport === 'simulator' ? 'grape' : 'blue'}
            >
              {transportLabel(device.transport)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {kindsLabel(device.kinds)}
            {device.controllable ? ' · slope control' : ''}
          </Text>
          <Text
            size="xs"
            c={device.state === 'connected' ? 'green' : 'dimmed'}
            data-testid="device-state"
          >
            {deviceStateLabel(device)}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {linked ? (
            <Button
              size="compact-xs"
              variant="default"
              loading={busy === key('disconnect')}
              onClick={() =>
                void run(key('disconnect'), () => trackerRequests.disconnectDevice(device.id))
              }
            >
              Disconnect
            </Button>
          ) : (
            <Button
              size="compact-xs"
              loading={busy === key('connect')}
              onClick={() =>
                void run(key('connect'), () => trackerRequests.connectDevice(device.id))
              }
            >
              Connect
            </Button>
          )}
          {device.remembered ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={busy === key('forget')}
              onClick={() => void run(key('forget'), () => trackerRequests.forgetDevice(device.id))}
            >
              Forget
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
