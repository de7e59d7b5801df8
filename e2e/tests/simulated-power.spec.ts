import { expect, test } from '@playwright/test';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  openConnectDevice,
  setSimulatedPower,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';

test('the simulated rider pedals the power set in Connect Device', async ({ page }) => {
  test.setTimeout(90_000); // signing up alone takes 20-30 s here
  await useTrackerUrl(page, E2E_TRACKER_URL);
  await signInDesktopRider(page);
  await connectSimulator(page);
  try {
    await setSimulatedPower(page, 400);
    // The tracker keeps it: the panel opened again shows it.
    const panel = await openConnectDevice(page);
    await expect(panel.getByRole('slider', { name: 'Simulated power' })).toHaveAttribute(
      'aria-valuenow',
      '400',
    );
    await expect(panel.getByTestId('simulated-power')).toContainText('400 W');
    await page.keyboard.press('Escape');
    await setSimulatedPower(page, 120);
  } finally {
    // The config's tracker outlives this spec: the others ride at the default.
    await setSimulatedPower(page, 200);
  }
});
