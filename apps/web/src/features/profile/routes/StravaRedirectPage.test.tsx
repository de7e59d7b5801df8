// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRAVA, STRAVA_MESSAGES, STRAVA_WEB_CALLBACK_PATH } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { failure, fakeApi } from '../../../test/fakeApi';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { STRAVA_DENIED_MESSAGE } from '../lib/stravaCallback';
import { StravaRedirectPage } from './StravaRedirectPage';

const MEMBER = 7;
const CONNECTED = fixtureUser(MEMBER, {
  strava_connected: true,
  strava_authorization_code: 'connected',
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(query: string) {
  const router = createMemoryRouter(
    [
      { path: STRAVA_WEB_CALLBACK_PATH, element: <StravaRedirectPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`${STRAVA_WEB_CALLBACK_PATH}${query}`] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  window.sessionStorage.clear();
  signInAs(fixtureUser(MEMBER));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useUserStore.getState().logout();
});

describe('StravaRedirectPage', () => {
  it('exchanges the code with user_id and state, updates the user, then goes to /profile after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.sessionStorage.setItem('ridealong.stravaState', 'st-9');
    const api = fakeApi(() => ({ json: { status: 'success', user: CONNECTED } }));
    renderAt('?state=st-9&code=abc&scope=read,activity:write,read_all');
    expect(screen.getByTestId('strava-redirect-message').textContent).toBe(
      STRAVA_MESSAGES.pleaseWait,
    );
    await screen.findByTestId('strava-redirect-done');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.method).toBe('POST');
    expect(api.calls[0]?.path).toBe('/auth/strava');
    expect(api.calls[0]?.body).toEqual({
      code: 'abc',
      user_id: MEMBER,
      state: 'st-9',
      scope: 'read,activity:write,read_all',
    });
    expect(useUserStore.getState().user.strava_connected).toBe(true);
    expect(window.sessionStorage.getItem('ridealong.stravaState')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(STRAVA.redirectDelayMs - 500));
    expect(screen.queryByTestId('where')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('where').textContent).toBe('/profile');
  });

  it('refuses a callback whose state this tab did not store, without calling the server', async () => {
    window.sessionStorage.setItem('ridealong.stravaState', 'mine');
    const api = fakeApi(() => ({ json: { status: 'success', user: CONNECTED } }));
    renderAt('?state=theirs&code=abc');
    expect(screen.getByTestId('strava-redirect-error').textContent).toBe(STRAVA_MESSAGES.badState);
    expect(screen.getByTestId('strava-redirect-back').getAttribute('href')).toBe('/profile');
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toHaveLength(0);
    expect(useUserStore.getState().user.strava_connected).toBe(false);
  });

  it('refuses a callback when nothing was stored', () => {
    const api = fakeApi(() => ({ json: {} }));
    renderAt('?state=any&code=abc');
    expect(screen.getByTestId('strava-redirect-error').textContent).toBe(STRAVA_MESSAGES.badState);
    expect(api.calls).toHaveLength(0);
  });

  it('says Strava was not connected when the member declined, with the way back', async () => {
    window.sessionStorage.setItem('ridealong.stravaState', 'st-1');
    const api = fakeApi(() => ({ json: {} }));
    renderAt('?state=st-1&error=access_denied');
    expect(screen.getByTestId('strava-redirect-error').textContent).toBe(STRAVA_DENIED_MESSAGE);
    expect(screen.getByTestId('strava-redirect-back').getAttribute('href')).toBe('/profile');
    expect(screen.queryByTestId('strava-redirect-message')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal and stays", async () => {
    window.sessionStorage.setItem('ridealong.stravaState', 'st-2');
    fakeApi(() => failure(400, 'Strava refused the authorisation code.'));
    renderAt('?state=st-2&code=old');
    await waitFor(() =>
      expect(screen.getByTestId('strava-redirect-error').textContent).toBe(
        'Strava could not be connected: Strava refused the authorisation code.',
      ),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
