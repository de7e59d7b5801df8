import type { Clock, Logger } from '../ports.js';
import {
  acceptUpdate,
  CHECK_INTERVAL_MS,
  errorText,
  FIRST_CHECK_DELAY_MS,
  updateFeedUrl,
  updatesSupported,
  type AnnouncedUpdate,
} from './update-rules.js';

/**
 * electron-updater behind a small interface (electron-updater.ts is the real one): the tests
 * drive the same schedule and rules with a fake.
 */
export interface UpdaterPort {
  /** The generic provider's feed; nothing is fetched until a check. */
  setFeedUrl(url: string): void;
  /** Asks the feed; the announced update when it is newer than this app, else null. */
  check(): Promise<AnnouncedUpdate | null>;
  /**
   * Downloads the announced update and verifies it (sha512 from the feed; the Windows publisher
   * signature, Squirrel.Mac's code signature); installed when the app quits.
   */
  download(): Promise<void>;
}

export type UpdateOutcome =
  'disabled' | 'busy' | 'up-to-date' | 'refused' | 'downloaded' | 'failed';

export interface UpdatesDeps {
  updater: UpdaterPort;
  clock: Clock;
  log: Logger;
  serverUrl: string;
  version: string;
  packaged: boolean;
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
}

export interface Updates {
  /** One check now (the schedule calls it); never throws. */
  checkNow(): Promise<UpdateOutcome>;
  /** Stops the schedule (the app is quitting). */
  stop(): void;
}

/**
 * Checks at start (after FIRST_CHECK_DELAY_MS) and every CHECK_INTERVAL_MS. An update that
 * passes the rules downloads in the background and installs when the app quits; any error is
 * logged and the running app carries on as it was.
 */
export function startUpdates(deps: UpdatesDeps): Updates {
  const { updater, clock, log } = deps;
  const supported = updatesSupported(deps);
  const feed = updateFeedUrl(deps.serverUrl);
  if (!supported.ok || !feed.ok) {
    log.info(`Updates off: ${supported.ok ? (feed.ok ? '' : feed.reason) : supported.reason}`);
    return { checkNow: () => Promise.resolve('disabled'), stop: () => undefined };
  }
  updater.setFeedUrl(feed.url);
  let running = false;
  let downloaded: string | null = null;

  const checkNow = async (): Promise<UpdateOutcome> => {
    if (running) return 'busy';
    running = true;
    try {
      const update = await updater.check();
      if (!update || update.version === downloaded) return 'up-to-date';
      const verdict = acceptUpdate(update, deps.version);
      if (!verdict.ok) {
        log.warn(`Update refused: ${verdict.reason}`);
        return 'refused';
      }
      log.info(`Downloading update ${update.version} from ${feed.url}`);
      await updater.download();
      downloaded = update.version;
      log.info(`Update ${update.version} is ready; it installs when the app quits`);
      return 'downloaded';
    } catch (error) {
      log.warn(`Update check failed, carrying on with ${deps.version}: ${errorText(error)}`);
      return 'failed';
    } finally {
      running = false;
    }
  };

  const stopFirst = clock.setTimeout(() => void checkNow(), FIRST_CHECK_DELAY_MS);
  const stopEvery = clock.setInterval(() => void checkNow(), CHECK_INTERVAL_MS);
  return {
    checkNow,
    stop: () => {
      stopFirst();
      stopEvery();
    },
  };
}
