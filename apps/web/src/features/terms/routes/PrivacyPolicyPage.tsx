import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PrivacyText } from '../../../components/legal/PrivacyText';
import { SiteFooter } from '../../../components/SiteFooter';

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  return (
    <>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Text tt="uppercase" fw={700} size="xs" c="blue" lts={1}>
              Legal
            </Text>
            <Title order={1}>Privacy Policy</Title>
            <Text c="dimmed" mt={4}>
              What we collect, why, and the choices you have. See also our{' '}
              <Anchor component={Link} to="/terms">
                Terms of Service
              </Anchor>
              .
            </Text>
          </div>
          <Card withBorder radius="lg" padding="xl">
            <PrivacyText />
          </Card>
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
