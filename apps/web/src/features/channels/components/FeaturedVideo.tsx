import { Anchor, AspectRatio, Badge, Box, Card, Grid, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Race } from '@ridealong/contracts';
import { PLACEHOLDER_THUMBNAIL } from '../../../components/media/MediaCard';
import { formatBadgeDuration } from '../../../lib/formatDuration';
import { lacksSlope, NO_SLOPE_TEXT, planBadgeOf } from '../../../lib/planBadge';

const STATUS_LABEL: Partial<Record<Race['status'], string>> = {
  uploading: 'Uploading',
  uploaded: 'Waiting to process',
  processing: 'Processing',
  failed: 'Processing failed',
};

/** A channel's first video, shown large above the gallery. */
export function FeaturedVideo({ race }: { race: Race }) {
  const to = `/video/${race.url}`;
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
            <FeaturedVideoTags race={race} />
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

/** The plan badge (top right) and 'No slope data' (bottom left) of the video cards. */
function FeaturedVideoTags({ race }: { race: Race }) {
  const plan = planBadgeOf(race);
  return (
    <>
      {plan ? (
        <Badge
          pos="absolute"
          top={12}
          right={12}
          color="violet.9"
          title={plan.description}
          data-testid="plan-badge"
        >
          {plan.label}
        </Badge>
      ) : null}
      {lacksSlope(race) ? (
        <Badge
          pos="absolute"
          bottom={12}
          left={12}
          color="dark"
          style={{ textTransform: 'none' }}
          data-testid="no-slope-badge"
        >
          {NO_SLOPE_TEXT}
        </Badge>
      ) : null}
    </>
  );
}
