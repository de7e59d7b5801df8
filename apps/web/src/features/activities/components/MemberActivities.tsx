import { Alert, Button, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { useTracksIndex } from '../api/useTracksIndex';
import { mergeTrackPages } from '../lib/pages';
import { ActivitiesPromo } from './ActivitiesPromo';
import { ActivityList } from './ActivityList';
import { ProfileSidebar } from './ProfileSidebar';

/**
 * A signed-in member's page (document 001 section 4, 'Activities list'): loading, then the
 * sidebar and the list, or the promo when no ride is saved yet. A failed first page says so
 * rather than passing for an empty history.
 */
export function MemberActivities({ userId }: { userId: string }) {
  const tracks = useTracksIndex(userId);
  if (tracks.isPending) {
    return (
      <Center py={80} data-testid="activities-loading">
        <Loader aria-label="Loading activities" />
      </Center>
    );
  }
  if (tracks.isError && !tracks.isFetchNextPageError) {
    return (
      <Alert
        color="red"
        variant="light"
        my="xl"
        title="Your activities could not be loaded"
        data-testid="activities-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{tracks.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void tracks.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const pages = tracks.data?.pages ?? [];
  const rows = mergeTrackPages(pages);
  if (rows.length === 0) return <ActivitiesPromo />;
  return (
    <Grid gutter="xl" py="xl">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <ProfileSidebar />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <ActivityList
          tracks={rows}
          count={pages[0]?.count ?? rows.length}
          hasNextPage={tracks.hasNextPage}
          isFetchingNextPage={tracks.isFetchingNextPage}
          nextPageError={tracks.isFetchNextPageError ? tracks.error : null}
          fetchNextPage={tracks.fetchNextPage}
        />
      </Grid.Col>
    </Grid>
  );
}
