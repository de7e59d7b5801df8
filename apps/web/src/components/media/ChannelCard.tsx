import { Text } from '@mantine/core';
import type { ChannelRow } from '@ridealong/contracts';
import { channelTitleOf, workoutCountLabel } from './channelText';
import { MediaCard } from './MediaCard';

/**
 * A creator's channel: its image (else its newest video's poster), title, description and
 * 'N workouts'. Opens /channel/{id}.
 */
export function ChannelCard({ channel }: { channel: ChannelRow }) {
  const cover =
    channel.channel_image ?? channel.races.find((r) => r.thumbnail_url)?.thumbnail_url ?? null;
  return (
    <MediaCard
      testId="channel-card"
      to={`/channel/${channel.id}`}
      title={channelTitleOf(channel)}
      thumbnail={cover}
    >
      {channel.channel_description ? (
        <Text size="sm" c="gray.7" lineClamp={1}>
          {channel.channel_description}
        </Text>
      ) : null}
      <Text size="sm" fw={600} c="blue.7">
        {workoutCountLabel(channel.video_count)}
      </Text>
    </MediaCard>
  );
}
