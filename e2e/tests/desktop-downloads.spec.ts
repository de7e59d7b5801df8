import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectPath } from '../support/accounts.js';

/**
 * Issue 22, 'Releases: no dead links': what a release machine copies into the server's releases
 * folder ($DATA_DIR/releases of the config's server) is what the web offers. A Mac installer is
 * published here; Windows has none.
 */
const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const VERSION = '2.6.0';
const DMG = `RideAlong-${VERSION}.dmg`;
const ZIP = `RideAlong-${VERSION}-mac.zip`;
const releasesDir = path.join(process.env.E2E_DATA_DIR ?? '', 'releases');
const dmgBytes = Buffer.from(`not really a disk image, release ${VERSION}\n`.repeat(64));

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** latest-mac.yml as electron-builder writes it for the generic provider. */
function macFeed(zip: Buffer): string {
  return [
    `version: ${VERSION}`,
    'files:',
    `  - url: ${ZIP}`,
    `    sha512: ${sha512(zip)}`,
    `    size: ${zip.length}`,
    `  - url: ${DMG}`,
    `    sha512: ${sha512(dmgBytes)}`,
    `    size: ${dmgBytes.length}`,
    `path: ${ZIP}`,
    `sha512: ${sha512(zip)}`,
    `releaseDate: '${new Date().toISOString()}'`,
    '',
  ].join('\n');
}

async function visit(browser: Browser, userAgent: string, url: string, bluetooth = false) {
  const context = await browser.newContext({ userAgent, acceptDownloads: true });
  // Chrome on Windows has Web Bluetooth, Debian's Chromium does not: the page sees the former.
  if (bluetooth) {
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'bluetooth', { value: {}, configurable: true }),
    );
  }
  const page = await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

/** WCAG 2 A/AA of the page, or of the part `within` selects (the home page's download prompt). */
async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const { violations } = await axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

test.describe.serial('desktop downloads from the releases folder', () => {
  test.beforeAll(async ({ request }) => {
    expect(process.env.E2E_DATA_DIR, 'set by playwright.config.ts').toBeTruthy();
    await mkdir(releasesDir, { recursive: true });
    const zip = Buffer.from('zip of the app');
    // The installers first, the feed last: as docs/desktop.md says a release is published.
    await writeFile(path.join(releasesDir, DMG), dmgBytes);
    await writeFile(path.join(releasesDir, ZIP), zip);
    await writeFile(path.join(releasesDir, 'latest-mac.yml'), macFeed(zip));
    // The server looks at the folder at most once a second: ready when it lists the release.
    await expect
      .poll(async () => {
        const res = await request.get('/api/v1/desktop/downloads');
        return ((await res.json()) as { version: string | null }).version;
      })
      .toBe(VERSION);
  });

  test.afterAll(async () => {
    // Later specs see an empty folder again.
    for (const name of [DMG, ZIP, 'latest-mac.yml']) {
      await rm(path.join(releasesDir, name), { force: true });
    }
  });

  test("the home page's Mac download is the published installer", async ({ browser }) => {
    const { page, close } = await visit(browser, MAC_UA, '/');
    const link = page.getByRole('link', { name: 'Download for Mac' });
    await expect(link).toHaveAttribute('href', '/download/mac');
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(DMG);
    expect(await readFile(await file.path())).toEqual(dmgBytes);
    await close();
  });

  test('Windows is told no installer is published and offered the browser', async ({ browser }) => {
    const { page, close } = await visit(browser, WINDOWS_UA, '/', true);
    await expect(page.getByText('The desktop app for Windows is not published yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Download for/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Pick a workout' })).toHaveAttribute(
      'href',
      '/featured',
    );
    await expectNoAxeViolations(page, 'section[aria-labelledby="download-heading"]');
    // Riding in the browser starts at Connect Device, where Web Bluetooth connects a trainer.
    await page.getByRole('button', { name: 'Connect a Bluetooth trainer' }).click();
    await expect(page.getByRole('dialog', { name: 'Connect Device' })).toBeVisible();
    // The stable link says the same to anyone following it.
    const res = await page.request.get('/download/windows', { maxRedirects: 0 });
    expect(res.status()).toBe(404);
    await close();
  });

  test('/setup?platform=mac starts the download; /setup?platform=windows says why not', async ({
    browser,
  }) => {
    const context = await browser.newContext({ userAgent: MAC_UA, acceptDownloads: true });
    const page = await context.newPage();
    const download = page.waitForEvent('download');
    await page.goto('/setup?platform=mac');
    expect((await download).suggestedFilename()).toBe(DMG);
    await expect(page.getByText(`Your download of ${DMG} has started.`)).toBeVisible();
    await expectNoAxeViolations(page, '[data-testid="installer-notice"]');

    await page.goto('/setup?platform=windows');
    await expect(page.getByText('The desktop app for Windows is not published yet.')).toBeVisible();
    await expectNoAxeViolations(page, '[data-testid="installer-notice"]');
    await context.close();
  });

  test('the version gate takes the published version and sends others to /upgrade', async ({
    page,
  }) => {
    await page.goto(`/?v=${VERSION}`);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expectPath(page, '/');

    await page.goto('/?v=2.6.1');
    await expectPath(page, '/upgrade');
    await page.getByTestId('upgrade-download').click();
    await expectPath(page, '/setup');
  });
});
