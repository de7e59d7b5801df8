// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAd } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { stubResizeObserver } from '../../../test/stubResizeObserver';
import { failure, fakeApi } from '../../../test/fakeApi';
import { HouseAdsSection } from './HouseAdsSection';

const created: AdminAd = {
  id: 41,
  title: 'Winter kit',
  link_url: 'https://shop.example.com/',
  slot: 'home',
  image_url: null,
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: null,
  weight: 1,
  active: true,
  impressions: 0,
  clicks: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <HouseAdsSection />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HouseAdsSection', () => {
  it('opens a new ad whose image was refused for editing, so Create is not pressed twice', async () => {
    let list: AdminAd[] = [];
    const { calls } = fakeApi((call) => {
      if (call.method === 'POST' && call.path === '/admin/ads') {
        list = [created];
        return { json: created };
      }
      if (call.path === '/admin/ads/41/image') return failure(400, 'This file is not an image.');
      return { json: list };
    });
    renderSection();
    const form = await screen.findByRole('form', { name: 'Create a house ad' });
    fireEvent.change(form.querySelector('input[type="file"]')!, {
      target: { files: [new File(['not an image'], 'kit.png', { type: 'image/png' })] },
    });
    const field = (label: string) => within(form).getByLabelText(label);
    fireEvent.change(field('Title'), { target: { value: 'Winter kit' } });
    fireEvent.change(field('Link'), { target: { value: 'https://shop.example.com/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create ad' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      '“Winter kit” was created, but its image was not saved: This file is not an image. ' +
        'Choose an image for it below.',
    );
    expect(screen.getByRole('form', { name: 'Edit house ad' })).toBeTruthy();
    // The create form started over: pressing Create again would not repeat this ad.
    await waitFor(() => {
      const fresh = screen.getByRole('form', { name: 'Create a house ad' });
      expect(within(fresh).getByLabelText<HTMLInputElement>('Title').value).toBe('');
    });
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/admin/ads')).toHaveLength(1);
  });
});
