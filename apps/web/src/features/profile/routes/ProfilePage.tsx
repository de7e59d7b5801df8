import { useEffect } from 'react';
import { Card, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useUiStore } from '../../../stores/ui';
import defaultAvatar from '../assets/default-avatar.svg';
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
  const since = user.createdAt
    ? new Date(user.createdAt).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
    : null;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <Image
            src={user.photo_url || null}
            fallbackSrc={defaultAvatar}
            alt="Profile photo"
            w={72}
            h={72}
            radius={999}
            data-testid="profile-photo"
          />
          <div>
            <Title order={1}>{user.display_name}</Title>
            <Text c="dimmed">{user.email}</Text>
            {since && (
              <Text size="sm" c="dimmed">
                Member since {since}
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
