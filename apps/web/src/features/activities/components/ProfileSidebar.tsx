import { Card, Stack, Text } from '@mantine/core';
import { UserPhoto } from '../../../components/user/UserPhoto';
import { memberSince } from '../../../lib/memberSince';
import { useUserStore } from '../../../stores/user';
import { MyChallengesCard } from './MyChallengesCard';
import { StatsCard } from './StatsCard';

/**
 * Left column: photo (fallback image when it fails), first name, 'Member since', stats, then
 * 'My Challenges:' when the member joined any.
 */
export function ProfileSidebar() {
  const user = useUserStore((s) => s.user);
  const name = user.first_name?.trim() || user.display_name || '';
  const since = memberSince(user.createdAt);
  return (
    <Stack gap="md" data-testid="activities-sidebar">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap={6} align="center">
          <UserPhoto src={user.photo_url} size={96} alt="" testId="sidebar-photo" />
          <Text fw={700} size="lg" ta="center" data-testid="sidebar-name">
            {name}
          </Text>
          {since ? (
            <Text size="sm" c="dimmed" data-testid="sidebar-member-since">
              {since}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <StatsCard userId={user.userId} />
      <MyChallengesCard />
    </Stack>
  );
}
