// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userChallengeSchema, type UserChallenge } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { useUserStore } from '../../../stores/user';
import { MyChallengesCard } from './MyChallengesCard';

const joined = (
  challenge_id: number,
  title: string,
  completion_percent: number,
  current_total: number,
): UserChallenge =>
  userChallengeSchema.parse({
    challenge_id,
    title,
    challenge_type: 'DISTANCE_BASED',
    complete: completion_percent >= 1,
    completion_percent,
    status_data: { status: { current_total, average_power: 0, videosWatched: [] } },
  });

function renderCard(userChallenges: UserChallenge[] | undefined) {
  useUserStore.getState().logout();
  useUserStore.getState().updateUser({ id: 1, user_challenges: userChallenges });
  render(
    <MantineProvider>
      <MemoryRouter>
        <MyChallengesCard />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  useUserStore.getState().logout();
});

describe('My Challenges card', () => {
  it('lists each challenge with its link, progress, status and a trophy once complete', () => {
    renderCard([joined(4, 'Century Month', 0.6, 60), joined(5, 'Spring Miles', 1, 50)]);
    const card = screen.getByTestId('my-challenges');
    expect(within(card).getByText('My Challenges:')).toBeTruthy();
    const rows = within(card).getAllByTestId('my-challenge-row');
    expect(rows).toHaveLength(2);

    const [open, done] = rows as [HTMLElement, HTMLElement];
    expect(within(open).getByRole('link', { name: 'Century Month' }).getAttribute('href')).toBe(
      '/challenge/4',
    );
    expect(
      within(open).getByRole('progressbar', { name: 'Century Month: 60% complete' }),
    ).toBeTruthy();
    expect(within(open).getByText('More than halfway there. Keep going!')).toBeTruthy();
    expect(within(open).getByText('60 mi')).toBeTruthy();
    expect(within(open).queryByTestId('my-challenge-trophy')).toBeNull();

    expect(within(done).getByRole('link', { name: 'Spring Miles' }).getAttribute('href')).toBe(
      '/challenge/5',
    );
    expect(within(done).getByText('Challenge complete!')).toBeTruthy();
    expect(within(done).getByRole('img', { name: 'Completed' })).toBeTruthy();
  });

  it('shows nothing when the member joined no challenge', () => {
    renderCard([]);
    expect(screen.queryByTestId('my-challenges')).toBeNull();
    cleanup();
    renderCard(undefined);
    expect(screen.queryByTestId('my-challenges')).toBeNull();
  });
});
