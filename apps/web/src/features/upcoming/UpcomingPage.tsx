import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The routes whose features arrive with later work (rides, events, challenges,
 * activities, billing, admin) are registered already; they say so plainly instead of 404ing.
 */
export function UpcomingPage({ title }: { title: string }) {
  return (
    <Container size="sm" py={80}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          This part of RideAlong is opening soon. Meanwhile, get your trainer and the desktop app
          ready.
        </Text>
        <Group>
          <Button component={Link} to="/setup">
            How to get set up
          </Button>
          <Button component={Link} to="/" variant="default">
            Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
