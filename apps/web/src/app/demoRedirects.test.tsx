// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, failure } from '../test/fakeApi';
import { stubMatchMedia } from '../test/stubMatchMedia';
import { stubResizeObserver } from '../test/stubResizeObserver';
import { useGeneralStore } from '../stores/general';
import { routes } from './router';

/**
 * The pages the documents hand over to the attract screen in demo mode inside the desktop
 * app (home, /setup, /challenges, /activities, and the footer's pages such as /events and
 * /about), through the app's real routes.
 */

vi.mock('shaka-player/dist/shaka-player.compiled', () => ({
  default: {
    polyfill: { installAll: () => undefined },
    Player: { isBrowserSupported: () => false },
  },
}));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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

beforeEach(() => {
  stubMatchMedia();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  stubResizeObserver();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  // No demo video and no data: the redirects come before any of it matters.
  fakeApi(() => failure(404, 'Not found'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useGeneralStore.setState({ electronMode: false, demoMode: false });
});

const PAGES = ['/', '/setup', '/challenges', '/activities', '/events', '/about'];

describe('demo mode in the desktop app', () => {
  it.each(PAGES)('%s hands over to /demo', async (path) => {
    useGeneralStore.setState({ electronMode: true, demoMode: true });
    const router = renderAt(path);
    expect(await screen.findByTestId('demo-page', {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo');
  });

  it.each(['/activities', '/setup'])('%s stays in desktop mode without demo mode', async (path) => {
    useGeneralStore.setState({ electronMode: true, demoMode: false });
    const router = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/activities', '/setup', '/challenges'])(
    '%s stays in a browser even with demo mode on',
    async (path) => {
      useGeneralStore.setState({ electronMode: false, demoMode: true });
      const router = renderAt(path);
      expect(await screen.findByTestId('site-footer', {}, { timeout: 10_000 })).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('/demo itself plays in a browser too (a kiosk), without the app bars', async () => {
    renderAt('/demo');
    expect(await screen.findByTestId('demo-page', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start riding' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
