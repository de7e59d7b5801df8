import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router';

/** Shown instead of a blank page when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'The page could not be shown.';
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={2}>Something went wrong.</Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Container>
  );
}
