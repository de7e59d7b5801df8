import { Text } from '@mantine/core';
import type { SampleChannel } from '../sampleContent';
import { MediaCard } from './MediaCard';

/** A creator's channel with its workout count; opens /channel/{id}. */
export function ChannelCard({ channel }: { channel: SampleChannel }) {
  return (
    <MediaCard
      testId="channel-card"
      to={`/channel/${channel.id}`}
      title={channel.title}
      thumbnail={channel.thumbnail}
    >
      <Text size="sm" c="gray.7" lineClamp={1}>
        {channel.tagline}
      </Text>
      <Text size="sm" fw={600} c="blue.7">
        {channel.workoutCount} workouts
      </Text>
    </MediaCard>
  );
}
