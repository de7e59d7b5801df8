// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureRace } from '../../../test/raceFixture';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { RouteSection } from './RouteSection';

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RouteSection', () => {
  it('names its loading placeholder as a status (axe: no aria-label on a role-less div)', () => {
    // The route request never answers: the placeholder stays.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <RouteSection
            race={fixtureRace(3, { slope_source_id: 1 })}
            videoRef={{ current: null }}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const loading = screen.getByLabelText('Loading the route');
    expect(loading.getAttribute('role')).toBe('status');
    expect(screen.getByRole('status', { name: 'Loading the route' })).toBe(loading);
  });
});
