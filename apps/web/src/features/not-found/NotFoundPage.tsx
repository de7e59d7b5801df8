import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          There is no page at <code>{pathname}</code>. It may have moved, or the link is mistyped.
        </Text>
        <Button component={Link} to="/" size="md">
          Take me home
        </Button>
      </Stack>
    </Container>
  );
}
