import { Anchor, AspectRatio, Badge, Box, Card, Grid, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Race } from '@ridealong/contracts';
import { PLACEHOLDER_THUMBNAIL } from '../../../components/media/MediaCard';
import { VideoBadges } from '../../../components/media/VideoBadges';
import { formatBadgeDuration } from '../../../lib/formatDuration';
import { lacksSlope, planBadgeOf } from '../../../lib/planBadge';
import { videoPath } from '../../../lib/videoPath';

const STATUS_LABEL: Partial<Record<Race['status'], string>> = {
  uploading: 'Uploading',
  uploaded: 'Waiting to process',
  processing: 'Processing',
  failed: 'Processing failed',
};

/** A channel's first video, shown large above the gallery. */
export function FeaturedVideo({ race }: { race: Race }) {
  const to = videoPath(race.url);
  const status = STATUS_LABEL[race.status];
  return (
    <Card withBorder radius="lg" padding={0} data-testid="featured-video">
      <Grid gutter={0} align="stretch">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Box pos="relative">
            <Link to={to} tabIndex={-1} aria-hidden="true" style={{ display: 'block' }}>
              <AspectRatio ratio={16 / 9}>
                <Image
                  src={race.thumbnail_url ?? PLACEHOLDER_THUMBNAIL}
                  fallbackSrc={PLACEHOLDER_THUMBNAIL}
                  alt=""
                />
              </AspectRatio>
            </Link>
            {status ? (
              <Badge
                pos="absolute"
                top={12}
                left={12}
                color={race.status === 'failed' ? 'red' : 'cyan'}
              >
                {status}
              </Badge>
            ) : null}
            {/* The status badge has the top left: 'No slope data' goes bottom left. */}
            <VideoBadges
              plan={planBadgeOf(race)}
              noSlope={lacksSlope(race)}
              overlay={{ plan: { top: 12, right: 12 }, noSlope: { bottom: 12, left: 12 } }}
            />
            {race.duration > 0 ? (
              <Badge
                pos="absolute"
                bottom={12}
                right={12}
                color="dark"
                style={{ textTransform: 'none' }}
              >
                {formatBadgeDuration(race.duration)}
              </Badge>
            ) : null}
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="xs" p="lg">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Featured
            </Text>
            <Anchor component={Link} to={to} c="dark" fw={800} fz={{ base: 'lg', sm: 'xl' }}>
              {race.title}
            </Anchor>
            {race.description ? (
              <Text c="dimmed" lineClamp={6}>
                {race.description}
              </Text>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
