import { Decoder, Stream } from '@garmin/fitsdk';
import type { ActivitySeries, RidePoint, StravaUploadResponse, Track } from '@ridealong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStravaEnv, startFakeStrava, type FakeStrava } from './fake-strava-api.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, type Member } from './races-fixtures.js';
import { REACTIVE, saveRide } from './reactive-fixtures.js';
import { points, rideSockets, slopeVideo } from './ride-fixtures.js';

/**
 * A reactive ride's FIT file and Strava upload carry the rider's virtual distance and speed at
 * the ride's own seconds (issue 26, docs/ride.md "Reactive rides"), never the filmer's distance
 * by second of video: the video here is filmed at 8 m/s and 60 s long, the rider rides 80 s at
 * about 5.4 m/s while the video plays at 0.5x (4 m/s filmed), with a gap of seconds the save fills.
 */

const RIDE_SECONDS = 80;
const GAP = { from: 40, to: 44 };
const VIDEO_RATE = 0.5;

/** The rider's virtual speed at a ride second: about 5 m/s, never the filmed 8. */
const virtualSpeed = (s: number) => 5 + (s % 4) * 0.25;

/** Virtual distance at the end of second s: the sum of the speeds before it. */
const virtualDistance = (s: number) => {
  let d = 0;
  for (let i = 0; i < s; i++) d += virtualSpeed(i);
  return d;
};

const reactivePoints = (from: number, to: number): RidePoint[] =>
  points(from, to)
    .filter((p) => p.elapsed_time < GAP.from || p.elapsed_time > GAP.to)
    .map((p) => ({
      ...p,
      distance: virtualDistance(p.elapsed_time),
      speed: virtualSpeed(p.elapsed_time),
      video_time: p.elapsed_time * VIDEO_RATE,
    }));

/** What the saved ride holds at ride second s: a filled second carries the point before it. */
const expectedAt = (s: number) => {
  const source = s >= GAP.from && s <= GAP.to ? GAP.from - 1 : s;
  return { distance: virtualDistance(source), speed: virtualSpeed(source) };
};

function decodeRecords(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  return messages;
}

describe.each(backends)('a reactive ride exported as FIT and to Strava ($name)', (backend) => {
  let s: TestServer;
  let fake: FakeStrava;
  let owner: Member;
  const sockets = rideSockets(() => s);

  beforeAll(async () => {
    fake = await startFakeStrava();
    s = await startServer(backend, {
      ...fakeStravaEnv(fake),
      JOB_RETRY_BASE_SECONDS: '1',
    });
    owner = await member(s, { name: 'Owner' });
  });
  afterAll(async () => {
    sockets.closeAll();
    await s.close();
    await fake.close();
  });

  /** Records and saves the reactive ride over the socket; returns its track id. */
  async function rideReactive(rider: Member, race: { id: number; url: string }) {
    const { trackId, saved } = await saveRide(s, await sockets.connect(rider), rider, race, {
      last: RIDE_SECONDS - 1,
      batch: 20,
      extra: REACTIVE,
      ago: RIDE_SECONDS + 10,
      points: reactivePoints,
    });
    expect(saved.track).toMatchObject({ ride_mode: 'reactive', duration: RIDE_SECONDS });
    return trackId;
  }

  it('writes the virtual distance and speed at ride seconds, and Strava gets the same file', async () => {
    const rider = await member(s, { name: 'Rhea' });
    await json(
      await s.post(
        '/api/v1/auth/strava',
        {
          code: `code-${rider.user.id}`,
          user_id: rider.user.id,
          scope: 'read,activity:write,read_all',
        },
        rider.token,
      ),
    );
    const race = await slopeVideo(s, owner, 60);
    const trackId = await rideReactive(rider, race);

    const download = await s.get(`/api/v1/tracks/${trackId}/fit`, rider.token);
    expect(download.status).toBe(200);
    const fit = new Uint8Array(await download.arrayBuffer());
    const messages = decodeRecords(fit);
    const records = messages.recordMesgs ?? [];
    // One record per ride second (80, past the video's 60), gap filled.
    expect(records).toHaveLength(RIDE_SECONDS);
    const start = (records[0]?.timestamp as Date).getTime();
    records.forEach((r, second) => {
      const want = expectedAt(second);
      expect((r.timestamp as Date).getTime() - start).toBe(second * 1000);
      expect(r.distance as number).toBeCloseTo(want.distance, 1);
      expect(r.speed as number).toBeCloseTo(want.speed, 2);
    });
    const lastDistance = virtualDistance(RIDE_SECONDS - 1);
    // The filmed distance where the video was (8 m/s × 39.5 s = 316 m) is not what is written.
    expect(lastDistance - 8 * VIDEO_RATE * (RIDE_SECONDS - 1)).toBeGreaterThan(100);
    const session = messages.sessionMesgs?.[0];
    expect(session?.totalDistance as number).toBeCloseTo(lastDistance, 1);
    expect(session?.totalElapsedTime).toBe(RIDE_SECONDS - 1);
    expect(session?.avgSpeed as number).toBeCloseTo(lastDistance / RIDE_SECONDS, 2);

    // The activity page is told how the ride played, to mark it.
    const series = await json<ActivitySeries>(
      await s.get(`/api/v1/tracks/${trackId}/series`, rider.token),
    );
    expect(series).toMatchObject({ ride_mode: 'reactive', difficulty: 100 });

    await json<StravaUploadResponse>(
      await s.post(`/api/v1/track/${trackId}/strava-upload`, undefined, rider.token),
    );
    const deadline = Date.now() + 25_000;
    let track: Track;
    for (;;) {
      ({ track } = await json<StravaUploadResponse>(
        await s.get(`/api/v1/track/${trackId}/strava-upload`, rider.token),
      ));
      if (track.strava_upload === 'uploaded' || track.strava_upload === 'failed') break;
      if (Date.now() > deadline) throw new Error(`upload of ${trackId}: ${JSON.stringify(track)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(track.strava_upload).toBe('uploaded');
    const upload = fake.uploads.find((u) => u.externalId === `ridealong-track-${trackId}`);
    expect(upload).toMatchObject({ dataType: 'fit', sportType: 'VirtualRide' });
    expect(new Uint8Array(upload!.file)).toEqual(fit);
    // Above the upload's own 25 s deadline, so a slow upload fails with its own message.
  }, 60_000);
});
