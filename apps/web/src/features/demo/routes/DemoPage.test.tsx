// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, failure, type ApiCall } from '../../../test/fakeApi';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { useGeneralStore } from '../../../stores/general';
import { followRouteTitles } from '../../../app/routeTitles';
import { DemoPage } from './DemoPage';

// jsdom plays no media: shaka reports no support, so the loop takes the native HLS path.
vi.mock('shaka-player/dist/shaka-player.compiled', () => ({
  default: {
    polyfill: { installAll: () => undefined },
    Player: { isBrowserSupported: () => false },
  },
}));

const PLAYBACK = {
  mode: 'preview',
  quality: 'sd',
  hls_url: 'http://localhost/media/t1/master.m3u8',
  dash_url: 'http://localhost/media/t1/manifest.mpd',
  poster_url: 'http://localhost/media/t1/poster.jpg',
  max_seconds: 600,
  expires_at: new Date(Date.now() + 6 * 3_600_000).toISOString(),
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderDemo() {
  const router = createMemoryRouter(
    [
      { path: '/demo', element: <DemoPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/demo'] },
  );
  // The app's router names each page (app/routeTitles.ts).
  followRouteTitles(router);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  stubMatchMedia();
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useGeneralStore.setState({ electronMode: false, demoMode: false });
});

describe('DemoPage', () => {
  it("loops the demo video's preview stream, muted, behind the brand", async () => {
    const { calls } = fakeApi(() => ({ json: PLAYBACK }));
    renderDemo();
    const video = (await screen.findByTestId('demo-video')) as HTMLVideoElement;
    expect(calls.map((c: ApiCall) => [c.path, c.url.searchParams.get('mode')])).toEqual([
      ['/race/demo-video/playback', 'preview'],
    ]);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.getAttribute('poster')).toBe(PLAYBACK.poster_url);
    await waitFor(() => expect(video.getAttribute('src')).toBe(PLAYBACK.hls_url));
    expect(play).toHaveBeenCalled();
    expect(screen.getByTestId('demo-page').getAttribute('data-demo-video')).toBe('playing');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Ride the world from your trainer.',
    );
    expect(screen.getByText('RideAlong')).toBeTruthy();
    expect(document.title).toBe('Ride along | RideAlong');
  });

  it('the background video can be paused and played again', async () => {
    fakeApi(() => ({ json: PLAYBACK }));
    renderDemo();
    const toggle = await screen.findByRole('button', { name: 'Pause background video' });
    fireEvent.click(toggle);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play background video' }));
    expect(play).toHaveBeenCalled();
  });

  it('Start riding leaves demo mode and goes to /featured', async () => {
    fakeApi(() => ({ json: PLAYBACK }));
    useGeneralStore.setState({ electronMode: true, demoMode: true });
    renderDemo();
    fireEvent.click(screen.getByRole('button', { name: 'Start riding' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/featured');
    expect(useGeneralStore.getState().demoMode).toBe(false);
  });

  it('without a demo video, still the brand and Start riding (no empty screen)', async () => {
    const { calls } = fakeApi(() => failure(404, 'Video does not exist.'));
    renderDemo();
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId('demo-video')).toBeNull();
    expect(screen.queryByRole('button', { name: /background video/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start riding' })).toBeTruthy();
    expect(screen.getByTestId('demo-page').getAttribute('data-demo-video')).toBe('none');
  });

  it('a stream that will not play gives way to the backdrop', async () => {
    fakeApi(() => ({ json: PLAYBACK }));
    renderDemo();
    const video = await screen.findByTestId('demo-video');
    await waitFor(() => expect(video.getAttribute('src')).toBe(PLAYBACK.hls_url));
    fireEvent.error(video);
    await waitFor(() => expect(screen.queryByTestId('demo-video')).toBeNull());
    expect(screen.getByRole('button', { name: 'Start riding' })).toBeTruthy();
  });
});
