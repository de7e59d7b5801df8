// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdServing } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fakeApi, type ApiCall } from '../../../test/fakeApi';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { useUserStore } from '../../../stores/user';
import { AdSlot, TAG_TIMEOUT_MS } from './AdSlot';

const AD = {
  id: 7,
  title: 'Spring sale',
  image_url: '/media/ad.png',
  click_url: '/api/v1/ads/7/click?slot=videos',
};

/** IntersectionObserver under the test's control: `intersect()` shows every observed element. */
let observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class FakeObserver {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    observers.push(this.callback);
  }
  disconnect() {
    observers = observers.filter((c) => c !== this.callback);
  }
}
const intersect = () => act(() => [...observers].forEach((c) => c([{ isIntersecting: true }])));

function serve(serving: Omit<AdServing, 'slot'>): { calls: ApiCall[] } {
  return fakeApi((call) =>
    call.path === '/ads' ? { json: { slot: 'videos', ...serving } } : { status: 204, json: null },
  );
}

function renderSlot() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <div data-testid="page">
            <AdSlot slot="videos" />
          </div>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const impressions = (calls: ApiCall[]) => calls.filter((c) => c.path.endsWith('/impression'));

beforeEach(() => {
  stubMatchMedia();
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  useUserStore.getState().logout();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AdSlot', () => {
  it("shows a guest the slot's house ad with its label, link and the way out of ads", async () => {
    const { calls } = serve({ ad: AD, tag: null });
    renderSlot();
    const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
    expect(slot.textContent).toContain('Advertisement');
    expect(screen.getByRole('link', { name: 'Remove ads' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('img', { name: 'Spring sale' }).getAttribute('src')).toBe(AD.image_url);
    // The image and the title both lead through the counting redirect, in a new tab.
    const links = screen.getAllByRole('link', { name: 'Spring sale' });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(AD.click_url);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    }
    expect(calls[0]?.url.searchParams.get('slot')).toBe('videos');
  });

  it('renders nothing at all when there is no ad', async () => {
    const { calls } = serve({ ad: null, tag: null });
    renderSlot();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.getByTestId('page').innerHTML).toBe('');
  });

  it('collapses when the image fails to load', async () => {
    serve({ ad: AD, tag: null });
    renderSlot();
    fireEvent.error(await screen.findByRole('img', { name: 'Spring sale' }));
    expect(screen.getByTestId('page').innerHTML).toBe('');
  });

  it('reports the impression once, when the slot comes into view', async () => {
    const { calls } = serve({ ad: AD, tag: null });
    renderSlot();
    const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
    intersect();
    // Not before its image has loaded (a failing image collapses the slot unseen).
    await new Promise((r) => setTimeout(r, 20));
    expect(impressions(calls)).toHaveLength(0);
    fireEvent.load(slot.querySelector('img')!);
    expect(impressions(calls)).toHaveLength(0);
    intersect();
    intersect();
    await vi.waitFor(() => expect(impressions(calls)).toHaveLength(1));
    expect(impressions(calls)[0]).toMatchObject({ method: 'POST', path: '/ads/7/impression' });
    expect(impressions(calls)[0]?.url.searchParams.get('slot')).toBe('videos');
  });

  it('shows a tag sandboxed, and the house ad when the tag does not load in time', async () => {
    serve({ ad: AD, tag: { src: 'https://ads.example.com/tag' } });
    renderSlot();
    const frame = await screen.findByTitle('Advertisement');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.queryByRole('img')).toBeNull();
    vi.useFakeTimers();
    intersect();
    act(() => vi.advanceTimersByTime(TAG_TIMEOUT_MS));
    vi.useRealTimers();
    expect(screen.queryByTitle('Advertisement')).toBeNull();
    expect(screen.getByRole('img', { name: 'Spring sale' })).toBeTruthy();
  });

  it('keeps a tag that loaded', async () => {
    serve({ ad: AD, tag: { src: 'https://ads.example.com/tag' } });
    renderSlot();
    const frame = await screen.findByTitle('Advertisement');
    fireEvent.load(frame);
    vi.useFakeTimers();
    intersect();
    act(() => vi.advanceTimersByTime(TAG_TIMEOUT_MS * 2));
    vi.useRealTimers();
    expect(screen.getByTitle('Advertisement')).toBe(frame);
  });

  it('does not even ask for a Core member', async () => {
    const { calls } = serve({ ad: AD, tag: null });
    signInAs(fixtureUser(5, { account_level: 'core' }));
    renderSlot();
    await act(async () => undefined);
    expect(calls).toHaveLength(0);
    expect(screen.getByTestId('page').innerHTML).toBe('');
  });

  it('asks for a free member', async () => {
    const { calls } = serve({ ad: AD, tag: null });
    signInAs(fixtureUser(5, { account_level: 'free' }));
    renderSlot();
    await screen.findByRole('img', { name: 'Spring sale' });
    expect(calls[0]?.path).toBe('/ads');
  });
});
