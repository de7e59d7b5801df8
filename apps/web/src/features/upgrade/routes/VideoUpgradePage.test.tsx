// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user';
import { fakeApi } from '../../../test/fakeApi';
import { fixtureRace } from '../../../test/raceFixture';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { stubResizeObserver } from '../../../test/stubResizeObserver';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { VideoUpgradePage } from './VideoUpgradePage';

function showPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/video-upgrade?video=alpine-pass']}>
          <VideoUpgradePage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUserStore.getState().logout();
});

describe('VideoUpgradePage', () => {
  it("shows no generic 'See plans' while the video is loading", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    showPage();
    expect(screen.getByLabelText('Loading the video')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
  });

  it('offers a free member refused a Pro video Core, not other videos they cannot ride', async () => {
    signInAs(fixtureUser(4, { account_level: 'free' }));
    fakeApi(() => ({
      json: fixtureRace(9, { title: 'Alpine Pass', exclusive: true, required_plan: 'pro' }),
    }));
    showPage();
    await screen.findByText("'Alpine Pass' needs the Pro plan");
    const main = screen.getByRole('link', { name: 'Get Core' });
    expect(main.getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('link', { name: 'Find another video' })).toBeNull();
  });
});
