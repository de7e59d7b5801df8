// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { fixtureChallenge, fixtureRow } from '../lib/testFixtures';
import { fakeServer, MEMBER_ID, renderAt, signIn, stubBrowser } from './testKit';

const rowsOf = (el: HTMLElement) =>
  within(el)
    .getAllByTestId('leaderboard-row')
    .map((r) => Number(r.getAttribute('data-ranking')));

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

async function board() {
  const el = await screen.findByTestId('challenge-leaderboard');
  await within(el).findAllByTestId('leaderboard-row');
  return el;
}

describe('the challenge leaderboard', () => {
  it('gives medals to rankings 1 to 3 and splits the rows into two halves', async () => {
    const rows = [1, 2, 3, 4, 5].map((r) => fixtureRow(100 + r, r, 1 - r / 10));
    fakeServer({ challenges: [fixtureChallenge(1)], leaderboard: { count: 5, rows, me: null } });
    renderAt('/challenge/1');
    const el = await board();
    expect(
      within(el)
        .getAllByTestId('leaderboard-row')
        .map((r) => r.getAttribute('data-medal')),
    ).toEqual(['gold', 'silver', 'bronze', null, null]);
    const halves = within(el).getAllByTestId('leaderboard-half');
    expect(halves.map(rowsOf)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(within(el).getByText('Rider 101')).toBeTruthy();
    expect(within(el).getAllByTestId('leaderboard-photo')).toHaveLength(5);
    expect(within(el).queryByTestId('leaderboard-me')).toBeNull();
  });

  it('shares a medal between members level on a ranking', async () => {
    const rows = [fixtureRow(1, 1), fixtureRow(2, 1), fixtureRow(3, 3)];
    fakeServer({ challenges: [fixtureChallenge(1)], leaderboard: { count: 3, rows, me: null } });
    renderAt('/challenge/1');
    const el = await board();
    expect(
      within(el)
        .getAllByTestId('leaderboard-row')
        .map((r) => r.getAttribute('data-medal')),
    ).toEqual(['gold', 'gold', 'bronze']);
  });

  it("highlights the member's own row in the list", async () => {
    const rows = [fixtureRow(1, 1), fixtureRow(MEMBER_ID, 2)];
    const me = fixtureRow(MEMBER_ID, 2);
    fakeServer({ challenges: [fixtureChallenge(1)], leaderboard: { count: 2, rows, me } });
    signIn();
    renderAt('/challenge/1');
    const el = await board();
    const mine = within(el)
      .getAllByTestId('leaderboard-row')
      .filter((r) => r.getAttribute('data-me') === 'true');
    expect(mine.map((r) => r.getAttribute('data-ranking'))).toEqual(['2']);
    expect(within(el).queryByTestId('leaderboard-me')).toBeNull();
  });

  it('shows the member row after the list when they rank beyond it', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => fixtureRow(1000 + i, i + 1));
    const me = fixtureRow(MEMBER_ID, 140, 0.1);
    fakeServer({ challenges: [fixtureChallenge(1)], leaderboard: { count: 250, rows, me } });
    signIn();
    renderAt('/challenge/1');
    const el = await board();
    expect(within(el).getAllByTestId('leaderboard-row')).toHaveLength(100);
    const row = within(el).getByTestId('leaderboard-me');
    expect(row.getAttribute('data-ranking')).toBe('140');
    expect(row.getAttribute('data-me')).toBe('true');
    expect(within(el).getByTestId('leaderboard-count').textContent).toBe('Top 100 of 250 riders');
    // After the list: the member row follows every listed row in the document.
    const last = within(el).getAllByTestId('leaderboard-row').at(-1);
    expect(
      last && last.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('invites the first rider when nobody has joined', async () => {
    fakeServer({ challenges: [fixtureChallenge(1)] });
    renderAt('/challenge/1');
    expect((await screen.findByTestId('leaderboard-empty')).textContent).toBe(
      'No one has joined yet. Be the first!',
    );
  });
});
