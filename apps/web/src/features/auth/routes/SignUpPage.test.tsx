// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { failure, fakeApi, type ApiAnswer, type ApiCall } from '../../../test/fakeApi';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { SignUpPage } from './SignUpPage';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSignUp() {
  const router = createMemoryRouter(
    [
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/sign-up'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function fillAndSubmit(email: string) {
  fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'Sam' } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

const MAIL_FAILED: ApiAnswer = {
  status: 201,
  json: {
    status: 'success',
    message: AUTH_MESSAGES.registeredMailFailed,
    verification_mail_sent: false,
  },
};

beforeEach(() => {
  stubMatchMedia();
  useUserStore.getState().logout();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignUpPage', () => {
  it('goes to /user-registered when the mail was sent', async () => {
    fakeApi(() => ({
      status: 201,
      json: { status: 'success', message: AUTH_MESSAGES.registered, verification_mail_sent: true },
    }));
    renderSignUp();
    await fillAndSubmit('sam@example.com');
    expect((await screen.findByTestId('where')).textContent).toBe('/user-registered');
  });

  it('shows the message when the mail could not be sent, and sends it again', async () => {
    let resendAnswer: ApiAnswer = failure(503, AUTH_MESSAGES.mailFailed);
    const api = fakeApi((call: ApiCall) => (call.path === '/signup' ? MAIL_FAILED : resendAnswer));
    renderSignUp();
    await fillAndSubmit('sam@example.com');
    expect((await screen.findByTestId('signup-mail-failed')).textContent).toBe(
      AUTH_MESSAGES.registeredMailFailed,
    );
    expect(screen.queryByTestId('where')).toBeNull();

    // Still failing: the reason shows, the page stays.
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect((await screen.findByTestId('signup-resend-problem')).textContent).toBe(
      AUTH_MESSAGES.mailFailed,
    );

    resendAnswer = {
      status: 200,
      json: { status: 'success', message: AUTH_MESSAGES.verificationResent },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/user-registered');
    const resends = api.calls.filter((c) => c.path === '/resend-verification');
    expect(resends.map((c) => [c.method, c.body])).toEqual([
      ['POST', { email: 'sam@example.com' }],
      ['POST', { email: 'sam@example.com' }],
    ]);
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/signup')).toHaveLength(1));
  });
});
