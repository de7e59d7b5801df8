import { expect, test } from '@playwright/test';
import { expectPath } from '../support/accounts.js';

test('the version gate sends unsupported desktop versions to /upgrade', async ({ page }) => {
  await page.goto('/?v=1.0.0');
  await expectPath(page, '/upgrade');

  await page.goto('/?v=2.3.5');
  await expect(page.getByRole('heading', { name: 'Get connected. Get fit.' })).toBeVisible();
  await expectPath(page, '/');
});

test('the desktop app parameter turns on desktop mode and opens /login', async ({ page }) => {
  await page.goto('/?electronMode=true');
  await expectPath(page, '/login');
  await expect(page.getByRole('link', { name: 'Log in with email' })).toBeVisible();
});

test('an unknown path shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Take me home' }).click();
  await expectPath(page, '/');
});

test('the login landing explains when Google sign-in is not set up', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in is not available on this server.',
  );
  await page.getByRole('button', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toBeVisible();
});
