import { expect, type Locator, type Page } from '@playwright/test';
import {
  expectPath,
  newRider,
  signIn,
  signUp,
  verifyEmail,
  type Rider,
  type Session,
} from './accounts.js';

/** The simulator tracker that playwright.config.ts starts (same port as there). */
export const E2E_TRACKER_URL = 'http://127.0.0.1:47110';
/** An address where nothing listens: the panel's retries and not-running state. */
export const NO_TRACKER_URL = 'http://127.0.0.1:47199';

/** Points the web app at a tracker address before any page script runs. */
export async function useTrackerUrl(page: Page, url: string): Promise<void> {
  await page.addInitScript((value) => {
    window.localStorage.setItem('ridealong.trackerUrl', value);
  }, url);
}

/**
 * A new verified rider signed in with desktop mode on (the profile menu then has Connect
 * Device): sign up and verify, turn desktop mode on via /?electronMode, sign in, agree.
 * `dataDir` names a spec's own server's data folder, whose outbox has the verification mail
 * (the page's context then has that server as its baseURL); by default the config's server.
 */
export async function signInDesktopRider(
  page: Page,
  dataDir?: string,
  rider: Rider = newRider(),
): Promise<Session> {
  await signUp(page, rider);
  await verifyEmail(page, rider.email, dataDir);
  await page.goto('/?electronMode=true');
  await expectPath(page, '/login');
  const session = await signIn(page, rider.email, rider.password);
  await expectPath(page, '/agreement');
  await page.getByRole('button', { name: 'Join Our Community' }).click();
  await page.getByRole('button', { name: 'I Agree' }).click();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  return session;
}

/** Opens Connect Device from the profile menu; resolves with the panel. */
export async function openConnectDevice(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Connect Device' }).click();
  const panel = page.getByRole('dialog', { name: 'Connect Device' });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Connects the config tracker's simulator in the Connect Device panel (it may still be
 * connected from an earlier spec: the tracker outlives pages), waits for live power and closes
 * the panel. The page must be loaded with useTrackerUrl(page, E2E_TRACKER_URL).
 */
export async function connectSimulator(page: Page): Promise<void> {
  const panel = await openConnectDevice(page);
  const simulator = panel.getByRole('listitem', { name: 'RideAlong Simulator' });
  await expect(simulator).toBeVisible({ timeout: 10_000 });
  const connect = simulator.getByRole('button', { name: 'Connect', exact: true });
  if (await connect.isVisible()) await connect.click();
  await expect(simulator.getByTestId('device-state')).toHaveText('Connected');
  await expect
    .poll(async () => Number(await panel.getByTestId('live-power').textContent()), {
      timeout: 5000,
    })
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

/**
 * Sets the simulated rider's power (50-600 W in 10 W steps) with the Connect Device panel's
 * slider, by keyboard, waits until the live power shows it and closes the panel. The simulator
 * must be connected (connectSimulator). The config's tracker outlives specs: a spec that
 * changes the power sets it back to 200 W when it is done.
 */
export async function setSimulatedPower(page: Page, watts: number): Promise<void> {
  if (!Number.isInteger(watts / 10) || watts < 50 || watts > 600) {
    throw new Error(`setSimulatedPower: ${watts} W is not 50-600 W in 10 W steps`);
  }
  const panel = await openConnectDevice(page);
  const slider = panel.getByRole('slider', { name: 'Simulated power' });
  await expect(slider).toBeVisible({ timeout: 10_000 });
  // From where it is, or from Home (50 W) or End (600 W), whichever takes fewest steps; each
  // step is one request to the tracker.
  const now = Number(await slider.getAttribute('aria-valuenow'));
  const start = [now, 50, 600].reduce((a, b) =>
    Math.abs(watts - b) < Math.abs(watts - a) ? b : a,
  );
  await slider.focus();
  if (start !== now) await page.keyboard.press(start === 50 ? 'Home' : 'End');
  const steps = (watts - start) / 10;
  for (let i = 0; i < Math.abs(steps); i++) {
    await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  }
  await expect(slider).toHaveAttribute('aria-valuenow', String(watts));
  // The simulator wobbles 3 % around its target.
  const livePower = async () => Number(await panel.getByTestId('live-power').textContent());
  await expect
    .poll(async () => Math.abs((await livePower()) - watts) <= watts * 0.04 + 1, { timeout: 5000 })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}
