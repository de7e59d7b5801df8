// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRAVA_MESSAGES, type User } from '@ridealong/contracts';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { failure, fakeApi } from '../../../test/fakeApi';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { StravaConnect } from './StravaConnect';

const AUTHORIZE = { url: 'https://strava.test/oauth/authorize?state=s-1', state: 's-1' };
const MEMBER = 7;

function renderAs(fields: Partial<User> = {}) {
  signInAs(fixtureUser(MEMBER, fields));
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <StravaConnect />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  stubMatchMedia();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.desktopBridge;
  useGeneralStore.setState({ electronMode: false });
  useUserStore.getState().logout();
});

describe('StravaConnect', () => {
  it('asks for a web authorisation, keeps its state and sends the browser to Strava', async () => {
    const api = fakeApi(() => ({ json: AUTHORIZE }));
    renderAs();
    expect(screen.queryByTestId('strava-connected')).toBeNull();
    fireEvent.click(screen.getByTestId('strava-connect'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE.url));
    const [call] = api.calls;
    expect(call?.path).toBe('/strava/authorize');
    expect(call?.method).toBe('GET');
    expect(call?.url.searchParams.get('target')).toBe('web');
    expect(window.sessionStorage.getItem('ridealong.stravaState')).toBe('s-1');
  });

  it('in desktop mode hands the authorisation to the desktop app and rechecks on return', async () => {
    const send = vi.fn();
    window.desktopBridge = { send, on: () => () => undefined };
    useGeneralStore.setState({ electronMode: true });
    const api = fakeApi((call) =>
      call.path === `/users/${MEMBER}`
        ? { json: fixtureUser(MEMBER, { strava_connected: true }) }
        : { json: AUTHORIZE },
    );
    renderAs();
    fireEvent.click(screen.getByTestId('strava-connect'));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('fitness-network-portal-opened', { url: AUTHORIZE.url }),
    );
    expect(api.calls[0]?.url.searchParams.get('target')).toBe('desktop');
    expect(assign).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem('ridealong.stravaState')).toBe('s-1');

    fireEvent.click(await screen.findByTestId('strava-recheck'));
    expect(await screen.findByTestId('strava-connected')).toBeTruthy();
    expect(screen.queryByTestId('strava-desktop-waiting')).toBeNull();
  });

  it('shows the server message when the authorisation cannot start', async () => {
    fakeApi(() => failure(503, 'Strava is not available right now.'));
    renderAs();
    fireEvent.click(screen.getByTestId('strava-connect'));
    expect((await screen.findByTestId('strava-error')).textContent).toBe(
      'Strava is not available right now.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a connected member Connected with Disconnect, which replaces the stored user', async () => {
    const api = fakeApi(() => ({
      json: { status: 'success', user: fixtureUser(MEMBER, { strava_connected: false }) },
    }));
    renderAs({ strava_connected: true, strava_authorization_code: 'connected' });
    expect(screen.getByTestId('strava-connected').textContent).toBe('Connected to Strava');
    expect(screen.queryByTestId('strava-connect')).toBeNull();
    fireEvent.click(screen.getByTestId('strava-disconnect'));
    expect(await screen.findByTestId('strava-connect')).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([['POST', '/strava/disconnect']]);
    expect(useUserStore.getState().user.strava_connected).toBe(false);
    expect(screen.queryByTestId('strava-connected')).toBeNull();
  });

  it('asks a member whose connection Strava refused to connect again', async () => {
    fakeApi(() => ({ json: AUTHORIZE }));
    renderAs({ strava_connected: false, strava_reconnect: true });
    const warning = screen.getByTestId('strava-reconnect');
    expect(warning.textContent).toContain(STRAVA_MESSAGES.reconnect);
    const again = within(warning).getByTestId('strava-connect');
    expect(again.textContent).toBe('Connect again');
    fireEvent.click(again);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE.url));
  });
});
