import { expect, type Page, type Response } from '@playwright/test';
import { AUTH_MESSAGES, AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import { extractLink, readLatestMail } from './outbox.js';

let counter = 0;

/** A fresh address per test, so specs never depend on each other's accounts. */
export function uniqueEmail(): string {
  counter += 1;
  return `rider-${Date.now()}-${counter}@example.com`;
}

export type Rider = { username: string; email: string; password: string };

export function newRider(): Rider {
  const email = uniqueEmail();
  return {
    username: `rider${email.split('@')[0]?.replace(/\D/g, '').slice(-8)}`,
    email,
    password: 'pedal-hard-1',
  };
}

/** Waits (up to `timeout` ms, else the default) until the address bar shows `pathname`. */
export async function expectPath(page: Page, pathname: string, timeout?: number): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname, { timeout });
}

export async function fillSignUp(page: Page, rider: Rider): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Username').fill(rider.username);
  await form.getByLabel('Email').fill(rider.email);
  await form.getByLabel('Password', { exact: true }).fill(rider.password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

/** Signs up through the form and checks the "verify your email" page. */
export async function signUp(page: Page, rider: Rider): Promise<void> {
  await page.goto('/sign-up');
  await fillSignUp(page, rider);
  await expectPath(page, '/user-registered');
  await expect(page.getByText(AUTH_MESSAGES.registered, { exact: true })).toBeVisible();
}

/**
 * Opens the emailed verification link and checks the page confirms it. `dataDir` names a spec's
 * own server's data folder (its outbox); by default the config's server.
 */
export async function verifyEmail(page: Page, email: string, dataDir?: string): Promise<void> {
  const mail = await readLatestMail(email, { containing: '/email-verified?code=', dataDir });
  const link = extractLink(mail, '/email-verified?code=');
  await page.goto(link);
  await expect(page.getByText(AUTH_MESSAGES.emailVerified, { exact: true })).toBeVisible();
}

/** Fills /login-email and submits; resolves with the sign-in answer. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<Response> {
  await page.goto('/login-email');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/email-signin') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Log In' }).click();
  return answer;
}

export type Session = { token: string; userId: number; loginCount: number };

/** A successful sign-in: the token from x-auth-token and the user from the body. */
export async function signIn(page: Page, email: string, password: string): Promise<Session> {
  const response = await submitSignIn(page, email, password);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { user: { id: number; login_count: number } };
  const token = response.headers()[AUTH_TOKEN_HEADER];
  expect(token, 'the session token header').toBeTruthy();
  return { token: token ?? '', userId: body.user.id, loginCount: body.user.login_count };
}

/** The shell's guest 'Log In' entries (top bar, and the bottom bar on small screens). */
export function visibleLogInLinks(page: Page) {
  return page.getByRole('link', { name: 'Log In', exact: true }).filter({ visible: true });
}
