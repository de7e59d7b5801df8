import { Avatar, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { ProfileForm } from '../components/ProfileForm';

const LEVEL_NAMES: Record<string, string> = {
  free: 'Free',
  trial: 'Trial',
  core: 'Core',
  pro: 'Pro',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  cancelled_period_not_over: 'Cancelled',
};

/** /profile: the member's own page. Plan and billing controls arrive with the billing work. */
export function ProfilePage() {
  const signedIn = useUserStore(selectSignedIn);
  const user = useUserStore((s) => s.user);
  if (!signedIn) return <Navigate to="/login?redirect=profile" replace />;
  const since = user.createdAt
    ? new Date(user.createdAt).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
    : null;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <Avatar
            src={user.photo_url ?? null}
            alt={user.display_name ?? 'Profile photo'}
            size={72}
            radius="xl"
            color="blue"
          >
            {(user.display_name ?? '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Title order={1}>{user.display_name}</Title>
            <Text c="dimmed">{user.email}</Text>
            {since && (
              <Text size="sm" c="dimmed">
                Member since {since}
              </Text>
            )}
          </div>
          <Badge ml="auto" size="lg" variant="light" data-testid="plan-badge">
            {LEVEL_NAMES[user.account_level ?? 'free'] ?? 'Free'}
          </Badge>
        </Group>
        <Card withBorder padding="lg">
          <ProfileForm user={user} />
        </Card>
      </Stack>
    </Container>
  );
}
