import { expect, test } from '@playwright/test';
import {
  E2E_TRACKER_URL,
  NO_TRACKER_URL,
  openConnectDevice,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';

test('Connect Device shows the simulator connected and its live power within 3 s', async ({
  page,
}) => {
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);
  const panel = await openConnectDevice(page);
  const openedAt = Date.now();
  const within3s = () => ({ timeout: Math.max(250, 3000 - (Date.now() - openedAt)) });

  const simulator = panel.getByRole('listitem', { name: 'RideAlong Simulator' });
  await expect(simulator).toBeVisible(within3s());
  await expect(simulator).toContainText('Simulator');
  // The tracker connects its simulator at start; if it has not, the panel's Connect does.
  const connect = simulator.getByRole('button', { name: 'Connect', exact: true });
  if (await connect.isVisible()) await connect.click();

  const power = panel.getByTestId('live-power');
  await expect(power).toHaveText(/^\d+$/, within3s());
  await expect.poll(async () => Number(await power.textContent()), within3s()).toBeGreaterThan(0);

  await expect(simulator.getByTestId('device-state')).toHaveText('Connected');
  await expect(panel.getByTestId('tracker-status')).toContainText('Connected to the RideAlong');
  await expect(panel.getByTestId('live-cadence')).toHaveText(/^\d+$/);
  await expect(panel.getByTestId('live-speed')).toHaveText(/^\d+\.\d$/);
  // Imperial by default (the member's profile choice).
  await expect(panel.getByTestId('live-speed-unit')).toHaveText('mph');

  // The profile's defaults, and a change is saved to the profile.
  const difficulty = panel.getByRole('slider', { name: 'Difficulty' });
  await expect(difficulty).toHaveAttribute('aria-valuenow', '100');
  await expect(panel.getByRole('slider', { name: 'Downhill' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/v1/user/${session.userId}/update`) && r.request().method() === 'PUT',
  );
  await difficulty.focus();
  await page.keyboard.press('ArrowRight');
  await expect(difficulty).toHaveAttribute('aria-valuenow', '105');
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({
    user: { trainer_difficulty: 105, trainer_downhill: 50 },
  });
});

test('Connect Device without a tracker retries 5 times, then offers the desktop app', async ({
  page,
}) => {
  // Delays of 1, 2, 4, 5 and 5 s between the attempts, plus signing in.
  test.setTimeout(90_000);
  await useTrackerUrl(page, NO_TRACKER_URL);
  await signInDesktopRider(page);
  const panel = await openConnectDevice(page);

  const status = panel.getByTestId('tracker-status');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await expect(status).toContainText(`attempt ${attempt} of 5`, { timeout: 8000 });
  }

  const notRunning = panel.getByTestId('tracker-not-running');
  await expect(notRunning).toContainText('The RideAlong tracker is not running.', {
    timeout: 10_000,
  });
  await expect(notRunning).toContainText('Open the RideAlong desktop app');
  // A rider is offered the app, never a developer's command.
  await expect(
    notRunning.getByTestId('download-installer').or(notRunning.getByTestId('desktop-unpublished')),
  ).toBeVisible();
  await expect(panel).not.toContainText('npm run');
  await expect(panel.getByTestId('live-power')).toHaveText('—');

  // Try again starts the sequence over.
  await notRunning.getByRole('button', { name: 'Try again' }).click();
  await expect(status).toContainText('attempt 1 of 5', { timeout: 5000 });
});
