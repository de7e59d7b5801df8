import type { RefObject } from 'react';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDistance, formatElevation, type Race } from '@ridealong/contracts';
import { VideoBadges } from '../../../components/media/VideoBadges';
import { lacksSlope, NO_SLOPE_TEXT, planBadgeOf } from '../../../lib/planBadge';
import { useUnits } from '../../../lib/units';
import { useRoute } from '../api/useRoute';
import { RouteProgress } from './RouteProgress';

/** Under the title: the plan a gated video needs and 'No slope data', as on its card. */
export function VideoTags({ race }: { race: Race }) {
  return <VideoBadges plan={planBadgeOf(race)} noSlope={lacksSlope(race)} />;
}

/**
 * The route at a glance, as ROUVY and FulGaz lead with: distance, climb, steepest grade and
 * the elevation profile with the rider's place at the player's time and the slope ahead; for
 * a clip without GPS, why the trainer will not follow it.
 */
export function RouteSection({
  race,
  videoRef,
}: {
  race: Race;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const units = useUnits();
  const withSlope = race.status === 'ready' && !lacksSlope(race);
  const route = useRoute(race.url, withSlope);
  if (race.status !== 'ready') return null;
  if (!withSlope || route.data === null) {
    return (
      <Text size="sm" c="dark.6" data-testid="no-slope-notice">
        {NO_SLOPE_TEXT}: this video has no GPS, so your trainer rides it as a flat road.
      </Text>
    );
  }
  const facts = route.data
    ? [
        { label: 'Distance', value: formatDistance(route.data.distance_m, units, 1) },
        { label: 'Climb', value: formatElevation(route.data.climb_m, units) },
        { label: 'Steepest', value: `${route.data.max_grade_percent} %` },
      ]
    : null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="route-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="route-title">
          Route
        </Title>
        {facts && route.data ? (
          <>
            <SimpleGrid cols={3} spacing="sm" data-testid="route-facts">
              {facts.map((f) => (
                <div key={f.label}>
                  <Text size="xs" c="dark.6" tt="uppercase" fw={700}>
                    {f.label}
                  </Text>
                  <Text fw={800} fz="lg">
                    {f.value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <RouteProgress route={route.data} units={units} videoRef={videoRef} />
          </>
        ) : route.isError ? (
          <Text size="sm" c="red.8">
            The route could not be loaded.
          </Text>
        ) : (
          // A named status, not a bare div: axe forbids aria-label on an element with no role.
          <Skeleton height={180} role="status" aria-label="Loading the route" />
        )}
      </Stack>
    </Card>
  );
}
