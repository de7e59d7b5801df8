// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { fixtureChallenge, fixtureRaceChallenge, fixtureUserChallenge } from '../lib/testFixtures';
import { callsTo, fake, fakeServer, MEMBER_ID, renderAt, signIn, stubBrowser } from './testKit';

const valuesIds = () => callsTo('/challenge/values/').map((c) => c.body);

beforeEach(() => {
  stubBrowser();
  useGeneralStore.setState({ electronMode: false, demoMode: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useUserStore.getState().logout();
});

describe('ChallengePage', () => {
  it('shows a spinner until the challenge loads, then its splash', async () => {
    fakeServer({ challenges: [fixtureChallenge(1, { participants: 12 })] });
    renderAt('/challenge/1');
    expect(screen.getByTestId('challenge-loading')).toBeTruthy();
    const splash = await screen.findByTestId('challenge-splash');
    expect(screen.queryByTestId('challenge-loading')).toBeNull();
    expect(within(splash).getByRole('heading', { level: 1 }).textContent).toBe('Challenge 1');
    expect(within(splash).getByTestId('challenge-goal').textContent).toBe('Goal: 100 mi');
    expect(within(splash).getByTestId('challenge-participants').textContent).toBe(
      '12 riders joined',
    );
    expect(within(splash).getByTestId('challenge-dates').textContent).toBe(
      'Dec 1, 2025 – Dec 31, 2099',
    );
    expect(within(splash).getByTestId('challenge-description').textContent).toBe('Ride with us.');
    expect(valuesIds()).toEqual([{ challenge_id: 1 }]);
    await waitFor(() => expect(document.title).toBe('Challenge 1 | RideAlong'));
  });

  it('goes back to /challenges when values answers 400', async () => {
    fakeServer();
    const router = renderAt('/challenge/404');
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(valuesIds()).toEqual([{ challenge_id: 404 }]);
  });

  it('goes back to /challenges for an empty id without asking', async () => {
    fakeServer();
    const router = renderAt('/challenge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(valuesIds()).toEqual([]);
  });

  it('reloads when the id in the route changes', async () => {
    fakeServer({ challenges: [fixtureChallenge(1), fixtureChallenge(2)] });
    const router = renderAt('/challenge/1');
    await screen.findByRole('heading', { level: 1, name: 'Challenge 1' });
    await act(() => router.navigate('/challenge/2'));
    await screen.findByRole('heading', { level: 1, name: 'Challenge 2' });
    expect(valuesIds()).toEqual([{ challenge_id: 1 }, { challenge_id: 2 }]);
  });

  it.each([
    [0, 'Not started yet: ride to make progress.', '0 of 100 mi'],
    [0.25, 'Off to a good start!', '25 of 100 mi'],
    [0.5, 'More than halfway there. Keep going!', '50 of 100 mi'],
    [1, 'Challenge complete!', '100 of 100 mi'],
  ])('shows the status text at %s', async (completion, text, line) => {
    const mine = fixtureUserChallenge(1, completion);
    fakeServer({ challenges: [fixtureChallenge(1)], progress: mine });
    signIn([mine]);
    renderAt('/challenge/1');
    const card = await screen.findByTestId('challenge-progress');
    expect(within(card).getByTestId('challenge-status-text').textContent).toBe(text);
    expect(within(card).getByTestId('challenge-progress-total').textContent).toBe(line);
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      String(completion * 100),
    );
    const query = callsTo('/challenge/user-challenge/')[0]?.url.searchParams;
    expect([query?.get('challenge_id'), query?.get('user_id')]).toEqual(['1', String(MEMBER_ID)]);
  });

  it('shows no progress to a guest', async () => {
    fakeServer({ challenges: [fixtureChallenge(1)] });
    renderAt('/challenge/1');
    await screen.findByTestId('challenge-splash');
    expect(screen.queryByTestId('challenge-progress')).toBeNull();
    expect(callsTo('/challenge/user-challenge/')).toHaveLength(0);
  });

  it("shows a race's 3 videos, linking to each, and which are ridden", async () => {
    const mine = fixtureUserChallenge(3, 2 / 3, {
      challenge_type: 'RACE_BASED',
      status_data: {
        status: { current_total: 2, average_power: 0, videosWatched: ['video-11', 'video-13'] },
      },
    });
    fakeServer({ challenges: [fixtureRaceChallenge(3)], progress: mine });
    signIn([mine]);
    renderAt('/challenge/3');
    const videos = await screen.findAllByTestId('challenge-video');
    expect(videos.map((v) => v.getAttribute('data-ridden'))).toEqual(['true', 'false', 'true']);
    const links = videos.map((v) => within(v).getByRole('link', { name: /^Video 1\d$/ }));
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/video/video-11',
      '/video/video-12',
      '/video/video-13',
    ]);
    const card = await screen.findByTestId('challenge-progress');
    expect(within(card).getByTestId('challenge-progress-total').textContent).toBe('2 of 3 videos');
    const ridden = within(card).getByTestId('challenge-videos-ridden');
    expect(
      within(ridden)
        .getAllByRole('listitem')
        .map((i) => i.getAttribute('data-ridden')),
    ).toEqual(['true', 'false', 'true']);
  });

  it("in desktop mode a member's Ride goes to the video with the start signal", async () => {
    fakeServer({ challenges: [fixtureRaceChallenge(3)] });
    signIn();
    useGeneralStore.setState({ electronMode: true, startSignal: false });
    renderAt('/challenge/3');
    const videos = await screen.findAllByTestId('challenge-video');
    fireEvent.click(within(videos[1]!).getByTestId('challenge-video-ride'));
    expect((await screen.findByTestId('where')).textContent).toBe('/video/video-12');
    expect(useGeneralStore.getState().startSignal).toBe(true);
    useGeneralStore.setState({ startSignal: false });
  });

  it('offers no Ride in a plain browser (the video page explains the ways to ride)', async () => {
    fakeServer({ challenges: [fixtureRaceChallenge(3)] });
    signIn();
    renderAt('/challenge/3');
    await screen.findAllByTestId('challenge-video');
    expect(screen.queryByTestId('challenge-video-ride')).toBeNull();
  });

  it('shows no videos for a challenge that is not race-based', async () => {
    fakeServer({ challenges: [fixtureChallenge(1)] });
    renderAt('/challenge/1');
    await screen.findByTestId('challenge-splash');
    expect(screen.queryAllByTestId('challenge-video')).toHaveLength(0);
  });

  it("lists up to 5 of the member's challenges in the sidebar, with See All", async () => {
    fakeServer({ challenges: [fixtureChallenge(1)] });
    signIn([1, 2, 3, 4, 5, 6].map((id) => fixtureUserChallenge(id, id === 2 ? 1 : 0.1)));
    renderAt('/challenge/1');
    const sidebar = await screen.findByTestId('challenge-sidebar');
    const items = within(sidebar).getAllByTestId('sidebar-challenge');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual([
      'Challenge 1',
      'Challenge 2',
      'Challenge 3',
      'Challenge 4',
      'Challenge 5',
    ]);
    expect(items[1]?.getAttribute('data-complete')).toBe('true');
    expect(within(sidebar).getByText(CHALLENGE_MESSAGES.seeAll).getAttribute('href')).toBe(
      '/challenges',
    );
  });

  it('shows the card states: Join, Joined with Leave on hover, and the trophy', async () => {
    fakeServer({ challenges: [fixtureChallenge(1), fixtureChallenge(2)] });
    signIn([fixtureUserChallenge(2, 1)]);
    const router = renderAt('/challenge/1');
    const splash = await screen.findByTestId('challenge-splash');
    fireEvent.click(within(splash).getByTestId('challenge-join'));
    const leave = await within(splash).findByTestId('challenge-leave');
    expect(leave.textContent).toBe('Joined');
    fireEvent.mouseEnter(leave);
    expect(leave.textContent).toBe('Leave');
    fireEvent.mouseLeave(leave);
    expect(leave.textContent).toBe('Joined');

    await act(() => router.navigate('/challenge/2'));
    await screen.findByRole('heading', { level: 1, name: 'Challenge 2' });
    const done = screen.getByTestId('challenge-splash');
    expect(within(done).getByTestId('challenge-trophy')).toBeTruthy();
    expect(within(done).queryByTestId('challenge-join')).toBeNull();
    expect(within(done).queryByTestId('challenge-leave')).toBeNull();
  });

  it('takes the state from the server when the stored user does not carry the challenge', async () => {
    fakeServer({ challenges: [fixtureChallenge(1)] });
    signIn();
    // Completed by a ride since the user was stored (or beyond the newest 50 it carries).
    fake.state.joined = [fixtureUserChallenge(1, 1)];
    renderAt('/challenge/1');
    const splash = await screen.findByTestId('challenge-splash');
    expect(await within(splash).findByTestId('challenge-trophy')).toBeTruthy();
    expect(within(splash).queryByTestId('challenge-join')).toBeNull();
  });

  it('refreshes the progress and the leaderboard after joining and leaving', async () => {
    fakeServer({ challenges: [fixtureChallenge(1)] });
    signIn();
    renderAt('/challenge/1');
    await screen.findByTestId('challenge-leaderboard');
    await waitFor(() => expect(callsTo('/challenge/leaderboard/1')).toHaveLength(1));
    expect(screen.queryByTestId('challenge-progress')).toBeNull();

    fireEvent.click(screen.getByTestId('challenge-join'));
    expect((await screen.findByTestId('challenge-status-text')).textContent).toBe(
      'Not started yet: ride to make progress.',
    );
    await waitFor(() => expect(callsTo('/challenge/leaderboard/1')).toHaveLength(2));
    expect(fake.state.joined.map((c) => c.challenge_id)).toEqual([1]);

    fireEvent.click(screen.getByTestId('challenge-leave'));
    await waitFor(() => expect(screen.queryByTestId('challenge-progress')).toBeNull());
    await waitFor(() => expect(callsTo('/challenge/leaderboard/1')).toHaveLength(3));
    expect(useUserStore.getState().user.user_challenges).toEqual([]);
  });

  it('says a past challenge is over and offers no Join', async () => {
    fakeServer({ challenges: [fixtureChallenge(1, { active: false, end_date: '2025-12-31' })] });
    signIn();
    renderAt('/challenge/1');
    const splash = await screen.findByTestId('challenge-splash');
    expect(within(splash).getByTestId('challenge-over').textContent).toBe(
      CHALLENGE_MESSAGES.notActive,
    );
    expect(within(splash).queryByTestId('challenge-join')).toBeNull();
  });
});
