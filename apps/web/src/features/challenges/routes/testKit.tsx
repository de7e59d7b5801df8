import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type {
  Challenge,
  ChallengeLeaderboardResponse,
  User,
  UserChallenge,
} from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { stubResizeObserver } from '../../../test/stubResizeObserver';
import { useUserStore } from '../../../stores/user';
import { fixtureUser, fixtureUserChallenge } from '../lib/testFixtures';
import { ChallengePage } from './ChallengePage';
import { ChallengesPage } from './ChallengesPage';

/** Tests only: a fake server for the challenge calls, and the pages rendered in a router. */

export type ServerState = {
  active: Challenge[];
  past: Challenge[];
  failPast: boolean;
  /** What values/ answers; an id not here gets a 400. */
  challenges: Challenge[];
  leaderboard: ChallengeLeaderboardResponse;
  /** The member's user-challenge for user-challenge/ (null: not registered). */
  progress: UserChallenge | null;
  /** The member's challenges: add-user and remove-user change them and answer the user. */
  joined: UserChallenge[];
};

export type Call = { url: URL; method: string; body: unknown };

export const fake: { state: ServerState; calls: Call[] } = { state: emptyState(), calls: [] };

function emptyState(): ServerState {
  return {
    active: [],
    past: [],
    failPast: false,
    challenges: [],
    leaderboard: { count: 0, rows: [], me: null },
    progress: null,
    joined: [],
  };
}

export const MEMBER_ID = 7;

function answer(url: URL, body: unknown): Response {
  const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
  const s = fake.state;
  const id = (body as { challenge_id?: number } | null)?.challenge_id ?? 0;
  const path = url.pathname.replace('/api/v1', '');
  if (path === '/challenge/active') return json(s.active);
  if (path === '/challenge/deactivated/index') {
    if (s.failPast) return json({ status: 'failure', message: 'Database unavailable' }, 503);
    const start = Number(url.searchParams.get('start'));
    const size = Number(url.searchParams.get('paginate'));
    return json({ count: s.past.length, rows: s.past.slice(start, start + size) });
  }
  if (path === '/challenge/values/') {
    const found = s.challenges.find((c) => c.id === id);
    return found
      ? json({ status: 'success', data: { challenge: found } })
      : json({ status: 'failure', message: 'There is no such challenge.' }, 400);
  }
  if (path.startsWith('/challenge/leaderboard/')) return json(s.leaderboard);
  if (path === '/challenge/user-challenge/') {
    const asked = Number(url.searchParams.get('challenge_id'));
    const mine =
      s.progress?.challenge_id === asked
        ? s.progress
        : (s.joined.find((c) => c.challenge_id === asked) ?? null);
    return json({ is_registered: mine !== null, user_challenge: mine });
  }
  if (path === '/challenge/add-user') {
    const joined = fixtureUserChallenge(id, 0);
    s.joined = [joined, ...s.joined];
    s.progress = joined;
    return json(fixtureUser(MEMBER_ID, s.joined));
  }
  if (path === '/challenge/remove-user') {
    s.joined = s.joined.filter((c) => c.challenge_id !== id);
    s.progress = null;
    return json(fixtureUser(MEMBER_ID, s.joined));
  }
  return json({ status: 'failure', message: 'Not found' }, 404);
}

/** Starts the fake server with `state`, recording each call. */
export function fakeServer(state: Partial<ServerState> = {}): void {
  fake.state = { ...emptyState(), ...state };
  fake.calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
      fake.calls.push({ url, method: init?.method ?? 'GET', body });
      return answer(url, body);
    }),
  );
}

export const callsTo = (pathname: string) =>
  fake.calls.filter((c) => c.url.pathname === `/api/v1${pathname}`);

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

/** The browser parts jsdom lacks. */
export function stubBrowser(): void {
  stubMatchMedia();
  vi.stubGlobal('IntersectionObserver', InViewObserver);
  stubResizeObserver();
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Renders the challenge pages at `path`; other paths show where the app went. */
export function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/challenges', element: <ChallengesPage /> },
      { path: '/challenge/:id', element: <ChallengePage /> },
      { path: '/challenge', element: <ChallengePage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
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

/** Signs the member in, carrying `joined` as their challenges (the server's too). */
export function signIn(joined: UserChallenge[] = []): void {
  fake.state.joined = joined;
  const user: Partial<User> = { id: MEMBER_ID, user_challenges: joined };
  useUserStore.setState({
    user: {
      ...user,
      userId: String(MEMBER_ID),
      token: 't',
      isAuthenticated: true,
      authorized: true,
      enter_demo_mode_at: null,
    },
  });
}
