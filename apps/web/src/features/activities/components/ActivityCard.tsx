import { Anchor, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Track } from '@ridealong/contracts';
import { PLACEHOLDER_THUMBNAIL } from '../../../components/media/MediaCard';
import { useUnits } from '../../../lib/units';
import { videoPath as videoPathOf } from '../../../lib/videoPath';
import { activitySummary } from '../lib/activity';
import { isUploadedToStrava } from '../lib/stravaUpload';
import { ActivityActions } from './ActivityActions';
import { RideMarks } from './RideMarks';

/**
 * One saved ride: thumbnail, title linking to its video, date, h:mm:ss, distance and average
 * watts, its mode and (when not ranked) its difficulty. A track already sent to Strava is greyed out and links to its Strava activity
 * (document 001 section 4).
 */
export function ActivityCard({ track }: { track: Track }) {
  const summary = activitySummary(track, useUnits());
  const videoPath = videoPathOf(track.url);
  const uploaded = isUploadedToStrava(track);
  // The ride's details fade; its actions stay at full strength since they still work.
  const greyed = uploaded ? { opacity: 0.55 } : undefined;
  return (
    <Card
      component="article"
      aria-label={track.title}
      withBorder
      radius="lg"
      padding="sm"
      data-testid="activity-card"
      data-track-id={track.id}
      data-uploaded={uploaded}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        {/* The thumbnail repeats the title link, so it stays out of the tab order. */}
        <Link to={videoPath} tabIndex={-1} aria-hidden="true" style={{ flexShrink: 0, ...greyed }}>
          <Image
            src={track.thumbnail_url ?? PLACEHOLDER_THUMBNAIL}
            fallbackSrc={PLACEHOLDER_THUMBNAIL}
            alt=""
            w={{ base: 112, sm: 176 }}
            h={{ base: 63, sm: 99 }}
            radius="md"
            loading="lazy"
            data-testid="activity-thumbnail"
          />
        </Link>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Stack gap={4} style={greyed}>
            <Anchor
              component={Link}
              to={videoPath}
              c="dark"
              fw={700}
              lineClamp={1}
              underline="hover"
              data-testid="activity-title"
            >
              {track.title}
            </Anchor>
            <Text size="sm" c="dimmed" data-testid="activity-date">
              {summary.date}
            </Text>
            <RideMarks ride={track} />
            <Group gap="md" wrap="wrap">
              <Figure label="Duration" value={summary.duration} testId="activity-duration" />
              <Figure label="Distance" value={summary.distance} testId="activity-distance" />
              <Figure label="Avg. power" value={summary.power} testId="activity-power" />
            </Group>
            <Anchor
              component={Link}
              to={`/activities/${track.id}`}
              size="sm"
              underline="always"
              data-testid="activity-details"
            >
              Ride details and charts
            </Anchor>
          </Stack>
          <ActivityActions track={track} />
        </Stack>
      </Group>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Text size="sm" c="gray.7">
      {label}{' '}
      <Text span fw={700} c="dark" data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}
