// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fixtureChallenge, fixtureRace, fixtureRaceChallenge } from '../lib/challengeFixtures';
import { ChallengeCard } from './ChallengeCard';

function renderCard(challenge: Challenge) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <ChallengeCard challenge={challenge} />
      </MemoryRouter>
    </MantineProvider>,
  );
  const card = screen.getByTestId('challenge-card');
  return { card, image: card.querySelector('img')?.getAttribute('src') };
}

beforeAll(stubMatchMedia);
afterEach(cleanup);

describe('ChallengeCard', () => {
  it('shows a race-based challenge: duration, slope icon, channel and the spec subtitle', () => {
    const { card, image } = renderCard(fixtureRaceChallenge(5, { title: 'Alpine Triple Crown' }));
    const title = within(card).getByRole('link', { name: 'Alpine Triple Crown' });
    expect(title.getAttribute('href')).toBe('/challenge/5');
    // 20 + 30 + 40 minutes.
    expect(within(card).getByLabelText('Duration 1:30:00').textContent).toBe('1:30:00');
    expect(within(card).getByRole('img', { name: 'Gradient data' })).toBeTruthy();
    const from = within(card).getByRole('link', { name: 'from Alpine Legends' });
    expect(from.getAttribute('href')).toBe('/channel/7');
    expect(within(card).getByText('Ride all 3 videos to complete this challenge!')).toBeTruthy();
    // No image of its own: its first video's thumbnail.
    expect(image).toBe('/media/11/thumb.jpg');
  });

  it('leaves the slope icon off when none of its videos has slope data', () => {
    const videos = [fixtureRace(31), fixtureRace(32), fixtureRace(33)];
    const { card } = renderCard(fixtureRaceChallenge(6, { videos }));
    expect(within(card).queryByRole('img', { name: 'Gradient data' })).toBeNull();
    expect(within(card).getByLabelText('Duration 1:00:00')).toBeTruthy();
  });

  it('names the goal of other types, with no duration badge or channel', () => {
    const { card, image } = renderCard(
      fixtureChallenge(8, { title: 'Winter Hours', image_url: 'https://cdn.test/winter.jpg' }),
    );
    expect(within(card).getByRole('link', { name: 'Winter Hours' }).getAttribute('href')).toBe(
      '/challenge/8',
    );
    expect(within(card).getByTestId('challenge-subtitle').textContent).toBe(
      'Ride 60 mins before Dec 31.',
    );
    expect(within(card).queryByLabelText(/^Duration/)).toBeNull();
    expect(within(card).queryByText(/^from /)).toBeNull();
    expect(within(card).queryByText(/Ride all 3 videos/)).toBeNull();
    expect(image).toBe('https://cdn.test/winter.jpg');
  });

  it('shows the default picture of its type without an image', () => {
    const { image } = renderCard(fixtureChallenge(9, { challenge_type: 'DISTANCE_BASED' }));
    expect(image).toBe('/challenges/distance.svg');
  });
});
