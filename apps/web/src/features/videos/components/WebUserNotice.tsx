import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton';

/** Browser viewers: riding needs the desktop app (document 001 section 2). */
export function WebUserNotice() {
  return (
    <Card withBorder radius="md" padding="md" data-testid="web-user-notice">
      <Group justify="space-between" gap="md">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Text fw={600}>Ride this video with your smart trainer</Text>
          <Text size="sm" c="dimmed">
            The browser plays the first 10 minutes. The desktop app plays the whole video and drives
            your trainer.{' '}
            <Anchor component={Link} to="/setup" size="sm">
              How to get set up
            </Anchor>
          </Text>
        </Stack>
        <DownloadButton variant="light" />
      </Group>
    </Card>
  );
}
