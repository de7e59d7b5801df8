import { expect, test } from '@playwright/test';
import { expectPath } from '../support/accounts.js';
import { signInWebRider } from '../support/videos.js';

const TEST_PROVIDER_LABEL = 'Test payment provider: no real money moves.';

test.describe.configure({ mode: 'serial' });

test('a member buys Core yearly with the local provider, cancels it in the portal and can restore', async ({
  page,
}) => {
  // Two post-payment redirects of 8 s and 5 s.
  test.setTimeout(90_000);
  await signInWebRider(page);

  // A new account is on its ad-free trial; yearly prices show by default.
  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-heading')).toHaveText(
    'Your trial of our ad-free plan will expire in 14 days.',
  );
  await expect(page.getByTestId('pricing-test-provider-note')).toBeVisible();
  await expect(page.getByTestId('plan-price-core')).toHaveText('$5');
  await page.getByTestId('pay-monthly-switch').click();
  await expect(page.getByTestId('plan-price-core')).toHaveText('$6');
  await expect(page.getByTestId('plan-price-pro')).toHaveText('$12');
  await page.getByTestId('pay-monthly-switch').click();
  await expect(page.getByTestId('plan-price-core')).toHaveText('$5');

  // Buy Core: the local provider's checkout page, clearly a test, with the yearly price.
  await page.getByTestId('buy-core').click();
  await expect(page.getByText(TEST_PROVIDER_LABEL)).toBeVisible();
  await expect(page.getByText('Core plan, yearly')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expectPath(page, '/payment-sucess');
  await expect(page.getByTestId('payment-success-message')).toHaveText(
    'You have sucessfully purchased a membership. Please wait while we redirect you.',
  );
  await expectPath(page, '/profile', 12_000);
  await expect(page.getByTestId('plan-name')).toContainText('Core');

  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-heading')).toHaveText('Your Core plan is active.');
  await expect(page.getByTestId('pricing-message')).toHaveText('Keep training!');
  await expect(page.getByTestId('buy-core')).toHaveCount(0);

  // Cancel: the profile warns, then the provider's portal cancels at the period's end.
  await page.goto('/profile');
  await page.getByTestId('plan-cancel').click();
  await expect(page.getByText('Are you sure you want to cancel your Subscription?')).toBeVisible();
  await page.getByTestId('plan-cancel-confirm').click();
  await expect(page.getByText(TEST_PROVIDER_LABEL)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Restore plan', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to RideAlong' }).click();
  await expectPath(page, '/portal-redirect');
  await expect(page.getByTestId('portal-redirect-message')).toHaveText(
    'Please wait while we update your account.',
  );
  await expectPath(page, '/profile', 10_000);

  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-heading')).toHaveText(
    /^You cancelled your Core plan\. Your plan features will expire in (a year|12 months|11 months)\.$/,
  );
  await expect(page.getByTestId('pricing-restore-link')).toBeVisible();
  await expect(page.getByTestId('info-banner')).toHaveAttribute(
    'data-level',
    'cancelled_period_not_over',
  );
});

test('an invalid promo code says so on the profile', async ({ page }) => {
  await signInWebRider(page);
  await page.goto('/profile');
  await page.getByTestId('promo-code-input').fill('NO-SUCH-CODE');
  await page.getByTestId('promo-code-submit').click();
  await expect(page.getByTestId('promo-code-message')).toHaveText('Invalid code.');
});
