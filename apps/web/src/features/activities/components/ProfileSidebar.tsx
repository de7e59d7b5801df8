import { Card, Image, Stack, Text } from '@mantine/core';
import { useUserStore } from '../../../stores/user';
import defaultAvatar from '../assets/default-avatar.svg';
import { memberSince } from '../lib/activity';
import { StatsCard } from './StatsCard';

/** Left column: photo (fallback image when it fails), first name, 'Member since', stats. */
export function ProfileSidebar() {
  const user = useUserStore((s) => s.user);
  const name = user.first_name?.trim() || user.display_name || '';
  const since = memberSince(user.createdAt);
  return (
    <Stack gap="md" data-testid="activities-sidebar">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap={6} align="center">
          <Image
            src={user.photo_url || null}
            fallbackSrc={defaultAvatar}
            alt=""
            w={96}
            h={96}
            radius={999}
            data-testid="sidebar-photo"
          />
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
    </Stack>
  );
}
