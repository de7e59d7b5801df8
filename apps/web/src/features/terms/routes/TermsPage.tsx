import { Anchor, Box, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { TermsText } from '../../../components/legal/TermsText';
import { SiteFooter } from '../../../components/SiteFooter';

/** /terms. With ?electronMode (the desktop app's window) only the text itself is shown. */
export function TermsPage() {
  const [params] = useSearchParams();
  if (params.has('electronMode'))
    return (
      <Box data-testid="terms-bare" p="lg">
        <TermsText variant="terms" />
      </Box>
    );
  return (
    <>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Text tt="uppercase" fw={700} size="xs" c="blue" lts={1}>
              Legal
            </Text>
            <Title order={1}>Terms of Service</Title>
            <Text c="dimmed" mt={4}>
              The rules for riding, uploading and sharing on RideAlong. See also our{' '}
              <Anchor component={Link} to="/privacy-policy">
                Privacy Policy
              </Anchor>
              .
            </Text>
          </div>
          <Card withBorder radius="lg" padding="xl">
            <TermsText variant="terms" />
          </Card>
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
