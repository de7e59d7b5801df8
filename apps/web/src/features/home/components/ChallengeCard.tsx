import { Text } from '@mantine/core';
import type { Challenge } from '@ridealong/contracts';
import type { ChannelRef } from '../../../components/media/MediaCard';
import { MediaCard } from '../../../components/media/MediaCard';
import { channelNameOf } from '../../../components/media/VideoCard';
import { challengeImage } from '../../../lib/challengeImage';
import { formatBadgeDuration } from '../../../lib/formatDuration';
import { useUnits } from '../../../lib/units';
import { challengeSubtitle, raceHasSlope, raceSeconds } from '../lib/challengeCard';

/**
 * A challenge of the home carousels (document 000 section 2); opens /challenge/{id}. A
 * race-based one shows its videos' total duration, the gradient icon when they carry slope
 * data, 'from {channel}' of its first video and 'Ride all 3 videos ...'; the others name
 * their goal in its unit.
 */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const race = challenge.challenge_type === 'RACE_BASED';
  const units = useUnits();
  const seconds = race ? raceSeconds(challenge) : 0;
  const duration = seconds > 0 ? formatBadgeDuration(seconds) : undefined;
  const owner = race ? challenge.videos[0]?.user : undefined;
  const channel: ChannelRef | undefined = owner
    ? { id: owner.id, title: channelNameOf(owner) }
    : undefined;
  return (
    <MediaCard
      testId="challenge-card"
      to={`/challenge/${challenge.id}`}
      title={challenge.title}
      thumbnail={challengeImage(challenge)}
      badge={duration}
      badgeLabel={duration ? `Duration ${duration}` : undefined}
      hasSlope={race && raceHasSlope(challenge)}
      channel={channel}
    >
      <Text size="sm" c="gray.7" data-testid="challenge-subtitle">
        {challengeSubtitle(challenge, units)}
      </Text>
    </MediaCard>
  );
}
