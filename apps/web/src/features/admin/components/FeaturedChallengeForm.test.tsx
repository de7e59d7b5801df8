// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { challengeSchema, type Challenge } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { FeaturedChallengeForm } from './FeaturedChallengeForm';

const challenge = (id: number, title: string, featured = false): Challenge =>
  challengeSchema.parse({
    id,
    challenge_id: id,
    title,
    description: '',
    start_date: '2025-12-01',
    end_date: '2025-12-31',
    active: true,
    featured,
    image_url: null,
    challenge_type: 'RIDE_BASED',
    goal_payload: '{"goal":20}',
    participants: 3,
    videos: [],
  });

let posted: string[] = [];
let activeCalls = 0;

function fakeServer(active: Challenge[], setFeatured: { body: unknown; status?: number }) {
  posted = [];
  activeCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.pathname === '/api/v1/challenge/active') {
        activeCalls += 1;
        return json(active);
      }
      if (url.pathname.startsWith('/api/v1/challenge/set-featured/') && init?.method === 'POST') {
        posted.push(url.pathname);
        return json(setFeatured.body, setFeatured.status);
      }
      return json({ status: 'failure', message: 'Not found' }, 404);
    }),
  );
}

function renderForm() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <FeaturedChallengeForm />
      </QueryClientProvider>
    </MantineProvider>,
  );
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

const list = [challenge(3, 'Winter Hours'), challenge(4, 'Spring Miles', true)];

describe('Set the featured challenge', () => {
  it('offers the active challenges, the featured one first chosen, and sets the one picked', async () => {
    fakeServer(list, { body: { status: 'success' } });
    renderForm();
    const select = (await screen.findByTestId('admin-featured-select')) as HTMLSelectElement;
    expect(screen.getByTestId('admin-featured-form')).toBeTruthy();
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Winter Hours',
      'Spring Miles (featured)',
    ]);
    expect(select.value).toBe('4');

    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('admin-featured-submit'));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'green',
          message: 'Winter Hours is now the featured challenge.',
        }),
      ),
    );
    expect(posted).toEqual(['/api/v1/challenge/set-featured/3']);
    // The list is asked again, so the new featured one shows.
    await waitFor(() => expect(activeCalls).toBe(2));
  });

  it("shows the server's refusal", async () => {
    fakeServer(list, { body: { status: 'failure', message: 'Admins only.' }, status: 403 });
    renderForm();
    await screen.findByTestId('admin-featured-select');
    fireEvent.click(screen.getByTestId('admin-featured-submit'));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'That did not work.',
          message: 'Admins only.',
        }),
      ),
    );
  });

  it('treats a 200 that is not a success as a failure', async () => {
    fakeServer(list, { body: { status: 'failure', message: 'No such challenge.' } });
    renderForm();
    await screen.findByTestId('admin-featured-select');
    fireEvent.click(screen.getByTestId('admin-featured-submit'));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'That did not work.', message: 'No such challenge.' }),
      ),
    );
  });

  it('has nothing to set when no challenge is active', async () => {
    fakeServer([], { body: { status: 'success' } });
    renderForm();
    expect(await screen.findByText('There are no challenges right now.')).toBeTruthy();
    expect((screen.getByTestId('admin-featured-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
