// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GROUP,
  GROUP_MESSAGES,
  type EventListItem,
  type EventStatus,
  type User,
} from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { stubResizeObserver } from '../../../test/stubResizeObserver';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { EventsPage } from './EventsPage';

const event = (id: number, status: EventStatus, fields: Partial<EventListItem> = {}) => ({
  id,
  status,
  race_url: `ride-${id}`,
  title: `Ride ${id}`,
  host_user_display_name: `Host ${id}`,
  thumbnail_url: `/media/${id}/thumb.jpg`,
  timeStart: null,
  riders: 0,
  ...fields,
});

type Server = { active: EventListItem[]; completed: EventListItem[]; failCompleted?: boolean };
let server: Server;
let requests: URL[] = [];

/** Answers the page's calls as the server's contracts say, recording each one. */
function fakeServer(next: Server) {
  server = next;
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL) => {
      const url = new URL(String(input));
      requests.push(url);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      switch (url.pathname) {
        case '/api/v1/event/active-page':
          return json({ events: server.active });
        case '/api/v1/event/count-completed-events':
          return json({ count: server.completed.length });
        case '/api/v1/event/completed-page': {
          if (server.failCompleted)
            return json({ status: 'failure', message: 'Database unavailable' }, 503);
          const start = Number(url.searchParams.get('start'));
          const size = Number(url.searchParams.get('paginate'));
          return json({ events: server.completed.slice(start, start + size) });
        }
        case '/api/v1/config':
          return json({ googleClientId: null, facebookAppId: null, promoVideo: null });
        case '/api/v1/desktop/downloads':
          return json({
            version: '2.6.0',
            platforms: {
              mac: null,
              windows: {
                url: '/download/windows',
                file: 'RideAlong-Setup-2.6.0.exe',
                size: 90 * 1024 * 1024,
                version: '2.6.0',
              },
              linux: null,
            },
            supported_versions: ['2.6.0'],
          });
        default:
          return json({ status: 'failure', message: 'Not found' }, 404);
      }
    }),
  );
}

const calls = (pathname: string) => requests.filter((u) => u.pathname === pathname);
const completedStarts = () =>
  calls('/api/v1/event/completed-page').map((u) => Number(u.searchParams.get('start')));

/** Every sentinel is in view at once: the page is short, or scrolled to the bottom. */
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderEvents() {
  const router = createMemoryRouter(
    [
      { path: '/events', element: <EventsPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/events'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

function signIn(fields: Partial<User> = {}) {
  useUserStore.setState({
    user: {
      userId: '7',
      token: 't',
      isAuthenticated: true,
      authorized: true,
      enter_demo_mode_at: null,
      ...fields,
    },
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });
const cardTitles = () =>
  screen.queryAllByTestId('event-card').map((c) => c.getAttribute('aria-label'));

beforeEach(() => {
  stubMatchMedia();
  vi.stubGlobal('IntersectionObserver', InViewObserver);
  stubResizeObserver();
  useGeneralStore.setState({ electronMode: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useUserStore.getState().logout();
});

describe('EventsPage', () => {
  it('titles the page and shows the heading', async () => {
    fakeServer({ active: [], completed: [] });
    renderEvents();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(GROUP_MESSAGES.heading);
    await waitFor(() => expect(document.title).toBe('Videos to Ride | RideAlong'));
  });

  it('shows each event with its badge, its host and Join unless complete', async () => {
    fakeServer({
      active: [
        event(1, 'waiting-room', { riders: 2 }),
        event(2, 'in-progress', { host_user_display_name: '', timeStart: Date.now(), riders: 1 }),
      ],
      completed: [event(3, 'complete', { thumbnail_url: null, timeStart: Date.now() })],
    });
    renderEvents();
    await waitFor(() => expect(cardTitles()).toEqual(['Ride 1', 'Ride 2', 'Ride 3']));

    const upcoming = within(card('Ride 1'));
    expect(upcoming.getByTestId('event-badge').textContent).toBe('About to Happen!');
    expect(upcoming.getByTestId('event-host').textContent).toBe('Hosted by Host 1');
    expect(upcoming.getByTestId('event-join').textContent).toBe('Join');
    // No start time until the host starts; how many are in.
    expect(upcoming.getByTestId('event-time').textContent).toBe('Starts when the host is ready');
    expect(upcoming.getByTestId('event-riders').textContent).toBe('2 riders in');

    const live = within(card('Ride 2'));
    expect(live.getByTestId('event-badge').textContent).toBe('Happening Now!');
    expect(live.getByTestId('event-host').textContent).toBe('Hosted by a racer');
    expect(live.queryByTestId('event-join')).not.toBeNull();
    expect(live.getByTestId('event-time').textContent).toMatch(/^Started \d/);
    expect(live.getByTestId('event-riders').textContent).toBe('1 rider in');

    const done = within(card('Ride 3'));
    expect(done.getByTestId('event-badge').textContent).toBe('Completed');
    expect(done.queryByTestId('event-join')).toBeNull();
    expect(done.getByTestId('event-time').textContent).toMatch(/^Rode \d/);
    // A server without the joined count (v1) says nothing of who rode.
    expect(done.queryByTestId('event-riders')).toBeNull();
    // No thumbnail yet: the app's placeholder stands in.
    expect(done.getByTestId('event-thumbnail').getAttribute('src')).toBe('/placeholder-video.svg');
    expect(upcoming.getByTestId('event-thumbnail').getAttribute('src')).toBe('/media/1/thumb.jpg');
  });

  it('filters Live (in-progress) and Upcoming (waiting-room); All shows every event', async () => {
    fakeServer({
      active: [event(1, 'waiting-room'), event(2, 'in-progress')],
      completed: [event(3, 'complete')],
    });
    renderEvents();
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    fireEvent.click(screen.getByLabelText('Live'));
    expect(cardTitles()).toEqual(['Ride 2']);
    fireEvent.click(screen.getByLabelText('Upcoming'));
    expect(cardTitles()).toEqual(['Ride 1']);
    fireEvent.click(screen.getByLabelText('All'));
    expect(cardTitles()).toEqual(['Ride 1', 'Ride 2', 'Ride 3']);
  });

  it('says there are no events when neither list has any', async () => {
    fakeServer({ active: [], completed: [] });
    renderEvents();
    expect((await screen.findByTestId('events-empty')).textContent).toBe(
      'There are currently no events.',
    );
    // A count of 0: no completed page is asked for.
    expect(calls('/api/v1/event/completed-page')).toHaveLength(0);
  });

  it('opens the video when the card is clicked', async () => {
    fakeServer({ active: [event(4, 'in-progress')], completed: [] });
    const router = renderEvents();
    fireEvent.click(within(await screen.findByTestId('event-card')).getByTestId('event-host'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/ride-4'));
  });

  it('opens the video when the thumbnail is clicked', async () => {
    fakeServer({ active: [event(4, 'in-progress')], completed: [] });
    const router = renderEvents();
    fireEvent.click(within(await screen.findByTestId('event-card')).getByTestId('event-thumbnail'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/ride-4'));
  });

  describe('Join', () => {
    const joinRide5 = async () => {
      fakeServer({ active: [event(5, 'waiting-room')], completed: [] });
      const router = renderEvents();
      fireEvent.click(await screen.findByTestId('event-join'));
      await screen.findByTestId('where');
      return router.state.location;
    };

    it('sends a guest to /login', async () => {
      useGeneralStore.setState({ electronMode: true });
      expect((await joinRide5()).pathname).toBe('/login');
    });

    it("sends a desktop member to the video's group ride", async () => {
      signIn();
      useGeneralStore.setState({ electronMode: true });
      const location = await joinRide5();
      expect(location.pathname + location.search).toBe(
        '/video/ride-5?eventId=5&group=true&status=waiting-room',
      );
    });

    it('sends a browser member to /setup', async () => {
      signIn();
      expect((await joinRide5()).pathname).toBe('/setup');
    });
  });

  describe('Learn more', () => {
    it('tells the desktop app to connect a trainer, pick a video and click Ride with friends', async () => {
      fakeServer({ active: [], completed: [] });
      useGeneralStore.setState({ electronMode: true });
      renderEvents();
      fireEvent.click(screen.getByTestId('events-learn-more-toggle'));
      const text = screen.getByTestId('events-learn-more');
      expect(text.textContent).toContain(
        'pick a video from the collection and click Ride with friends',
      );
      expect(within(text).queryByTestId('download-installer')).toBeNull();
    });

    it("offers a browser the desktop app's installer for its system", async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      );
      fakeServer({ active: [], completed: [] });
      renderEvents();
      fireEvent.click(screen.getByTestId('events-learn-more-toggle'));
      const text = screen.getByTestId('events-learn-more');
      expect(text.textContent).toContain('desktop app');
      const download = within(text).getByTestId('download-installer');
      expect(download.textContent).toBe('Download for Windows');
      // The server's stable link to the installer it publishes.
      await waitFor(() =>
        expect(within(text).getByTestId('download-installer').getAttribute('href')).toBe(
          '/download/windows',
        ),
      );
    });
  });

  it('re-polls the active list every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer({ active: [event(1, 'waiting-room')], completed: [] });
    renderEvents();
    await screen.findByTestId('event-card');
    expect(calls('/api/v1/event/active-page')).toHaveLength(1);

    // A host starts the event meanwhile: the next poll shows it live.
    server.active = [event(1, 'in-progress')];
    await act(() => vi.advanceTimersByTimeAsync(GROUP.activePollMs - 100));
    expect(calls('/api/v1/event/active-page')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls('/api/v1/event/active-page')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByTestId('event-badge').textContent).toBe('Happening Now!'),
    );
    await act(() => vi.advanceTimersByTimeAsync(GROUP.activePollMs));
    expect(calls('/api/v1/event/active-page')).toHaveLength(3);
  });

  it('loads completed events in pages of 10, 3 s apart, and stops at the count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const completed = Array.from({ length: 15 }, (_, i) => event(100 - i, 'complete'));
    fakeServer({ active: [], completed });
    renderEvents();
    await waitFor(() => expect(cardTitles()).toHaveLength(10));
    expect(completedStarts()).toEqual([0]);
    expect(calls('/api/v1/event/completed-page')[0]?.searchParams.get('paginate')).toBe('10');

    // The bottom is in view at once, but the next page waits for the 3 s gap.
    await act(() => vi.advanceTimersByTimeAsync(GROUP.completedLoadDelayMs - 500));
    expect(completedStarts()).toEqual([0]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(completedStarts()).toEqual([0, 10]);
    await waitFor(() => expect(cardTitles()).toHaveLength(15));

    // Offset 20 would reach past the count of 15: nothing more is asked for.
    await act(() => vi.advanceTimersByTimeAsync(GROUP.completedLoadDelayMs * 4));
    expect(completedStarts()).toEqual([0, 10]);
  });

  it('only logs a failed completed fetch, and shows what it has', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeServer({
      active: [event(1, 'in-progress')],
      completed: [event(2, 'complete')],
      failCompleted: true,
    });
    renderEvents();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'Completed events could not be loaded',
        expect.objectContaining({ message: 'Database unavailable' }),
      ),
    );
    expect(cardTitles()).toEqual(['Ride 1']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty text when a failed completed fetch leaves nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeServer({ active: [], completed: [event(2, 'complete')], failCompleted: true });
    renderEvents();
    expect((await screen.findByTestId('events-empty')).textContent).toBe(GROUP_MESSAGES.noEvents);
  });
});
