import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES, AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import {
  expectPath,
  newRider,
  signIn,
  signUp,
  submitSignIn,
  verifyEmail,
  visibleLogInLinks,
} from '../support/accounts.js';
import { extractLink, readLatestMail } from '../support/outbox.js';

test('a new rider signs up, verifies, agrees to the terms, and logs out', async ({ page }) => {
  const rider = newRider();
  await signUp(page, rider);
  await verifyEmail(page, rider.email);

  const session = await signIn(page, rider.email, rider.password);
  expect(session.loginCount).toBe(1);
  await expectPath(page, '/agreement');
  await page.getByRole('button', { name: 'Join Our Community' }).click();
  await page.getByRole('button', { name: 'I Agree' }).click();
  // First login: the agreement sends the rider on to the profile.
  await expectPath(page, '/profile');

  const profileMenu = page.getByRole('button', { name: 'Profile menu' });
  await expect(profileMenu).toBeVisible();
  await expect(visibleLogInLinks(page)).toHaveCount(0);

  const before = await page.request.get(`/api/v1/users/${session.userId}`, {
    headers: { [AUTH_TOKEN_HEADER]: session.token },
  });
  expect(before.status()).toBe(200);
  expect(await before.json()).toMatchObject({ email: rider.email });

  await profileMenu.click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expectPath(page, '/');
  await expect(visibleLogInLinks(page).first()).toBeVisible();
  await expect(profileMenu).toHaveCount(0);

  // The session was revoked: the old token no longer unlocks the private fields.
  const after = await page.request.get(`/api/v1/users/${session.userId}`, {
    headers: { [AUTH_TOKEN_HEADER]: session.token },
  });
  if (after.status() !== 401) {
    expect(after.status()).toBe(200);
    expect(await after.json()).not.toHaveProperty('email');
  }
});

test('sign-in refuses an unverified email and a wrong password', async ({ page }) => {
  const rider = newRider();
  await signUp(page, rider);

  const form = page.getByRole('form', { name: 'Log in' });
  const unverified = await submitSignIn(page, rider.email, rider.password);
  expect(unverified.status()).toBe(403);
  await expect(form.getByRole('alert')).toHaveText(AUTH_MESSAGES.unverified);
  await expectPath(page, '/login-email');

  await verifyEmail(page, rider.email);
  const wrong = await submitSignIn(page, rider.email, 'not-the-password');
  expect(wrong.status()).toBe(401);
  await expect(form.getByRole('alert')).toHaveText('Username or password is incorrect.');

  const unknown = await submitSignIn(page, `nobody-${Date.now()}@example.com`, rider.password);
  expect(unknown.status()).toBe(401);
  await expect(form.getByRole('alert')).toHaveText(AUTH_MESSAGES.badCredentials);
  await expectPath(page, '/login-email');
});

test('password recovery resets the password once', async ({ page }) => {
  const rider = newRider();
  await signUp(page, rider);
  await verifyEmail(page, rider.email);

  await page.goto('/login-email');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expectPath(page, '/password-recovery');
  await expect(page.getByText(AUTH_MESSAGES.recoveryIntro, { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Password recovery' });
  await form.getByLabel('Email').fill(rider.email);
  await form.getByRole('button', { name: 'Send Link' }).click();
  await expect(
    page.getByText(
      "If an account exists with this email, we'll send you a link to reset your password now. After you reset your password, log in.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Link' })).toHaveCount(0);

  const mail = await readLatestMail(rider.email, { containing: '/change-password/' });
  const link = extractLink(mail, '/change-password/');
  const newPassword = 'climb-higher-2';

  await page.goto(link);
  const reset = page.getByRole('form', { name: 'Change password' });
  await reset.getByLabel('Password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm password').fill('climb-higher-3');
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expect(reset.getByRole('alert')).toHaveText('Passwords need to match');
  await expectPath(page, new URL(link).pathname);

  await reset.getByLabel('Confirm password').fill(newPassword);
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expectPath(page, '/');

  // The link works once.
  await page.goto(link);
  await reset.getByLabel('Password', { exact: true }).fill('another-pass-4');
  await reset.getByLabel('Confirm password').fill('another-pass-4');
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expect(reset.getByRole('alert')).toHaveText(AUTH_MESSAGES.resetLinkInvalid);

  const old = await submitSignIn(page, rider.email, rider.password);
  expect(old.status()).toBe(401);
  await signIn(page, rider.email, newPassword);
  await expectPath(page, '/agreement');
});
