import {
  STRAVA_MESSAGES,
  stravaFailureReason,
  type StravaUploadState,
  type Track,
} from '@ridealong/contracts';

/**
 * The upload-to-Strava action's rules (document 001: its confirmation and messages). The
 * server queues the upload; the page asks for its state until Strava has answered.
 */
export const STRAVA_POLL = {
  /** How often a manual upload's state is asked for... */
  intervalMs: 2000,
  /** ...and how many times (about 2 minutes), after which the list keeps watching it. */
  attempts: 60,
  /** The list re-reads itself this often while a card is queued or uploading... */
  listIntervalMs: 2000,
  /** ...for this long, then more slowly: a job waiting for Strava's rate limit takes a while. */
  listFastForMs: 120_000,
  listSlowIntervalMs: 30_000,
} as const;

/** Queued or uploading: the server's job has not finished with it. */
export const isStravaBusy = (state: StravaUploadState): boolean =>
  state === 'queued' || state === 'uploading';

/** Sent to Strava (or marked so by a v1 client's mark_as_uploaded): the card is greyed. */
export const isUploadedToStrava = (track: Pick<Track, 'uploaded' | 'strava_upload'>): boolean =>
  track.uploaded || track.strava_upload === 'uploaded';

/**
 * Asks for the upload's state every `intervalMs` until it is uploaded or failed; resolves with
 * that track, or null when it is still busy after `attempts` asks.
 */
export async function pollStravaUpload(
  check: () => Promise<Track>,
  opts: { intervalMs: number; attempts: number; wait?: (ms: number) => Promise<void> },
): Promise<Track | null> {
  const wait = opts.wait ?? ((ms) => new Promise<void>((r) => window.setTimeout(r, ms)));
  for (let i = 0; i < opts.attempts; i += 1) {
    await wait(opts.intervalMs);
    const track = await check();
    if (!isStravaBusy(track.strava_upload)) return track;
  }
  return null;
}

export type Notice = { color: string; title: string; message: string };

export const DISMISSED_NOTICE: Notice = {
  color: 'gray',
  title: STRAVA_MESSAGES.dismissedTitle,
  message: STRAVA_MESSAGES.dismissedText,
};

export const failedNotice = (reason: string): Notice => ({
  color: 'red',
  title: STRAVA_MESSAGES.failedTitle,
  message: stravaFailureReason(reason),
});

/** What the member is told when a manual upload ends (null: still busy after the polling). */
export function uploadEndNotice(track: Track | null): Notice {
  if (track === null) {
    return {
      color: 'blue',
      title: 'Still uploading',
      message: 'Strava is taking a while. The activity shows when it is done.',
    };
  }
  if (track.strava_upload === 'failed') return failedNotice(track.strava_error ?? 'unknown error');
  if (isUploadedToStrava(track)) {
    return {
      color: 'green',
      title: STRAVA_MESSAGES.uploadedTitle,
      message: STRAVA_MESSAGES.uploadedText,
    };
  }
  return failedNotice('the upload did not start');
}

/** The server's refusals that mean "connect Strava first" rather than a failed upload. */
export const isNotConnectedMessage = (message: string): boolean =>
  message === STRAVA_MESSAGES.notConnected || message === STRAVA_MESSAGES.reconnect;

/**
 * How often the activities list re-reads itself: every 2 s while a card is queued or
 * uploading (its end then shows), slowly after 2 minutes of that, never when none is.
 */
export function listRefetchInterval(
  rows: readonly Pick<Track, 'strava_upload'>[],
  busyForMs: number | null,
): number | false {
  if (!rows.some((t) => isStravaBusy(t.strava_upload))) return false;
  return busyForMs !== null && busyForMs > STRAVA_POLL.listFastForMs
    ? STRAVA_POLL.listSlowIntervalMs
    : STRAVA_POLL.listIntervalMs;
}
