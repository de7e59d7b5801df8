// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Challenge } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fixtureChallenge, fixtureRaceChallenge } from '../lib/challengeFixtures';
import { CarouselSections } from './CarouselSections';

// The slider (embla) is not under test: its slides are enough.
vi.mock('./CarouselRow', () => ({
  CarouselRow: ({ slides }: { slides: Array<{ key: string | number; content: ReactNode }> }) => (
    <div data-testid="carousel-row">
      {slides.map((s) => (
        <div key={s.key}>{s.content}</div>
      ))}
    </div>
  ),
}));

let requested: string[] = [];

/** Answers the home page's three lists as the server sends them. */
function fakeServer(challenges: Challenge[] | 'fail') {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL) => {
      const url = new URL(String(input));
      requested.push(url.pathname);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      switch (url.pathname) {
        case '/api/v1/races':
          return json({ races: { videos: [], total_count: 0, page_size: 12 } });
        case '/api/v1/users/channels/index':
          return json({ count: [{ count: 0 }], rows: [] });
        case '/api/v1/challenge/active':
          return challenges === 'fail'
            ? json({ status: 'failure', message: 'Database unavailable' }, 503)
            : json(challenges);
        default:
          return json({ status: 'failure', message: 'Not found' }, 404);
      }
    }),
  );
}

function renderSections() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <CarouselSections />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByTestId('challenges-carousel');
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the challenges carousel', () => {
  it('shows the active challenges in the order the server sends them', async () => {
    fakeServer([
      fixtureRaceChallenge(3, { title: 'Alpine Triple Crown', featured: true }),
      fixtureChallenge(4, { title: 'Winter Hours' }),
    ]);
    const row = renderSections();
    const cards = await within(row).findAllByTestId('challenge-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Alpine Triple Crown',
      'Winter Hours',
    ]);
    expect(
      within(cards[0]!).getByText('Ride all 3 videos to complete this challenge!'),
    ).toBeTruthy();
    expect(within(cards[1]!).getByText('Ride 60 mins before Dec 31.')).toBeTruthy();
    expect(requested).toContain('/api/v1/challenge/active');
  });

  it('says so when there are none', async () => {
    fakeServer([]);
    const row = renderSections();
    expect(await within(row).findByText('There are no challenges right now.')).toBeTruthy();
    expect(within(row).queryByTestId('challenge-card')).toBeNull();
  });

  it('shows a failed list as empty', async () => {
    fakeServer('fail');
    const row = renderSections();
    expect(await within(row).findByText('There are no challenges right now.')).toBeTruthy();
  });
});
