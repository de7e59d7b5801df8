// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api';
import { stubMatchMedia } from '../../test/stubMatchMedia';
import { stubResizeObserver } from '../../test/stubResizeObserver';
import { useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { routes } from '../router';

/**
 * Log Out from /profile while the page still has a request in flight: once the session is
 * revoked that request answers 401 and resets the user (apiRequest). The rider must go home,
 * never through the profile page's own redirect to /login?redirect=profile (a CI flake).
 */

vi.mock('shaka-player/dist/shaka-player.compiled', () => ({
  default: {
    polyfill: { installAll: () => undefined },
    Player: { isBrowserSupported: () => false },
  },
}));

const failure = (status: number) =>
  new Response(JSON.stringify({ status: 'failure', message: 'x' }), { status });

beforeEach(() => {
  stubMatchMedia();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  stubResizeObserver();
  useUserStore.setState({
    user: {
      userId: '7',
      token: 't',
      isAuthenticated: true,
      authorized: true,
      enter_demo_mode_at: null,
      display_name: 'Ann',
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/logout' && init?.method === 'POST') {
        // The page's request that was in flight comes back after the revoke.
        await apiRequest('/users/me', { checkedByServer: true }).catch(() => undefined);
        return new Response(JSON.stringify({ status: 'success' }), { status: 200 });
      }
      if (path === '/api/v1/users/me') return failure(401);
      return failure(404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useUserStore.getState().logout();
  useUiStore.setState({ isLoading: false, leavingTo: null });
});

it('logging out of /profile goes home and never through /login?redirect=profile', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/profile'] });
  const visited: string[] = [];
  router.subscribe((state) => visited.push(state.location.pathname + state.location.search));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  // The members-only page is shown, with its own redirect for a signed-out visitor.
  await screen.findByRole('heading', { level: 1, name: 'Ann' }, { timeout: 10_000 });
  fireEvent.click(await screen.findByRole('button', { name: 'Profile menu' }, { timeout: 10_000 }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));

  await vi.waitFor(() => expect(useUserStore.getState().user.userId).toBe(''));
  await vi.waitFor(() => expect(useUiStore.getState().isLoading).toBe(false));
  expect(router.state.location.pathname).toBe('/');
  await vi.waitFor(() => expect(useUiStore.getState().leavingTo).toBeNull());
  expect(await screen.findAllByRole('link', { name: 'Log In' })).not.toHaveLength(0);
  expect(visited.filter((v) => v.startsWith('/login'))).toEqual([]);
}, 20_000);
