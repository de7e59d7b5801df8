// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRAVA_MESSAGES, type Track, type User } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { failure, fakeApi, type ApiAnswer, type ApiCall } from '../../../test/fakeApi';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { fixtureTrack } from '../lib/testFixtures';
import { ActivityCard } from './ActivityCard';

const CONNECTED: Partial<User> = { strava_connected: true, strava_authorization_code: 'connected' };
const ACTIVITY_URL = 'http://127.0.0.1:8181/strava-standin/activities/900';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderCard(track: Track, user: Partial<User> = CONNECTED) {
  signInAs(fixtureUser(7, user));
  const router = createMemoryRouter(
    [
      { path: '/activities', element: <ActivityCard track={track} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/activities'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The upload's answers: POST queues it, each GET gives the next state. */
function uploadServer(states: Array<Partial<Track>>, post: ApiAnswer | null = null) {
  return fakeApi((call: ApiCall) => {
    if (call.path !== '/track/5/strava-upload') return failure(404, 'Not found');
    if (call.method === 'POST')
      return (
        post ?? { json: { status: 'success', track: fixtureTrack(5, { strava_upload: 'queued' }) } }
      );
    const next = states.length > 1 ? states.shift()! : states[0]!;
    return { json: { status: 'success', track: fixtureTrack(5, next) } };
  });
}

const openConfirm = async () => {
  fireEvent.click(screen.getByTestId('activity-strava-upload'));
  return screen.findByRole('dialog');
};

const notice = (title: string) => screen.findByText(title, {}, { timeout: 3000 });

beforeEach(() => {
  stubMatchMedia();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useUserStore.getState().logout();
});

describe('ActivityCard: its video', () => {
  it("links the ride's video with its url encoded", () => {
    renderCard(fixtureTrack(5, { url: 'col du/galibier' }));
    const title = screen.getByRole('link', { name: 'Ride 5' });
    expect(title.getAttribute('href')).toBe('/video/col%20du%2Fgalibier');
  });
});

describe('ActivityCard: mode and difficulty', () => {
  it('marks a reactive ride at 80 % as not ranked, and a steady one at 100 % by its mode only', () => {
    renderCard(fixtureTrack(5, { ride_mode: 'reactive', difficulty: 80 }));
    expect(screen.getByTestId('ride-mode').textContent).toBe('Reactive');
    expect(screen.getByTestId('ride-difficulty').textContent).toBe('Difficulty 80 % · not ranked');
    cleanup();
    renderCard(fixtureTrack(6, { ride_mode: 'steady', difficulty: 100 }));
    expect(screen.getByTestId('ride-mode').textContent).toBe('Steady');
    expect(screen.queryByTestId('ride-difficulty')).toBeNull();
  });
});

describe('ActivityCard: upload to Strava', () => {
  it('confirms, queues the upload, polls it and says Uploaded!', async () => {
    const api = uploadServer([
      { strava_upload: 'uploading' },
      { strava_upload: 'uploaded', uploaded: true, strava_activity_url: ACTIVITY_URL },
    ]);
    renderCard(fixtureTrack(5));
    const dialog = await openConfirm();
    expect(within(dialog).getByText(STRAVA_MESSAGES.confirmUpload)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-strava-upload'));

    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/track/5/strava-upload' });
    expect(await screen.findByTestId('activity-strava-uploading')).toBeTruthy();
    expect(screen.queryByTestId('activity-strava-upload')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.calls.map((c) => c.method)).toEqual(['POST', 'GET']);
    expect(screen.queryByText(STRAVA_MESSAGES.uploadedTitle)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.calls.map((c) => c.method)).toEqual(['POST', 'GET', 'GET']);
    expect(await notice(STRAVA_MESSAGES.uploadedTitle)).toBeTruthy();
    expect(screen.getByText(STRAVA_MESSAGES.uploadedText)).toBeTruthy();
  });

  it('says Dismissed! when the confirmation is cancelled, and uploads nothing', async () => {
    const api = uploadServer([]);
    renderCard(fixtureTrack(5));
    const dialog = await openConfirm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await notice(STRAVA_MESSAGES.dismissedTitle)).toBeTruthy();
    expect(screen.getByText(STRAVA_MESSAGES.dismissedText)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("gives a failed upload's reason as 'Request failed: …'", async () => {
    uploadServer([{ strava_upload: 'failed', strava_error: 'Strava refused the file' }]);
    renderCard(fixtureTrack(5));
    fireEvent.click(within(await openConfirm()).getByTestId('confirm-strava-upload'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await notice(STRAVA_MESSAGES.failedTitle)).toBeTruthy();
    expect(screen.getByText('Request failed: Strava refused the file')).toBeTruthy();
  });

  it("gives the server's refusal of the upload as 'Request failed: …'", async () => {
    uploadServer([], failure(409, STRAVA_MESSAGES.notSaved));
    renderCard(fixtureTrack(5));
    fireEvent.click(within(await openConfirm()).getByTestId('confirm-strava-upload'));
    expect(await notice(STRAVA_MESSAGES.failedTitle)).toBeTruthy();
    expect(screen.getByText(`Request failed: ${STRAVA_MESSAGES.notSaved}`)).toBeTruthy();
  });

  it('tells a member without Strava to connect it, and goes to the profile', async () => {
    const api = uploadServer([]);
    renderCard(fixtureTrack(5), { strava_connected: false });
    const dialog = await openConfirm();
    expect(within(dialog).getByTestId('strava-not-connected').textContent).toBe(
      STRAVA_MESSAGES.notConnected,
    );
    expect(within(dialog).queryByText(STRAVA_MESSAGES.confirmUpload)).toBeNull();
    fireEvent.click(within(dialog).getByTestId('strava-go-to-profile'));
    expect((await screen.findByTestId('where')).textContent).toBe('/profile');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's 409 when the connection is gone there", async () => {
    uploadServer([], failure(409, STRAVA_MESSAGES.reconnect));
    renderCard(fixtureTrack(5));
    fireEvent.click(within(await openConfirm()).getByTestId('confirm-strava-upload'));
    const text = await screen.findByTestId('strava-not-connected', {}, { timeout: 3000 });
    expect(text.textContent).toBe(STRAVA_MESSAGES.reconnect);
  });
});

describe('ActivityCard: Strava states', () => {
  it('greys an uploaded track and links its Strava activity', () => {
    fakeApi(() => failure(404, 'Not found'));
    renderCard(
      fixtureTrack(5, {
        uploaded: true,
        strava_upload: 'uploaded',
        strava_activity_url: ACTIVITY_URL,
      }),
    );
    expect(screen.getByTestId('activity-card').getAttribute('data-uploaded')).toBe('true');
    expect(screen.getByTestId('activity-uploaded')).toBeTruthy();
    const link = screen.getByTestId('activity-strava-link');
    expect(link.getAttribute('href')).toBe(ACTIVITY_URL);
    expect(link.textContent).toBe('View on Strava');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('activity-strava-upload')).toBeNull();
  });

  it('shows a queued track as uploading, without the action', () => {
    fakeApi(() => failure(404, 'Not found'));
    renderCard(fixtureTrack(5, { strava_upload: 'queued' }));
    expect(screen.getByTestId('activity-strava-uploading').textContent).toContain(
      'Uploading to Strava…',
    );
    expect(screen.getByTestId('activity-card').getAttribute('data-uploaded')).toBe('false');
    expect(screen.queryByTestId('activity-strava-upload')).toBeNull();
  });

  it('shows a failed upload with its reason and a retry', () => {
    fakeApi(() => failure(404, 'Not found'));
    renderCard(fixtureTrack(5, { strava_upload: 'failed', strava_error: 'Rate limited' }));
    expect(screen.getByTestId('activity-strava-error').textContent).toContain(
      'Request failed: Rate limited',
    );
    expect(screen.getByTestId('activity-strava-upload').textContent).toBe('Retry upload to Strava');
  });
});

describe('ActivityCard: units', () => {
  it("shows the distance in the member's units: miles by default, km when metric", () => {
    renderCard(fixtureTrack(5));
    expect(screen.getByTestId('activity-distance').textContent).toBe('10.00 mi');
    cleanup();
    renderCard(fixtureTrack(5), { ...CONNECTED, units: 'metric' });
    expect(screen.getByTestId('activity-distance').textContent).toBe('16.09 km');
  });
});
