// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../test/stubMatchMedia';
import type { User } from '@ridealong/contracts';
import { useUserStore } from '../../stores/user';
import { InfoBanner } from './InfoBanner';
import { InfoBannerSlot } from './InfoBannerSlot';

function signIn(fields: Partial<User>) {
  useUserStore.setState({
    user: {
      userId: '7',
      token: 't',
      isAuthenticated: true,
      authorized: true,
      enter_demo_mode_at: null,
      ...fields,
    },
  });
}

const renderSlot = () =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <InfoBanner />
      </MemoryRouter>
    </MantineProvider>,
  );

beforeEach(() => {
  stubMatchMedia();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  useUserStore.getState().logout();
});

describe('InfoBanner', () => {
  it('shows the trial banner with its subscribe link, and a dismissal lasts the session', () => {
    const end = new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString();
    signIn({ account_level: 'trial', current_period_end_date: end });
    renderSlot();
    expect(screen.getByTestId('info-banner-message').textContent).toContain(
      'Your trial will expire in 3 days!',
    );
    expect(screen.getByTestId('info-banner-link').getAttribute('href')).toBe('/pricing');
    fireEvent.click(screen.getByTestId('info-banner-close'));
    expect(screen.queryByTestId('info-banner')).toBeNull();
    cleanup();
    renderSlot();
    expect(screen.queryByTestId('info-banner')).toBeNull();
  });

  it('a new level shows its banner even after the old one was dismissed', () => {
    signIn({ account_level: 'trial' });
    renderSlot();
    fireEvent.click(screen.getByTestId('info-banner-close'));
    cleanup();
    signIn({ account_level: 'payment_failed' });
    renderSlot();
    expect(screen.getByTestId('info-banner').getAttribute('data-level')).toBe('payment_failed');
  });

  it('shows nothing for guests and active plans', () => {
    renderSlot();
    expect(screen.queryByTestId('info-banner')).toBeNull();
    cleanup();
    signIn({ account_level: 'core' });
    renderSlot();
    expect(screen.queryByTestId('info-banner')).toBeNull();
  });

  it('the slot loads the banner for a signed-in member only', async () => {
    const renderLazySlot = () =>
      render(
        <MantineProvider>
          <MemoryRouter>
            <InfoBannerSlot />
          </MemoryRouter>
        </MantineProvider>,
      );
    renderLazySlot();
    expect(screen.queryByTestId('info-banner')).toBeNull();
    cleanup();
    signIn({ account_level: 'payment_failed' });
    renderLazySlot();
    expect((await screen.findByTestId('info-banner')).getAttribute('data-level')).toBe(
      'payment_failed',
    );
  });
});
