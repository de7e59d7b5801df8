import { Text } from '@mantine/core';
import { MediaCard } from '../../../components/media/MediaCard';
import { formatBadgeDuration } from '../../../lib/formatDuration';
import type { SampleChallenge } from '../sampleContent';

/** A three-video challenge; opens /challenge/{id}. */
export function ChallengeCard({ challenge }: { challenge: SampleChallenge }) {
  const duration = formatBadgeDuration(challenge.durationSeconds);
  return (
    <MediaCard
      testId="challenge-card"
      to={`/challenge/${challenge.id}`}
      title={challenge.title}
      thumbnail={challenge.thumbnail}
      badge={duration}
      badgeLabel={`Duration ${duration}`}
      hasSlope={challenge.hasSlope}
      channel={challenge.channel}
    >
      <Text size="sm" c="gray.7">
        Ride all 3 videos to complete this challenge!
      </Text>
    </MediaCard>
  );
}
