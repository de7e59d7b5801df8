import { expect, test } from '@playwright/test';
import { expectPath, fillSignUp, newRider, signUp } from '../support/accounts.js';

test('sign-up shows each validation message once its field is touched', async ({ page }) => {
  await page.goto('/sign-up');
  const form = page.getByRole('form', { name: 'Sign up' });
  const username = form.getByLabel('Username');
  const email = form.getByLabel('Email');
  const password = form.getByLabel('Password', { exact: true });
  const required = form.getByText('Required', { exact: true });
  const invalidEmail = form.getByText('Invalid Email', { exact: true });
  const shortPassword = form.getByText('Password must be at least 6 characters long', {
    exact: true,
  });

  // Nothing is flagged before a field has been touched.
  await expect(username).toBeVisible();
  await expect(required).toHaveCount(0);

  await username.focus();
  await username.blur();
  await expect(required).toHaveCount(1);
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  // The email and password fields have not been touched yet.
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');

  await email.fill('not-an-email');
  await email.blur();
  await expect(invalidEmail).toBeVisible();
  await email.fill('rider@nodot');
  await expect(invalidEmail).toBeVisible();

  await password.fill('12345');
  await password.blur();
  await expect(shortPassword).toBeVisible();

  await username.fill('rider');
  await email.fill('rider@example.com');
  await password.fill('123456');
  await expect(required).toHaveCount(0);
  await expect(invalidEmail).toHaveCount(0);
  await expect(shortPassword).toHaveCount(0);
});

test('submitting an empty sign-up form flags every field and stays put', async ({ page }) => {
  await page.goto('/sign-up');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('Required', { exact: true })).toHaveCount(3);
  await expectPath(page, '/sign-up');
});

test('signing up twice with one email offers to sign in or reset the password', async ({
  page,
}) => {
  const rider = newRider();
  await signUp(page, rider);

  await page.goto('/signup');
  await fillSignUp(page, { ...rider, username: `${rider.username}b` });
  const message = page.getByRole('form', { name: 'Sign up' }).getByRole('alert');
  await expect(message).toHaveText(
    'An account with this email already exists. Sign in now, or reset your password.',
  );
  await expect(message.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(message.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
    'href',
    '/password-recovery',
  );
  await expectPath(page, '/signup');

  await message.getByRole('link', { name: 'reset your password' }).click();
  await expectPath(page, '/password-recovery');
});
