import { describe, expect, it, vi } from 'vitest';
import { STRAVA_MESSAGES } from '@ridealong/contracts';
import {
  DISMISSED_NOTICE,
  isNotConnectedMessage,
  isUploadedToStrava,
  listRefetchInterval,
  pollStravaUpload,
  STRAVA_POLL,
  uploadEndNotice,
} from './stravaUpload';
import { fixtureTrack } from './testFixtures';

const noWait = vi.fn(async () => undefined);

describe('pollStravaUpload', () => {
  it('asks every interval until the upload is uploaded or failed', async () => {
    const answers = [
      fixtureTrack(1, { strava_upload: 'queued' }),
      fixtureTrack(1, { strava_upload: 'uploading' }),
      fixtureTrack(1, { strava_upload: 'uploaded', uploaded: true }),
    ];
    const check = vi.fn(async () => answers.shift()!);
    const wait = vi.fn(async () => undefined);
    const track = await pollStravaUpload(check, { intervalMs: 2000, attempts: 10, wait });
    expect(track?.strava_upload).toBe('uploaded');
    expect(check).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[2000], [2000], [2000]]);
  });

  it('gives up with null after its attempts', async () => {
    const check = vi.fn(async () => fixtureTrack(1, { strava_upload: 'uploading' }));
    expect(await pollStravaUpload(check, { intervalMs: 1, attempts: 4, wait: noWait })).toBeNull();
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('polls for about two minutes at most', () => {
    expect(STRAVA_POLL.intervalMs * STRAVA_POLL.attempts).toBe(120_000);
  });
});

describe('uploadEndNotice', () => {
  it("says 'Uploaded!' once Strava has the ride", () => {
    expect(uploadEndNotice(fixtureTrack(1, { strava_upload: 'uploaded', uploaded: true }))).toEqual(
      { color: 'green', title: 'Uploaded!', message: 'Your track has been uploaded!' },
    );
  });

  it("gives a failure's reason as 'Request failed: {reason}'", () => {
    const failed = fixtureTrack(1, { strava_upload: 'failed', strava_error: 'Bad FIT file' });
    expect(uploadEndNotice(failed)).toEqual({
      color: 'red',
      title: 'Something went wrong in your track upload',
      message: 'Request failed: Bad FIT file',
    });
  });

  it('says it is still going when the polling ran out', () => {
    expect(uploadEndNotice(null).title).toBe('Still uploading');
  });

  it('has the dismissal texts of document 001', () => {
    expect(DISMISSED_NOTICE).toMatchObject({
      title: 'Dismissed!',
      message: 'Your track was not uploaded!',
    });
  });
});

describe('listRefetchInterval', () => {
  const none = fixtureTrack(1);
  const queued = fixtureTrack(2, { strava_upload: 'queued' });

  it('does not poll when no card is queued or uploading', () => {
    expect(listRefetchInterval([none, fixtureTrack(3, { strava_upload: 'failed' })], null)).toBe(
      false,
    );
  });

  it('polls every 2 s for two minutes, then slowly', () => {
    expect(listRefetchInterval([none, queued], null)).toBe(2000);
    expect(listRefetchInterval([queued], 119_000)).toBe(2000);
    expect(listRefetchInterval([queued], 121_000)).toBe(STRAVA_POLL.listSlowIntervalMs);
  });
});

describe('the small rules', () => {
  it('counts a v1 mark_as_uploaded and a finished upload as uploaded', () => {
    expect(isUploadedToStrava(fixtureTrack(1, { uploaded: true }))).toBe(true);
    expect(isUploadedToStrava(fixtureTrack(1, { strava_upload: 'uploaded' }))).toBe(true);
    expect(isUploadedToStrava(fixtureTrack(1, { strava_upload: 'uploading' }))).toBe(false);
  });

  it('tells a missing connection from other refusals', () => {
    expect(isNotConnectedMessage(STRAVA_MESSAGES.notConnected)).toBe(true);
    expect(isNotConnectedMessage(STRAVA_MESSAGES.reconnect)).toBe(true);
    expect(isNotConnectedMessage(STRAVA_MESSAGES.notSaved)).toBe(false);
  });
});
