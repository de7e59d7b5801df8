// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivitySeries } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { fakeApi } from '../../../test/fakeApi';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { ActivityPage } from './ActivityPage';

// The charts draw on canvases jsdom does not have; the page's own parts are what is tested.
vi.mock('../components/ActivityCharts', () => ({
  default: () => <div data-testid="charts-stub" />,
}));

/** Two seconds at 200 W of another member's ride of the video 'col du/galibier'. */
const series = (fields: Partial<ActivitySeries> = {}): ActivitySeries => ({
  track_id: 5,
  title: 'Galibier',
  url: 'col du/galibier',
  timestamp: '2026-01-01T08:00:00.000Z',
  elapsed_time: [0, 1],
  power: [200, 200],
  heart_rate: [0, 0],
  cadence: [90, 90],
  distance: [8, 16],
  grade: [null, null],
  elevation: [null, null],
  ...fields,
});

function showPage(answer: ActivitySeries) {
  fakeApi(() => ({ json: answer }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/activities/5']}>
          <Routes>
            <Route path="/activities/:id" element={<ActivityPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  // The viewer: an admin weighing 100 kg, reading another member's ride.
  signInAs(fixtureUser(1, { admin: true, weight: 100, units: 'metric' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUserStore.getState().logout();
});

describe('ActivityPage', () => {
  it("divides by the rider's weight from the series, not the viewer's", async () => {
    showPage(series({ rider_weight: 50 }));
    expect((await screen.findByTestId('summary-wkg')).textContent).toBe('4.00 W/kg');
  });

  it("gives no W/kg by the viewer's weight when the rider has none", async () => {
    showPage(series({ rider_weight: null }));
    expect((await screen.findByTestId('summary-wkg')).textContent).not.toMatch(/W\/kg/);
  });

  it('marks a ride at another difficulty than 100 % as not ranked, with why', async () => {
    showPage(series({ ride_mode: 'reactive', difficulty: 120 }));
    expect((await screen.findByTestId('ride-mode')).textContent).toBe('Reactive');
    const difficulty = screen.getByTestId('ride-difficulty');
    expect(difficulty.textContent).toBe('Difficulty 120 % · not ranked');
    expect(
      document.getElementById(difficulty.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Only rides at 100 % difficulty count for leaderboards and challenges.');
  });

  it('shares a PNG image, links the video encoded and shows the charts', async () => {
    showPage(series({ rider_weight: 50 }));
    await screen.findByTestId('activity-page-title');
    const image = document.head.querySelector('meta[property="og:image"]');
    expect(image?.getAttribute('content')).toBe(`${window.location.origin}/share/activities.png`);
    const again = screen.getByRole('link', { name: 'Ride this video again' });
    expect(again.getAttribute('href')).toBe('/video/col%20du%2Fgalibier');
    expect(await screen.findByTestId('charts-stub')).toBeTruthy();
  });
});
