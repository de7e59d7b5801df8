// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { PlayerOverlay } from './PlayerOverlay';

const overlay = (state: { waiting?: boolean; creating?: boolean }) => (
  <MantineProvider>
    <PlayerOverlay
      onPreview={vi.fn()}
      onStart={vi.fn()}
      onRideWithFriends={vi.fn()}
      capped={false}
      {...state}
    />
  </MantineProvider>
);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeAll(stubMatchMedia);
afterEach(cleanup);

describe('PlayerOverlay', () => {
  it('has its status region before the wait and fills it while waiting (review L6)', () => {
    const { rerender } = render(overlay({}));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    rerender(overlay({ waiting: true }));
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Connecting to your trainer…');
  });

  it('holds Start while Ride with friends creates its event, and the reverse (review M2)', () => {
    const { rerender } = render(overlay({ creating: true }));
    expect(button('Start').disabled).toBe(true);
    rerender(overlay({ waiting: true }));
    expect(button('Ride with friends').disabled).toBe(true);
  });
});
