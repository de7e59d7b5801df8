// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { CheckoutRedirectPage } from './CheckoutRedirectPage';

const renderAt = (path: string) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <CheckoutRedirectPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

const answer = (status: number, json: unknown) =>
  vi.fn(async (_input: URL) => new Response(JSON.stringify(json), { status }));

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CheckoutRedirectPage', () => {
  it('replaces the page with the session checkout URL', async () => {
    const fetchMock = answer(200, { url: 'http://localhost/local-pay/cs_9' });
    vi.stubGlobal('fetch', fetchMock);
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, origin: 'http://localhost' });
    renderAt('/checkout-redirect?session_id=cs_9');
    expect(screen.getByTestId('checkout-redirect-spinner')).toBeTruthy();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost/local-pay/cs_9'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      'http://localhost/api/v1/payment/checkout-url/cs_9',
    );
  });

  it('says so when the address has no session_id', () => {
    vi.stubGlobal('fetch', answer(200, {}));
    renderAt('/checkout-redirect');
    expect(screen.getByTestId('checkout-redirect-error').textContent).toContain('no session_id');
  });

  it('shows the server message when the session is unknown', async () => {
    vi.stubGlobal(
      'fetch',
      answer(404, { status: 'failure', message: 'Checkout session not found' }),
    );
    renderAt('/checkout-redirect?session_id=nope');
    expect((await screen.findByTestId('checkout-redirect-error')).textContent).toContain(
      'Checkout session not found',
    );
  });

  it('joins a message that ends a sentence without a doubled full stop', async () => {
    vi.stubGlobal('fetch', answer(404, { status: 'failure', message: 'This checkout has ended.' }));
    renderAt('/checkout-redirect?session_id=ended');
    const text = (await screen.findByTestId('checkout-redirect-error')).textContent ?? '';
    expect(text).toContain('This checkout has ended. Start again from the pricing page.');
    expect(text).not.toContain('..');
  });
});
