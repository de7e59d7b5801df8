// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { stubResizeObserver } from '../../../test/stubResizeObserver';
import type { DesktopBridge, User } from '@ridealong/contracts';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { PricingPage } from './PricingPage';

const setup = {
  publishableKey: 'pk_local',
  corePrice: 'core_m',
  proPrice: 'pro_m',
  corePriceYear: 'core_y',
  proPriceYear: 'pro_y',
  provider: 'local',
};

type Call = { url: string; body: unknown };
let calls: Call[] = [];

/** Answers the pricing page's calls as the server would, recording what was sent. */
function fakeServer() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = url.endsWith('/payment/setup')
        ? setup
        : { sessionId: 'cs_1', url: 'http://localhost/local-pay/cs_1' };
      return new Response(JSON.stringify(json), { status: 200 });
    }),
  );
}

function signIn(fields: Partial<User>) {
  useUserStore.setState({
    user: {
      userId: '7',
      token: 't',
      isAuthenticated: true,
      authorized: true,
      enter_demo_mode_at: null,
      email: 'r@x.test',
      ...fields,
    },
  });
}

function renderPricing() {
  const router = createMemoryRouter(
    [
      { path: '/pricing', element: <PricingPage /> },
      { path: '/profile', element: <p>profile page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/pricing'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeEach(() => {
  stubMatchMedia();
  stubResizeObserver();
  fakeServer();
  useGeneralStore.setState({ electronMode: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.desktopBridge;
  useUserStore.getState().logout();
});

describe('PricingPage', () => {
  it('guests see Pick your plan, the yearly prices and no Buy button', () => {
    renderPricing();
    expect(screen.getByTestId('pricing-heading').textContent).toBe('Pick your plan.');
    expect(screen.getByTestId('plan-price-core').textContent).toBe('$5');
    expect(screen.queryByTestId('buy-core')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-monthly-switch'));
    expect(screen.getByTestId('plan-price-core').textContent).toBe('$6');
    expect(screen.getByTestId('plan-price-pro').textContent).toBe('$12');
  });

  it('a trial member buys Core yearly: checkout session, then the browser goes to its URL', async () => {
    signIn({ account_level: 'trial', current_period_end_date: null });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    renderPricing();
    expect(await screen.findByTestId('pricing-test-provider-note')).toBeTruthy();
    fireEvent.click(screen.getByTestId('buy-core'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/local-pay/cs_1'));
    const checkout = calls.find((c) => c.url.endsWith('/payment/create-checkout-session'));
    expect(checkout?.body).toEqual({
      type: 'core_year',
      user_id: 7,
      email: 'r@x.test',
      priceId: 'core_y',
      electronMode: false,
    });
  });

  it('in desktop mode the session goes to the bridge instead', async () => {
    signIn({ account_level: 'free', previous_account_level: 'trial' });
    const send = vi.fn();
    window.desktopBridge = { send, on: () => () => undefined } as DesktopBridge;
    useGeneralStore.setState({ electronMode: true });
    renderPricing();
    await screen.findByTestId('pricing-test-provider-note');
    fireEvent.click(screen.getByTestId('pay-monthly-switch'));
    fireEvent.click(screen.getByTestId('buy-core'));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('checkout-session-opened', { sessionId: 'cs_1' }),
    );
    const checkout = calls.find((c) => c.url.endsWith('/payment/create-checkout-session'));
    expect(checkout?.body).toMatchObject({ type: 'core', priceId: 'core_m', electronMode: true });
  });

  it('a Core member sees the active plan and no Buy button', () => {
    signIn({ account_level: 'core' });
    renderPricing();
    expect(screen.getByTestId('pricing-heading').textContent).toBe('Your Core plan is active.');
    expect(screen.getByTestId('pricing-message').textContent).toBe('Keep training!');
    expect(screen.queryByTestId('buy-core')).toBeNull();
  });

  it('payment_failed shows its message with a link to update the payment method', () => {
    signIn({ account_level: 'payment_failed', previous_account_level: 'core' });
    renderPricing();
    expect(screen.getByTestId('pricing-heading').textContent).toBe(
      'Your most recent payment failed.',
    );
    expect(screen.getByTestId('pricing-update-payment-link').textContent).toBe(
      'Update your payment method',
    );
    expect(screen.queryByTestId('buy-core')).toBeNull();
  });

  it('a cancelled-period member gets a Restore link that opens the portal', async () => {
    signIn({ account_level: 'cancelled_period_not_over', previous_account_level: 'core' });
    // The portal replaces the page, so Back does not return to the old plan's page.
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, origin: 'http://localhost' });
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = String(input);
      const json = url.endsWith('/customer-portal')
        ? { portal_url: 'http://localhost/portal' }
        : setup;
      return new Response(JSON.stringify(json), { status: 200 });
    });
    renderPricing();
    fireEvent.click(screen.getByTestId('pricing-restore-link'));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost/portal'));
  });
});
