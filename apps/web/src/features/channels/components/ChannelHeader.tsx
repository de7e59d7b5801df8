import { Avatar, Box, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ChannelInfo } from '@ridealong/contracts';
import { channelTitleOf } from '../../../components/media/channelText';
import { UploadIcon } from '../../../components/icons';
import { usePageTitle } from '../../../lib/pageTitle';

type Props = { owner: ChannelInfo['user']; canEdit: boolean; onEdit: () => void };

/** The channel's banner image, title and description; the owner's Edit and upload controls. */
export function ChannelHeader({ owner, canEdit, onEdit }: Props) {
  const title = channelTitleOf(owner);
  // A public channel names the tab; the owner's own page is 'My channel' (routeTitles.ts).
  usePageTitle(canEdit ? null : title);
  // A channel without its own title goes by the owner's name: no 'caseyrides by caseyrides'.
  const byline = title === owner.display_name ? null : owner.display_name;
  return (
    <Stack gap="md">
      {owner.channel_image ? (
        <Box style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}>
          <Image
            src={owner.channel_image}
            alt=""
            h={{ base: 120, sm: 200 }}
            fit="cover"
            data-testid="channel-image"
          />
        </Box>
      ) : null}
      <Group justify="space-between" align="flex-start">
        <Group gap="md" wrap="nowrap">
          <Avatar src={owner.photo_url} alt="" size={56} radius="xl" color="blue">
            {title.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Title order={1} data-testid="channel-title">
              {title}
            </Title>
            {byline ? (
              <Text c="dimmed" size="sm">
                by {byline}
              </Text>
            ) : null}
          </div>
        </Group>
        {canEdit ? (
          <Group gap="xs">
            <Button variant="default" onClick={onEdit}>
              Edit channel
            </Button>
            <Button component={Link} to="/new-video" leftSection={<UploadIcon size={16} />}>
              Upload a video
            </Button>
          </Group>
        ) : null}
      </Group>
      {owner.channel_description ? (
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="channel-description">
          {owner.channel_description}
        </Text>
      ) : null}
    </Stack>
  );
}
