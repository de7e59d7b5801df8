import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AUTH_TOKEN_HEADER, type DesktopEvents } from '@ridealong/contracts';
import '../desktop/bridge-global.js';
import { launchDesktopApp, type LaunchedDesktopApp } from '../desktop/launch.js';
import {
  expectPath,
  newRider,
  signIn,
  signUp,
  verifyEmail,
  type Rider,
  type Session,
} from '../support/accounts.js';

/**
 * Upload Videos in the desktop app, on the harness (e2e/desktop/): the real main process joins
 * the repository's GoPro clip with a start offset (ffmpeg, on "the creator's computer"), keeps
 * its GPS, and uploads it with tus; stopped halfway and the app restarted on the same userData,
 * the upload resumes from the server's offset, and the video processes with its slope.
 */
const FIXTURE = fileURLToPath(
  new URL('../../packages/media/test/fixtures/gopro-max-heromode.mp4', import.meta.url),
);
/** tus chunks of the ~2 MB joined clip are 256 KiB (the uploader's smallest): hold the 4th. */
const PASSING_PATCHES = 3;
const CHUNK = 256 * 1024;

/** Signs the rider in in the app's main window (the first time: sign-up, mail, terms). */
async function signInInApp(page: Page, rider: Rider, first: boolean): Promise<Session> {
  if (first) {
    await signUp(page, rider);
    await verifyEmail(page, rider.email);
  }
  await page.goto('/?electronMode=true');
  await expectPath(page, '/login');
  const session = await signIn(page, rider.email, rider.password);
  // The terms come with the first sign-in; later the menu is there whatever page opens.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  if (first) {
    await expectPath(page, '/agreement');
    await page.getByRole('button', { name: 'Join Our Community' }).click();
    await page.getByRole('button', { name: 'I Agree' }).click();
  }
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  return session;
}

/** Upload Videos in the profile menu: the app opens (or focuses) its uploader window. */
async function openUploader(desktop: LaunchedDesktopApp, main: Page): Promise<Page> {
  await main.getByRole('button', { name: 'Profile menu' }).click();
  await main.getByRole('menuitem', { name: 'Upload Videos' }).click();
  const page = await (await desktop.windows.waitFor('uploader')).page();
  await expect(page).toHaveURL(`${desktop.config.serverUrl}/desktop-uploader?electronMode=true`);
  await expect(page.getByRole('heading', { name: 'Upload Videos', level: 1 })).toBeVisible();
  return page;
}

/** The app's uploads go through ports.fetch: PATCHes past the first `passing` are held. */
function holdPatches(desktop: LaunchedDesktopApp, passing: number) {
  const real = desktop.ports.fetch;
  const offsets: number[] = [];
  desktop.ports.fetch = async (url, init) => {
    if (init?.method === 'PATCH') {
      offsets.push(Number(new Headers(init.headers).get('upload-offset')));
      if (offsets.length > passing) {
        return new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        });
      }
    }
    return real(url, init);
  };
  return offsets;
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    // The uploader's own page (the shell around it is checked by the shell's specs).
    .include('[data-testid="desktop-uploader-page"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const bridgeEvent = <K extends keyof DesktopEvents>(page: Page, channel: K) =>
  page.evaluate(
    (name) =>
      new Promise<unknown>((resolve) => {
        const off = window.desktopBridge?.on(name, (payload) => {
          off?.();
          resolve(payload);
        });
      }),
    channel,
  ) as Promise<DesktopEvents[K]>;

test('the uploader joins the GoPro clip with a start offset, survives a stop and a restart, and the video gets its slope', async ({
  browser,
  baseURL,
}) => {
  // Sign-up twice-ish, the local join (a few seconds), the upload, the restart and processing.
  test.setTimeout(300_000);
  const serverUrl = baseURL ?? '';
  const rider = newRider();
  let desktop = await launchDesktopApp({ browser, serverUrl });
  try {
    let main = await desktop.mainPage();
    await expectPath(main, '/login');
    const session = await signInInApp(main, rider, true);
    const offsets = holdPatches(desktop, PASSING_PATCHES);

    let uploader = await openUploader(desktop, main);
    await expect(uploader.getByTestId('upload-help')).toContainText('intended join order');
    await expect(uploader.getByTestId('recording-guidance')).toContainText('under 5 GB');

    // The member picks the camera file in the app's own dialog; the page sees a token only.
    desktop.system.pickFiles(FIXTURE);
    await uploader.getByRole('button', { name: 'Choose video files' }).click();
    const files = uploader.getByRole('list', { name: 'Files in join order' });
    await expect(files.getByRole('listitem')).toHaveCount(1);
    await expect(files).toContainText('gopro-max-heromode.mp4');
    await uploader
      .getByRole('form', { name: 'Upload videos' })
      .getByLabel('Name')
      .fill('Harbour loop from the app');
    await uploader.getByLabel('Start offset of gopro-max-heromode.mp4 (seconds)').fill('2');
    await expectAccessible(uploader);

    await uploader.getByRole('button', { name: 'Join and upload' }).click();
    const progress = uploader.getByTestId('uploader-progress');
    await expect(progress).toHaveAttribute('data-phase', 'joining');
    // Joined and compressed, the upload runs until the held chunk: then Pause.
    await expect.poll(() => offsets.length, { timeout: 120_000 }).toBe(PASSING_PATCHES + 1);
    await expect(progress).toHaveAttribute('data-phase', 'uploading');
    await expect(uploader.getByTestId('uploader-bytes')).toContainText('786 kB of');
    await uploader.getByRole('button', { name: 'Pause' }).click();
    await expect(progress).toHaveAttribute('data-phase', 'paused');
    await expect(uploader.getByRole('button', { name: 'Resume upload' })).toBeVisible();
    await expectAccessible(uploader);

    // purge-temp empties the app's temporary folder but spares the paused upload's video.
    await main.evaluate(() => window.desktopBridge?.send('purge-temp', {}));
    // A page cannot name a file the member did not pick: refused, with a message.
    const refused = bridgeEvent(main, 'upload-error');
    await main.evaluate(() =>
      window.desktopBridge?.send('upload-gpx', { path: '/etc/passwd', video_url: 'x', offset: 0 }),
    );
    expect((await refused).message).toContain('file dialog');

    // The app quits and starts again on the same userData (a new session: sign in again).
    const userData = desktop.ports.paths.userData;
    await desktop.close();
    desktop = await launchDesktopApp({ browser, serverUrl, userData });
    main = await desktop.mainPage();
    await expectPath(main, '/login');
    await signInInApp(main, rider, false);
    const resumed = holdPatches(desktop, Number.POSITIVE_INFINITY);
    uploader = await openUploader(desktop, main);
    await expect(uploader.getByTestId('uploader-progress')).toHaveAttribute('data-phase', 'paused');
    const finished = bridgeEvent(uploader, 'uploader-finished');
    await uploader.getByRole('button', { name: 'Resume upload' }).click();
    const { race_url: raceUrl } = await finished;
    // tus HEADed the upload and went on from the server's offset, not from 0.
    expect(resumed[0]).toBe(PASSING_PATCHES * CHUNK);
    await expect(uploader.getByRole('link', { name: 'Open the video page' })).toHaveAttribute(
      'href',
      `/video/${raceUrl}`,
    );

    // The server processes the one joined file: ready, 10.5 s minus the offset, with a slope.
    const headers = { [AUTH_TOKEN_HEADER]: session.token };
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${serverUrl}/api/v1/race/${raceUrl}/status`, { headers })
            ).json()) as {
              status: string;
            }
          ).status,
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe('ready');
    const race = (await (
      await fetch(`${serverUrl}/api/v1/race/${raceUrl}`, { headers })
    ).json()) as {
      slope_source_id: number;
      duration: number;
    };
    expect(race.slope_source_id).toBe(1);
    expect(race.duration).toBeGreaterThan(7.5);
    expect(race.duration).toBeLessThan(9.5);
  } finally {
    await desktop.close();
  }
});
