import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  STRAVA_MESSAGES,
  type StravaUploadResponse,
  type Track,
  type TracksIndex,
  type User,
} from '@ridealong/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs as jobsTable, stravaRateWindows, users } from '../src/db/schema.js';
import { fakeStravaEnv, startFakeStrava, type FakeStrava } from './fake-strava-api.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, type Member } from './races-fixtures.js';
import { rideSockets, rideThrough, slopeVideo, startedAgo } from './ride-fixtures.js';
import { athleteIdOf, standinStore } from '../src/standins/strava/store.js';
import { savedRide } from './strava-upload-fixtures.js';

/**
 * The whole way on the app (every role, so its own worker runs the job) against the fake
 * Strava: a member connects (the code exchanged on the server), rides over a minute with
 * auto-save on, and the ride arrives on Strava by itself, linked on the activity; an access
 * token Strava stopped taking is refreshed once; a connection Strava refused ends as 'connect
 * again' on the ride and on the member.
 */

describe.each(backends)('Strava uploads through the app ($name)', (backend) => {
  let s: TestServer;
  let fake: FakeStrava;
  const sockets = rideSockets(() => s);
  let owner: Member;

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
  beforeEach(async () => {
    fake.reset();
    fake.processAfterPolls = 0;
    await s.database.db.delete(stravaRateWindows);
  });

  /** A member connected through POST /auth/strava (v1's code and user_id). */
  async function connected(name: string): Promise<Member> {
    const m = await member(s, { name });
    await json(
      await s.post(
        '/api/v1/auth/strava',
        { code: `code-${m.user.id}`, user_id: m.user.id, scope: 'read,activity:write,read_all' },
        m.token,
      ),
    );
    return m;
  }

  /** Polls the upload's state, as the activity page does, until it settles. */
  async function settled(m: Member, trackId: number): Promise<Track> {
    const deadline = Date.now() + 25_000;
    for (;;) {
      const { track } = await json<StravaUploadResponse>(
        await s.get(`/api/v1/track/${trackId}/strava-upload`, m.token),
      );
      if (track.strava_upload === 'uploaded' || track.strava_upload === 'failed') return track;
      if (Date.now() > deadline) throw new Error(`upload of ${trackId}: ${JSON.stringify(track)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a ride over a minute with auto-save on arrives on Strava by itself, linked on the activity', async () => {
    const rider = await connected('Sasha');
    await s.database.db
      .update(users)
      .set({ stravaAutoSave: true })
      .where(eq(users.id, rider.user.id));
    const race = await slopeVideo(s, owner, 200);
    const socket = await sockets.connect(rider);
    const trackId = await rideThrough(socket, rider, race, 0, 74, randomUUID(), startedAgo(s, 140));
    const saved = await socket.timeout(10_000).emitWithAck('stop-track', {
      discard_track: false,
      raceUrl: race.url,
      trackId,
      userId: rider.user.id,
    });
    expect(saved).toMatchObject({ ok: true, saved: true });

    const track = await settled(rider, trackId);
    expect(fake.uploads).toHaveLength(1);
    const upload = fake.uploads[0]!;
    expect(upload).toMatchObject({
      externalId: `ridealong-track-${trackId}`,
      name: 'Slope ride',
      sportType: 'VirtualRide',
      trainer: '1',
      dataType: 'fit',
    });
    expect(upload.token).toMatch(/^access-/);
    expect(track).toMatchObject({
      uploaded: true,
      strava_upload: 'uploaded',
      strava_activity_url: `${fake.baseUrl}/activities/${upload.activityId}`,
      strava_error: null,
    });
    const page = await json<TracksIndex>(
      await s.get(`/api/v1/tracks/index?user_id=${rider.user.id}`, rider.token),
    );
    expect(page.rows.find((r) => r.id === trackId)).toEqual(track);
  });

  it('refreshes an access token Strava stopped taking, once, and uploads', async () => {
    const rider = await connected('Toni');
    // Strava no longer takes the access token it gave (it was revoked or expired early).
    fake.tokens.clear();
    const { trackId } = await savedRide(s.database, rider.user.id);
    await json(await s.post(`/api/v1/track/${trackId}/strava-upload`, undefined, rider.token));
    const track = await settled(rider, trackId);
    expect(track.strava_upload).toBe('uploaded');
    expect(fake.grants).toEqual(['authorization_code', 'refresh_token']);
    expect(fake.requests.filter((r) => r.path === '/api/v3/uploads').map((r) => r.status)).toEqual([
      401, 201,
    ]);
  });

  it("ends as 'connect again' when Strava refuses the connection itself", async () => {
    const rider = await connected('Uma');
    fake.tokens.clear();
    fake.refreshTokens.clear();
    const { trackId } = await savedRide(s.database, rider.user.id);
    await json(await s.post(`/api/v1/track/${trackId}/strava-upload`, undefined, rider.token));
    const track = await settled(rider, trackId);
    expect(track).toMatchObject({
      uploaded: false,
      strava_upload: 'failed',
      strava_error: STRAVA_MESSAGES.reconnect,
    });
    expect(fake.uploads).toEqual([]);
    const me = await json<User>(await s.get(`/api/v1/users/${rider.user.id}`, rider.token));
    expect(me).toMatchObject({ strava_connected: false, strava_reconnect: true });
    // Asked again, the member is told to connect first.
    expect(
      await json(
        await s.post(`/api/v1/track/${trackId}/strava-upload`, undefined, rider.token),
        409,
      ),
    ).toMatchObject({ message: STRAVA_MESSAGES.reconnect });
  });
});

describe.each(backends)('Strava uploads to the built-in stand-in ($name)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    // No STRAVA_CLIENT_ID: the server uploads to its own stand-in, at its own address.
    s = await startServer(backend);
  });
  afterAll(async () => {
    await s.close();
  });

  it('uploads a ride by hand and links the activity on the stand-in', async () => {
    const rider = await member(s, { name: 'Vera' });
    const scope = 'read_all,activity:write';
    const code = await standinStore(s.database.db).grant({
      athleteId: athleteIdOf('Vera'),
      athleteName: 'Vera',
      scope,
    });
    await json(
      await s.post('/api/v1/auth/strava', { code, user_id: rider.user.id, scope }, rider.token),
    );
    const { trackId } = await savedRide(s.database, rider.user.id);
    const queued = await json<StravaUploadResponse>(
      await s.post(`/api/v1/track/${trackId}/strava-upload`, undefined, rider.token),
    );
    expect(queued.track.strava_upload).toBe('queued');
    const deadline = Date.now() + 25_000;
    let track = queued.track;
    while (track.strava_upload !== 'uploaded' && track.strava_upload !== 'failed') {
      if (Date.now() > deadline)
        throw new Error(JSON.stringify([track, await s.database.db.select().from(jobsTable)]));
      await new Promise((r) => setTimeout(r, 100));
      track = (
        await json<StravaUploadResponse>(
          await s.get(`/api/v1/track/${trackId}/strava-upload`, rider.token),
        )
      ).track;
    }
    expect(track).toMatchObject({ uploaded: true, strava_upload: 'uploaded', strava_error: null });
    expect(track.strava_activity_url).toMatch(
      /^http:\/\/ride\.test\/strava-standin\/activities\/\d+$/,
    );
  });
});
