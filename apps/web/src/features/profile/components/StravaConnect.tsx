import { Button, Card, Group, Text } from '@mantine/core';

/**
 * 'Connect to Strava' (the fitness network of section 2). The server has no Strava settings
 * yet (GET /api/v1/config names none), so the button is shown disabled and says so instead of
 * starting an authorisation that cannot finish. The Strava issue wires it up.
 */
export function StravaConnect() {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="strava-note">
          Strava connection is coming soon.
        </Text>
        <Button disabled color="orange" data-testid="strava-connect">
          Connect to Strava
        </Button>
      </Group>
    </Card>
  );
}
