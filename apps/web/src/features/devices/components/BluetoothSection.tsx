import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import {
  connectBluetooth,
  disconnectBluetooth,
  useBluetoothStore,
} from '../lib/bluetooth/bluetoothSource';
import { hasWebBluetooth } from '../../../lib/webBluetooth';

type Role = 'trainer' | 'strap';

const ROLES: { role: Role; label: string; connect: string }[] = [
  { role: 'trainer', label: 'Smart trainer (FTMS)', connect: 'Connect trainer' },
  { role: 'strap', label: 'Heart rate strap', connect: 'Connect heart rate strap' },
];

/** Connects a trainer and a strap straight from the page; only where Web Bluetooth exists. */
export function BluetoothSection() {
  const state = useBluetoothStore();
  if (!hasWebBluetooth()) return null;
  return (
    <Stack gap="xs" data-testid="bluetooth-section">
      <Divider />
      <Text fw={600}>Use Bluetooth in this browser</Text>
      <Text size="xs" c="dimmed">
        No tracker? Connect a Bluetooth smart trainer and a heart rate strap directly. The tracker
        connection is closed while these are in use.
      </Text>
      {ROLES.map(({ role, label, connect }) => {
        const device = state[role];
        return (
          <Group key={role} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm">{label}</Text>
              <Text size="xs" c={device ? 'green' : 'dimmed'}>
                {device ? `Connected: ${device.name}` : 'Not connected'}
              </Text>
            </div>
            {device ? (
              <Button size="compact-xs" variant="default" onClick={() => disconnectBluetooth(role)}>
                Disconnect
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="light"
                loading={state.busy === role}
                disabled={state.busy !== null && state.busy !== role}
                onClick={() => void connectBluetooth(role)}
              >
                {connect}
              </Button>
            )}
          </Group>
        );
      })}
      {state.error ? (
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">{state.error}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
