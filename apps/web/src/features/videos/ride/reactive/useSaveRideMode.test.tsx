// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../../stores/user';
import { fakeApi, type ApiCall } from '../../../../test/fakeApi';
import { fixtureUser, signInAs } from '../../../../test/userFixture';
import { useSaveRideMode } from './useSaveRideMode';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useSaveRideMode', () => {
  it('remembers the choice at once and on the profile', async () => {
    const member = fixtureUser(5, { ride_mode: 'reactive' });
    signInAs(member);
    const api = fakeApi((call: ApiCall) => ({
      json: {
        status: 'success',
        user: { ...member, ride_mode: (call.body as { ride_mode: string }).ride_mode },
      },
    }));
    const { result } = renderHook(() => useSaveRideMode(), { wrapper });
    act(() => result.current('steady'));
    expect(useUserStore.getState().user.ride_mode).toBe('steady');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({
      method: 'PUT',
      path: '/user/5/update',
      body: { ride_mode: 'steady' },
    });
    await waitFor(() => expect(useUserStore.getState().user.ride_mode).toBe('steady'));
  });
});
