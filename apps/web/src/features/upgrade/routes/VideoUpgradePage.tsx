import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PlanFeatureTable } from '../../../components/PlanFeatureTable';

/**
 * /video-upgrade: a video the member's plan does not include. The spec both redirects this
 * route to /pricing and describes its body; the body is kept, with the way to /pricing.
 */
export function VideoUpgradePage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>This video needs an upgrade</Title>
          <Text c="dimmed" size="lg" mt={4}>
            Community videos are part of our paid plans: Core members ride them in SD, and Pro
            members get HD plus exclusive videos.
          </Text>
        </div>
        <Card withBorder radius="lg" padding="lg">
          <PlanFeatureTable />
        </Card>
        <Group justify="space-between">
          <Anchor component={Link} to="/videos">
            Back to videos
          </Anchor>
          <Button component={Link} to="/pricing" size="md" radius="xl">
            See plans
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
