import { useMemo } from 'react';
import { Alert, Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { rideSummary, seriesPoints } from '@ridealong/contracts';
import { RideSummaryFigures } from '../../../components/ride/RideSummaryFigures';
import { SiteFooter } from '../../../components/SiteFooter';
import { lazyPart, useLazyPartNow } from '../../../lib/lazyPart';
import { usePageMeta } from '../../../lib/pageMeta';
import { videoPath } from '../../../lib/videoPath';
import { useUserStore } from '../../../stores/user';
import { useActivitySeries } from '../api/useActivitySeries';
import { RideMarks } from '../components/RideMarks';
import { formatActivityDate } from '../lib/activity';

/**
 * The charts (and their library) load only with this page: the home page's budget is tight.
 * Asked for in the page's first render: a 6-hour ride's seconds can be here first, and its
 * first chart waited for the module (tens of ms on a cold load).
 */
const chartsPart = lazyPart(async () => (await import('../components/ActivityCharts')).default);

/** A path id as a track id, or null for anything that is not one. */
function trackIdOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** /activities/{id}: one saved ride's summary and its power, heart rate, cadence and elevation. */
export function ActivityPage() {
  const { id } = useParams();
  const trackId = trackIdOf(id);
  const signedIn = useUserStore((s) => s.user.userId !== '');
  const { data: series, error, isPending } = useActivitySeries(signedIn ? trackId : null);
  const ActivityCharts = useLazyPartNow(chartsPart);
  // W/kg by the rider's weight, as the server gives it: an admin may read anyone's ride.
  const summary = useMemo(
    () => (series ? rideSummary(seriesPoints(series), series.rider_weight ?? null) : null),
    [series],
  );
  // When the page first had the data: the charts' first paint is measured from here.
  const receivedAt = useMemo(() => (series ? performance.now() : 0), [series]);
  usePageMeta({
    title: series ? series.title : 'Activity',
    description: 'A ride on RideAlong: its time, distance, climb, power, heart rate and cadence.',
    // A PNG at a fixed path (as /activities): crawlers take no inlined data: image.
    image: '/share/activities.png',
    url: `/activities/${id ?? ''}`,
  });

  let body;
  if (!signedIn) body = <Alert color="blue">Log in to see your activities.</Alert>;
  else if (trackId === null) body = <Alert color="red">This activity was not found.</Alert>;
  else if (error) body = <Alert color="red">{error.message}</Alert>;
  else if (isPending || !series || !summary) body = <Loader aria-label="Loading the ride" />;
  else {
    body = (
      <Stack gap="lg">
        <div>
          <Title order={1} data-testid="activity-page-title">
            {series.title}
          </Title>
          <Group gap="md">
            <Text c="gray.7">{formatActivityDate(series.timestamp)}</Text>
            <Anchor component={Link} to={videoPath(series.url)} underline="always">
              Ride this video again
            </Anchor>
          </Group>
          <RideMarks ride={series} />
        </div>
        <Paper withBorder radius="md" p="md">
          <RideSummaryFigures summary={summary} tone="light" />
        </Paper>
        {ActivityCharts === 'failed' ? (
          <Alert color="red">The charts could not be loaded. Please reload the page.</Alert>
        ) : ActivityCharts ? (
          <ActivityCharts series={series} receivedAt={receivedAt} />
        ) : (
          <Loader aria-label="Loading the charts" />
        )}
      </Stack>
    );
  }

  return (
    <>
      <Container size="lg" py="md" data-testid="activity-page">
        <Anchor component={Link} to="/activities" underline="always" mb="sm" display="block">
          All activities
        </Anchor>
        {body}
      </Container>
      <SiteFooter />
    </>
  );
}
