// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE, CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { fixtureChallenge, fixtureUserChallenge } from '../lib/testFixtures';
import { callsTo, fakeServer, MEMBER_ID, renderAt, signIn, stubBrowser } from './testKit';

const featured = () => screen.findByTestId('challenges-featured');
const cardTitles = () =>
  screen.queryAllByTestId('challenge-card').map((c) => c.getAttribute('aria-label'));
const pastStarts = () =>
  callsTo('/challenge/deactivated/index').map((c) => Number(c.url.searchParams.get('start')));
const storedIds = () =>
  (useUserStore.getState().user.user_challenges ?? []).map((c) => c.challenge_id);

beforeEach(() => {
  stubBrowser();
  useGeneralStore.setState({ electronMode: false, demoMode: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useUserStore.getState().logout();
});

describe('ChallengesPage', () => {
  it('shows the heading and sets the page metadata', async () => {
    fakeServer({ active: [fixtureChallenge(1, { image_url: 'https://cdn.test/c1.jpg' })] });
    renderAt('/challenges');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Challenges');
    await featured();
    await waitFor(() => expect(document.title).toBe('Challenges | RideAlong'));
    const meta = (key: string) =>
      document.head.querySelector(`meta[property="${key}"]`)?.getAttribute('content');
    expect(meta('og:url')).toMatch(/\/challenges$/);
    expect(meta('og:image')).toBe('https://cdn.test/c1.jpg');
    expect(document.head.querySelector('meta[name="description"]')).not.toBeNull();
    expect(screen.getByTestId('site-footer')).toBeTruthy();
  });

  it('features the challenge marked featured and lists the other active ones', async () => {
    fakeServer({
      active: [fixtureChallenge(1), fixtureChallenge(2, { featured: true }), fixtureChallenge(3)],
    });
    renderAt('/challenges');
    const top = await featured();
    expect(top.getAttribute('data-challenge-id')).toBe('2');
    const title = within(top).getByRole('link', { name: 'Challenge 2' });
    expect(title.getAttribute('href')).toBe('/challenge/2');
    expect(within(top).getByTestId('challenge-description').textContent).toBe('Ride with us.');
    expect(cardTitles()).toEqual(['Challenge 1', 'Challenge 3']);
  });

  it('features the first active challenge when none is marked', async () => {
    fakeServer({ active: [fixtureChallenge(4), fixtureChallenge(5)] });
    renderAt('/challenges');
    expect((await featured()).getAttribute('data-challenge-id')).toBe('4');
    expect(cardTitles()).toEqual(['Challenge 5']);
  });

  it('shows only the one active challenge when there is exactly one', async () => {
    fakeServer({ active: [fixtureChallenge(6)] });
    renderAt('/challenges');
    expect((await featured()).getAttribute('data-only')).toBe('true');
    expect(screen.queryByTestId('challenges-active')).toBeNull();
    expect(cardTitles()).toEqual([]);
  });

  it('says there are no challenges when neither list has any', async () => {
    fakeServer();
    renderAt('/challenges');
    expect((await screen.findByTestId('challenges-empty')).textContent).toBe(
      CHALLENGE_MESSAGES.none,
    );
    expect(screen.queryByTestId('challenges-featured')).toBeNull();
  });

  it("sends a guest's Join to /login", async () => {
    fakeServer({ active: [fixtureChallenge(1)] });
    renderAt('/challenges');
    fireEvent.click(within(await featured()).getByTestId('challenge-join'));
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(callsTo('/challenge/add-user')).toHaveLength(0);
  });

  it('joins and leaves with the member id, and stores the user the server answers', async () => {
    fakeServer({ active: [fixtureChallenge(1), fixtureChallenge(2)] });
    signIn([fixtureUserChallenge(9, 0.3)]);
    renderAt('/challenges');
    fireEvent.click(within(await featured()).getByTestId('challenge-join'));

    const leave = await within(await featured()).findByTestId('challenge-leave');
    expect(callsTo('/challenge/add-user').map((c) => c.body)).toEqual([
      { user_id: MEMBER_ID, challenge_id: 1 },
    ]);
    expect(storedIds()).toEqual([1, 9]);
    expect(leave.textContent).toBe('Joined');
    // The other card reads the same store: still not joined.
    expect(screen.getByTestId('challenge-card').getAttribute('data-state')).toBe('none');

    fireEvent.mouseEnter(leave);
    expect(leave.textContent).toBe(CHALLENGE_MESSAGES.leave);
    fireEvent.click(leave);
    await within(await featured()).findByTestId('challenge-join');
    expect(callsTo('/challenge/remove-user').map((c) => c.body)).toEqual([
      { user_id: MEMBER_ID, challenge_id: 1 },
    ]);
    expect(storedIds()).toEqual([9]);
  });

  it('shows a trophy, not Join, on a challenge the member completed', async () => {
    fakeServer({ active: [fixtureChallenge(1)], past: [fixtureChallenge(2, { active: false })] });
    signIn([fixtureUserChallenge(2, 1)]);
    renderAt('/challenges');
    await waitFor(() => expect(cardTitles()).toEqual(['Challenge 2']));
    const past = screen.getByTestId('challenge-card');
    expect(past.getAttribute('data-state')).toBe('complete');
    expect(within(past).getByTestId('challenge-trophy')).toBeTruthy();
    expect(within(past).queryByTestId('challenge-join')).toBeNull();
  });

  it('loads past challenges in pages of 6, each 500 ms after asking, up to the count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const past = Array.from({ length: 15 }, (_, i) => fixtureChallenge(100 + i, { active: false }));
    fakeServer({ past });
    signIn();
    renderAt('/challenges');
    await act(() => vi.advanceTimersByTimeAsync(CHALLENGE.deactivatedFetchDelayMs - 100));
    expect(pastStarts()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(pastStarts()).toEqual([0]);
    const first = callsTo('/challenge/deactivated/index')[0]?.url.searchParams;
    expect(first?.get('paginate')).toBe('6');
    expect(first?.get('user_id')).toBe(String(MEMBER_ID));
    await waitFor(() => expect(cardTitles()).toHaveLength(6));

    // The bottom is in view: the next page is asked for at once and fetched 500 ms later.
    await act(() => vi.advanceTimersByTimeAsync(CHALLENGE.deactivatedFetchDelayMs - 100));
    expect(pastStarts()).toEqual([0]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(pastStarts()).toEqual([0, 6]);
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    await act(() => vi.advanceTimersByTimeAsync(CHALLENGE.deactivatedFetchDelayMs + 100));
    await waitFor(() => expect(cardTitles()).toHaveLength(15));

    // 12 + 3 reached the count of 15: nothing more is asked for.
    await act(() => vi.advanceTimersByTimeAsync(CHALLENGE.deactivatedFetchDelayMs * 4));
    expect(pastStarts()).toEqual([0, 6, 12]);
    expect(screen.queryByTestId('challenges-empty')).toBeNull();
  });

  it('shows a quiet message when past challenges fail, and the active ones', async () => {
    fakeServer({ active: [fixtureChallenge(1)], past: [fixtureChallenge(2)], failPast: true });
    renderAt('/challenges');
    expect((await screen.findByTestId('challenges-past-error')).textContent).toContain(
      'could not be loaded',
    );
    expect(screen.getByTestId('challenges-featured')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands over to /demo in desktop mode with demo mode on', async () => {
    fakeServer();
    useGeneralStore.setState({ electronMode: true, demoMode: true });
    renderAt('/challenges');
    expect((await screen.findByTestId('where')).textContent).toBe('/demo');
  });

  it('has no footer in desktop mode', async () => {
    fakeServer({ active: [fixtureChallenge(1)] });
    useGeneralStore.setState({ electronMode: true });
    renderAt('/challenges');
    await featured();
    expect(screen.queryByTestId('site-footer')).toBeNull();
  });
});
