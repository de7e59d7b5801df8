import { Alert, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { asSentence } from '../../../lib/sentence';

type Props = {
  title: string;
  /** The page's sentence, with its data-testid for the end-to-end tests. */
  message: ReactNode;
  testId: string;
  /** A failed user refresh: said plainly, the redirect still happens. */
  refreshError?: Error | null;
};

/** The shared look of the post-payment pages: a message, a spinner, then a redirect. */
export function WaitCard({ title, message, testId, refreshError }: Props) {
  return (
    <Container size="sm" py={80}>
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="lg" data-testid={testId}>
            {message}
          </Text>
          <Loader aria-label="Redirecting" />
          {refreshError && (
            <Alert color="yellow" title="Your account could not be refreshed" w="100%" ta="left">
              {asSentence(refreshError.message)} Your plan will show once the page reloads.
            </Alert>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
