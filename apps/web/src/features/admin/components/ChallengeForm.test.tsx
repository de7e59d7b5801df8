// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_MESSAGES, challengeSchema } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { ChallengeForm } from './ChallengeForm';

const created = challengeSchema.parse({
  id: 9,
  challenge_id: 9,
  title: 'Winter Hours',
  description: '',
  start_date: '2025-12-01',
  end_date: '2025-12-31',
  active: true,
  featured: false,
  image_url: null,
  challenge_type: 'TIME_BASED',
  goal_payload: '{"goal":60}',
  participants: 0,
  videos: [],
});

let bodies: unknown[] = [];

/** POST /challenge/create answers `answer` with `status`, recording each body. */
function fakeServer(answer: unknown, status = 200) {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      expect(new URL(String(input)).pathname).toBe('/api/v1/challenge/create');
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer), { status });
    }),
  );
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ChallengeForm />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('admin-challenge-submit'));

function fillTimeBased() {
  type('admin-challenge-title', 'Winter Hours');
  type('admin-challenge-start-date', '12-01-2025');
  type('admin-challenge-end-date', '12-31-2025');
  type('admin-challenge-challenge-type', 'time');
  type('admin-challenge-goal', '60');
}

let show: ReturnType<typeof vi.spyOn>;
beforeAll(stubMatchMedia);
beforeEach(() => {
  show = vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Create a challenge', () => {
  it('sends a goal-based challenge and says it was created', async () => {
    fakeServer({ status: 'success', message: 'Created', challenge: created });
    renderForm();
    expect(screen.getByTestId('admin-challenge-form')).toBeTruthy();
    expect(
      screen.getByText('Case-sensitive: race, distance, power, time, upload, ride'),
    ).toBeTruthy();
    fillTimeBased();
    fireEvent.click(screen.getByTestId('admin-challenge-featured'));
    submit();
    await waitFor(() => expect(show).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        title: 'Winter Hours',
        description: '',
        start_date: '12-01-2025',
        end_date: '12-31-2025',
        challenge_type: 'time',
        goal: 60,
        featured: true,
      },
    ]);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', title: 'Congrats! Created' }),
    );
    // The form is ready for the next one.
    await waitFor(() =>
      expect((screen.getByTestId('admin-challenge-title') as HTMLInputElement).value).toBe(''),
    );
  });

  it('swaps the goal for the race videos and sends them', async () => {
    fakeServer({ status: 'success', message: 'Created', challenge: created });
    renderForm();
    type('admin-challenge-challenge-type', 'race');
    expect(screen.queryByTestId('admin-challenge-goal')).toBeNull();
    type('admin-challenge-title', 'Alpine Triple Crown');
    type('admin-challenge-start-date', '12-01-2025');
    type('admin-challenge-end-date', '12-31-2025');
    type('admin-challenge-videos', 'stelvio,galibier');
    submit();
    expect(await screen.findByText(CHALLENGE_MESSAGES.raceVideos)).toBeTruthy();
    expect(bodies).toEqual([]);

    type('admin-challenge-videos', 'stelvio,galibier,tourmalet');
    submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      challenge_type: 'race',
      videos: 'stelvio,galibier,tourmalet',
    });
    expect(bodies[0]).not.toHaveProperty('goal');
  });

  it('stops on a missing type, goal or a bad date without calling the server', async () => {
    fakeServer({});
    renderForm();
    type('admin-challenge-title', 'Winter Hours');
    type('admin-challenge-start-date', '2025-12-01');
    type('admin-challenge-end-date', '12-31-2025');
    submit();
    expect(await screen.findByText(CHALLENGE_MESSAGES.missingType)).toBeTruthy();
    expect(screen.getByText(CHALLENGE_MESSAGES.badDate)).toBeTruthy();

    type('admin-challenge-challenge-type', 'Time');
    submit();
    expect(await screen.findByText(CHALLENGE_MESSAGES.missingType)).toBeTruthy();

    type('admin-challenge-challenge-type', 'time');
    type('admin-challenge-start-date', '12-01-2025');
    submit();
    expect(await screen.findByText(CHALLENGE_MESSAGES.missingGoal)).toBeTruthy();
    expect(bodies).toEqual([]);
    expect(show).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, whether a 4xx or a 200 saying failure", async () => {
    fakeServer({ status: 'failure', message: 'Unknown video tourmalet.' }, 400);
    renderForm();
    fillTimeBased();
    submit();
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'That did not work.',
          message: 'Unknown video tourmalet.',
        }),
      ),
    );
    // The values stay for another try.
    expect((screen.getByTestId('admin-challenge-title') as HTMLInputElement).value).toBe(
      'Winter Hours',
    );

    cleanup();
    show.mockClear();
    fakeServer({ status: 'failure', message: 'The dates overlap.' });
    renderForm();
    fillTimeBased();
    submit();
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'That did not work.', message: 'The dates overlap.' }),
      ),
    );
  });
});
