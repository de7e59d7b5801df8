import { useEffect } from 'react';
import { Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useUiStore } from '../../../stores/ui';
import { UserPhoto } from '../../../components/user/UserPhoto';
import { memberSince } from '../../../lib/memberSince';
import { PlanStatus } from '../components/PlanStatus';
import { ProfileForm } from '../components/ProfileForm';
import { PromoCodeBox } from '../components/PromoCodeBox';
import { StravaConnect } from '../components/StravaConnect';

/** /profile: the member's own page (document 000 sections 2 and 4). */
export function ProfilePage() {
  const signedIn = useUserStore(selectSignedIn);
  const user = useUserStore((s) => s.user);
  const setEditable = useUiStore((s) => s.setProfileFormEditable);
  // The form opens read-only on every visit (section 4), even if it was left in Edit.
  useEffect(() => () => setEditable(false), [setEditable]);
  if (!signedIn) return <Navigate to="/login?redirect=profile" replace />;
  const since = memberSince(user.createdAt);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <UserPhoto src={user.photo_url} size={72} alt="Profile photo" testId="profile-photo" />
          <div>
            <Title order={1}>{user.display_name}</Title>
            <Text c="dimmed">{user.email}</Text>
            {since && (
              <Text size="sm" c="dimmed">
                {since}
              </Text>
            )}
          </div>
        </Group>
        <PlanStatus user={user} />
        <StravaConnect />
        <PromoCodeBox user={user} />
        <Card withBorder padding="lg">
          <ProfileForm user={user} />
        </Card>
      </Stack>
    </Container>
  );
}
