import { useEffect, useState } from 'react';
import {
  Center,
  Container,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { GROUP_MESSAGES } from '@ridealong/contracts';
import { SiteFooter } from '../../../components/SiteFooter';
import { usePageMeta } from '../../../lib/pageMeta';
import { useGeneralStore } from '../../../stores/general';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useActiveEvents } from '../api/useActiveEvents';
import { useCompletedCount } from '../api/useCompletedCount';
import { useCompletedEvents } from '../api/useCompletedEvents';
import { EventCard } from '../components/EventCard';
import { EventsLearnMore } from '../components/EventsLearnMore';
import { LoadMoreSentinel } from '../components/LoadMoreSentinel';
import { EVENT_FILTERS, filterEvents, mergeEventLists, type EventFilter } from '../lib/eventList';
import { joinDestination } from '../lib/join';

const META = {
  title: GROUP_MESSAGES.pageTitle,
  description:
    'Join a live event on RideAlong: ride the same outdoor video with a group, in sync, on ' +
    'your smart trainer. See who is about to start, who is riding now and past group rides.',
  // A real PNG, not an inlined data: URL: link previews fetch it (public/share/).
  image: '/share/events.png',
  url: '/events',
};

const isEventFilter = (value: string): value is EventFilter =>
  EVENT_FILTERS.some((f) => f.value === value);

/** Document 001 section 8: list-fetch failures (completed events included) are only logged. */
function useLogFailure(what: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.error(`${what} could not be loaded`, error);
  }, [what, error]);
}

/** /events (document 001 section 2), titled 'Videos to Ride'. */
export function EventsPage() {
  usePageMeta(META);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const [filter, setFilter] = useState<EventFilter>('all');

  const active = useActiveEvents();
  const count = useCompletedCount();
  const completed = useCompletedEvents(count.data);
  useLogFailure('Active events', active.error);
  useLogFailure('The completed events count', count.error);
  useLogFailure('Completed events', completed.error);

  const events = mergeEventLists(active.data ?? [], completed.data?.pages ?? []);
  const shown = filterEvents(events, filter);
  // Completed events show under All only, so only All waits for them and pages through them.
  const pagesCompleted = filter === 'all';
  // A failed count leaves count.data undefined: completed events are then never asked for.
  const completedLoading =
    count.isPending || (count.data !== undefined && count.data > 0 && completed.isPending);
  const loading = active.isPending || (pagesCompleted && completedLoading);

  return (
    <>
      <Container size="xl" py="xl" data-testid="events-page">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{GROUP_MESSAGES.heading}</Title>
            <EventsLearnMore />
          </Stack>
          <SegmentedControl
            aria-label="Show events"
            data={[...EVENT_FILTERS]}
            value={filter}
            onChange={(value) => {
              if (isEventFilter(value)) setFilter(value);
            }}
            w="fit-content"
            data-testid="events-filter"
          />
          {shown.length > 0 ? (
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
              spacing="lg"
              data-testid="events-grid"
            >
              {shown.map((event) => (
                <EventCard
                  key={event.id}
                  event={event}
                  joinTo={joinDestination(event, { signedIn, electronMode })}
                />
              ))}
            </SimpleGrid>
          ) : loading ? (
            <Center py={60}>
              <Loader aria-label="Loading events" />
            </Center>
          ) : (
            <Text c="dimmed" ta="center" py={60} data-testid="events-empty">
              {GROUP_MESSAGES.noEvents}
            </Text>
          )}
          {pagesCompleted && completed.data ? (
            <LoadMoreSentinel
              hasNextPage={completed.hasNextPage}
              isFetchingNextPage={completed.isFetchingNextPage}
              fetchNextPage={completed.fetchNextPage}
              lastLoadAt={Math.max(completed.dataUpdatedAt, completed.errorUpdatedAt)}
            />
          ) : null}
          {completed.isFetchingNextPage ? (
            <Center>
              <Loader size="sm" aria-label="Loading more events" />
            </Center>
          ) : null}
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
