import { Text } from '@mantine/core';
import { hasGradient, type Race } from '@ridealong/contracts';
import { formatBadgeDuration } from '../../lib/formatDuration';
import { lacksSlope, planBadgeOf } from '../../lib/planBadge';
import { videoPath } from '../../lib/videoPath';
import { MediaCard } from './MediaCard';

/** The channel name a video is shown 'from': the channel title, else the owner's name. */
export function channelNameOf(owner: Race['user']): string {
  return owner.channel_title?.trim() || owner.display_name;
}

/** The owner's own channel lists videos that are not ready yet; their cards say so. */
const STATUS_TEXT: Partial<Record<Race['status'], string>> = {
  uploading: 'Uploading…',
  uploaded: 'Waiting to be processed…',
  processing: 'Processing…',
  failed: 'Processing failed',
};

/**
 * A workout video (document 001, videos list and carousels): thumbnail, duration badge, the
 * gradient icon when slope data exists, the title and 'from {channel}'. Opens /video/{url}.
 */
export function VideoCard({ race }: { race: Race }) {
  const duration = race.duration > 0 ? formatBadgeDuration(race.duration) : undefined;
  return (
    <MediaCard
      testId="workout-card"
      to={videoPath(race.url)}
      title={race.title}
      thumbnail={race.thumbnail_url}
      badge={duration}
      badgeLabel={duration ? `Duration ${duration}` : undefined}
      hasSlope={hasGradient(race.slope_source_id)}
      noSlope={lacksSlope(race)}
      plan={planBadgeOf(race)}
      channel={{ id: race.user.id, title: channelNameOf(race.user) }}
    >
      {STATUS_TEXT[race.status] ? (
        <Text
          size="sm"
          c={race.status === 'failed' ? 'red.7' : 'cyan.8'}
          data-testid="video-status"
        >
          {STATUS_TEXT[race.status]}
        </Text>
      ) : null}
    </MediaCard>
  );
}
