import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  STRAVA,
  STRAVA_MESSAGES,
  type StravaUploadResponse,
  type TracksIndex,
} from '@ridealong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, stravaUploads, tracks, users } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, type Member } from './races-fixtures.js';
import { rideSockets, rideThrough, slopeVideo, startedAgo } from './ride-fixtures.js';
import { connect, recordingRide, savedRide, uploadRow } from './strava-upload-fixtures.js';

/**
 * The upload calls on the app (issue 15): auto-save enqueued with the save over /ride (rides
 * over 60 s, auto-save on, connected; once however often stop-track is resent), the upload
 * action and its state, document 001's track/{id}/download and track/mark_as_uploaded, every
 * one refusing another member's ride and hostile ids. The app runs without the worker role
 * here, so queued uploads stay queued (strava-upload-job.test.ts runs the job).
 */

describe.each(backends)('Strava upload calls ($name)', (backend) => {
  let s: TestServer;
  const sockets = rideSockets(() => s);
  let owner: Member;
  let rita: Member;
  let otto: Member;

  beforeAll(async () => {
    s = await startServer(backend, { ROLE: 'api,realtime' });
    owner = await member(s, { name: 'Owner' });
    rita = await member(s, { name: 'Rita' });
    otto = await member(s, { name: 'Otto', admin: true });
  });
  afterAll(async () => {
    sockets.closeAll();
    await s.close();
  });

  const uploadJobsOf = (trackId: number) =>
    s.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'strava.upload'), eq(jobs.payload, { trackId })));

  const setAutoSave = (m: Member, on: boolean) =>
    s.database.db.update(users).set({ stravaAutoSave: on }).where(eq(users.id, m.user.id));

  /** Rides seconds [0, last] over /ride and sends stop-track three times (two at once). */
  async function rideAndStop(rider: Member, last: number): Promise<number> {
    const race = await slopeVideo(s, owner, 300);
    const socket = await sockets.connect(rider);
    const trackId = await rideThrough(
      socket,
      rider,
      race,
      0,
      last,
      randomUUID(),
      startedAgo(s, last + 60),
    );
    const stop = { discard_track: false, raceUrl: race.url, trackId, userId: rider.user.id };
    const answers = await Promise.all([
      socket.timeout(10_000).emitWithAck('stop-track', stop),
      socket.timeout(10_000).emitWithAck('stop-track', stop),
    ]);
    answers.push(await socket.timeout(10_000).emitWithAck('stop-track', stop));
    for (const a of answers) expect(a).toMatchObject({ ok: true, saved: true });
    socket.close();
    return trackId;
  }

  describe('auto-save', () => {
    it('queues a ride over a minute once, in the save, for a connected member with auto-save on', async () => {
      await setAutoSave(rita, true);
      await connect(s.database, rita.user.id);
      const trackId = await rideAndStop(rita, STRAVA.autoSaveMinSeconds);
      const [saved] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
      expect(saved!.duration).toBe(STRAVA.autoSaveMinSeconds + 1);
      expect(await uploadRow(s.database, trackId)).toMatchObject({
        state: 'queued',
        trigger: 'auto',
        userId: rita.user.id,
        uploadId: null,
      });
      const queued = await uploadJobsOf(trackId);
      expect(queued).toEqual([expect.objectContaining({ state: 'queued', attempts: 0 })]);

      const page = await json<TracksIndex>(
        await s.get(`/api/v1/tracks/index?user_id=${rita.user.id}`, rita.token),
      );
      expect(page.rows.find((r) => r.id === trackId)).toMatchObject({
        uploaded: false,
        strava_upload: 'queued',
        strava_activity_url: null,
        strava_error: null,
      });
    });

    it('leaves a ride of a minute or less, or a member without auto-save or without a connection', async () => {
      // A minute exactly: not over it.
      await setAutoSave(rita, true);
      await connect(s.database, rita.user.id);
      const short = await rideAndStop(rita, STRAVA.autoSaveMinSeconds - 1);
      // Auto-save off.
      const mia = await member(s, { name: 'Mia' });
      await connect(s.database, mia.user.id);
      const off = await rideAndStop(mia, 90);
      // Auto-save on, never connected.
      const nils = await member(s, { name: 'Nils' });
      await setAutoSave(nils, true);
      const unconnected = await rideAndStop(nils, 90);
      // Auto-save on, the connection refused by Strava.
      const rev = await member(s, { name: 'Rev' });
      await setAutoSave(rev, true);
      await connect(s.database, rev.user.id, { revoked: true });
      const revoked = await rideAndStop(rev, 90);
      for (const trackId of [short, off, unconnected, revoked]) {
        expect(await uploadRow(s.database, trackId)).toBeNull();
        expect(await uploadJobsOf(trackId)).toEqual([]);
      }
    });
  });

  describe('the upload action', () => {
    const upload = (trackId: number | string, m: Member) =>
      s.post(`/api/v1/track/${trackId}/strava-upload`, undefined, m.token);
    const state = (trackId: number | string, m: Member) =>
      s.get(`/api/v1/track/${trackId}/strava-upload`, m.token);

    it("queues the member's own saved ride once; asked again it answers the same", async () => {
      const mona = await member(s, { name: 'Mona' });
      await connect(s.database, mona.user.id);
      const { trackId } = await savedRide(s.database, mona.user.id);
      const first = await json<StravaUploadResponse>(await upload(trackId, mona));
      expect(first).toMatchObject({
        status: 'success',
        track: { id: trackId, strava_upload: 'queued', uploaded: false },
      });
      const again = await json<StravaUploadResponse>(await upload(trackId, mona));
      expect(again.track.strava_upload).toBe('queued');
      expect(await uploadRow(s.database, trackId)).toMatchObject({ trigger: 'manual' });
      expect(await uploadJobsOf(trackId)).toHaveLength(1);

      // Uploading: as it is.
      await s.database.db
        .update(stravaUploads)
        .set({ state: 'uploading' })
        .where(eq(stravaUploads.trackId, trackId));
      expect((await json<StravaUploadResponse>(await upload(trackId, mona))).track).toMatchObject({
        strava_upload: 'uploading',
      });
      // Failed: queued again, with a new job.
      await s.database.db
        .update(stravaUploads)
        .set({ state: 'failed', error: 'Bad Request', uploadId: '77' })
        .where(eq(stravaUploads.trackId, trackId));
      const failed = await json<StravaUploadResponse>(await state(trackId, mona));
      expect(failed.track).toMatchObject({ strava_upload: 'failed', strava_error: 'Bad Request' });
      const retried = await json<StravaUploadResponse>(await upload(trackId, mona));
      expect(retried.track).toMatchObject({ strava_upload: 'queued', strava_error: null });
      expect(await uploadRow(s.database, trackId)).toMatchObject({ uploadId: null, error: null });
      expect(await uploadJobsOf(trackId)).toHaveLength(2);
      // Uploaded: 200 with the track, linked, nothing queued.
      await s.database.db
        .update(stravaUploads)
        .set({ state: 'uploaded', activityId: '123456' })
        .where(eq(stravaUploads.trackId, trackId));
      const done = await json<StravaUploadResponse>(await upload(trackId, mona));
      expect(done.track).toMatchObject({ strava_upload: 'uploaded' });
      expect(done.track.strava_activity_url).toMatch(/\/activities\/123456$/);
      expect(await uploadJobsOf(trackId)).toHaveLength(2);
    });

    it('refuses rides that are not saved and members who are not connected', async () => {
      const nora = await member(s, { name: 'Nora' });
      const { trackId } = await savedRide(s.database, nora.user.id);
      expect(await json(await upload(trackId, nora), 409)).toMatchObject({
        message: STRAVA_MESSAGES.notConnected,
      });
      await connect(s.database, nora.user.id, { revoked: true });
      expect(await json(await upload(trackId, nora), 409)).toMatchObject({
        message: STRAVA_MESSAGES.reconnect,
      });
      await connect(s.database, nora.user.id);
      const recording = await recordingRide(s.database, { userId: nora.user.id });
      expect(await json(await upload(recording.trackId, nora), 409)).toMatchObject({
        message: STRAVA_MESSAGES.notSaved,
      });
      expect(await uploadRow(s.database, trackId)).toBeNull();
      expect(await uploadRow(s.database, recording.trackId)).toBeNull();
    });

    it("refuses another member's ride on every call, admins included, and unknown ids", async () => {
      const paul = await member(s, { name: 'Paul' });
      await connect(s.database, paul.user.id);
      await connect(s.database, otto.user.id);
      const { trackId } = await savedRide(s.database, paul.user.id);
      for (const other of [rita, otto]) {
        expect(await json(await upload(trackId, other), 403)).toMatchObject({
          message: STRAVA_MESSAGES.notOwner,
        });
        await json(await state(trackId, other), 403);
        await json(
          await s.post('/api/v1/track/mark_as_uploaded', { track_id: trackId }, other.token),
          403,
        );
      }
      // Reading the FIT file is the owner's or an admin's (activity-access.test.ts).
      await json(await s.get(`/api/v1/track/${trackId}/download`, rita.token), 403);
      expect(await uploadRow(s.database, trackId)).toBeNull();
      const [row] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
      expect(row!.uploaded).toBe(false);

      const unknown = 2_000_000_000;
      await json(await upload(unknown, paul), 404);
      await json(await state(unknown, paul), 404);
      await json(await s.get(`/api/v1/track/${unknown}/download`, paul.token), 404);
      await json(
        await s.post('/api/v1/track/mark_as_uploaded', { track_id: unknown }, paul.token),
        404,
      );

      // Signed out.
      await json(await s.post(`/api/v1/track/${trackId}/strava-upload`, undefined), 401);
      await json(await s.get(`/api/v1/track/${trackId}/strava-upload`), 401);
      await json(await s.get(`/api/v1/track/${trackId}/download`), 401);
      await json(await s.post('/api/v1/track/mark_as_uploaded', { track_id: trackId }), 401);
    });

    it('marks a saved ride only: a ride still recording is 409, and is not uploaded later', async () => {
      await connect(s.database, rita.user.id);
      const { trackId } = await recordingRide(s.database, { userId: rita.user.id });
      expect(
        await json(
          await s.post('/api/v1/track/mark_as_uploaded', { track_id: trackId }, rita.token),
          409,
        ),
      ).toMatchObject({ message: STRAVA_MESSAGES.notSaved });
      const [row] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
      expect(row!.uploaded).toBe(false);
    });

    it('answers 400 to hostile ids', async () => {
      const hostilePath = [
        'abc',
        '2147483648',
        '-1',
        '0',
        '1.5',
        '%5B1%5D',
        '1,2',
        '99999999999999999999',
      ];
      for (const id of hostilePath) {
        await json(await upload(id, rita), 400);
        await json(await state(id, rita), 400);
        await json(await s.get(`/api/v1/track/${id}/download`, rita.token), 400);
      }
      const hostileBody: unknown[] = [
        'abc',
        [1],
        2147483648,
        -1,
        0,
        1.5,
        '-1',
        '1.5',
        null,
        true,
        { id: 1 },
        '',
      ];
      for (const track_id of hostileBody) {
        await json(await s.post('/api/v1/track/mark_as_uploaded', { track_id }, rita.token), 400);
      }
      await json(await s.post('/api/v1/track/mark_as_uploaded', {}, rita.token), 400);
      await json(await s.post('/api/v1/track/mark_as_uploaded', [], rita.token), 400);
    });
  });

  describe("document 001's v1 calls", () => {
    it('track/{id}/download answers 200 with the FIT file, the same bytes as /tracks/{id}/fit', async () => {
      const { trackId } = await savedRide(s.database, rita.user.id);
      const res = await s.get(`/api/v1/track/${trackId}/download`, rita.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.ant.fit');
      const bytes = Buffer.from(await res.arrayBuffer());
      const fit = await s.get(`/api/v1/tracks/${trackId}/fit`, rita.token);
      expect(Buffer.compare(bytes, Buffer.from(await fit.arrayBuffer()))).toBe(0);
      // A FIT file: its header says so.
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('.FIT');
    });

    it("mark_as_uploaded marks the caller's own ride uploaded (text ids as v1 clients send them)", async () => {
      const { trackId } = await savedRide(s.database, rita.user.id);
      expect(
        await json(
          await s.post('/api/v1/track/mark_as_uploaded', { track_id: String(trackId) }, rita.token),
        ),
      ).toEqual({ status: 'success' });
      const page = await json<TracksIndex>(
        await s.get(`/api/v1/tracks/index?user_id=${rita.user.id}`, rita.token),
      );
      expect(page.rows.find((r) => r.id === trackId)).toMatchObject({
        uploaded: true,
        strava_upload: 'uploaded',
        strava_activity_url: null,
      });
      // Uploaded already: the upload action queues nothing.
      await connect(s.database, rita.user.id);
      const answer = await json<StravaUploadResponse>(
        await s.post(`/api/v1/track/${trackId}/strava-upload`, undefined, rita.token),
      );
      expect(answer.track).toMatchObject({ uploaded: true, strava_upload: 'uploaded' });
      expect(await uploadJobsOf(trackId)).toEqual([]);

      // An upload of ours still queued stops there: the v1 client has uploaded the ride.
      const queued = await savedRide(s.database, rita.user.id);
      await json(
        await s.post(`/api/v1/track/${queued.trackId}/strava-upload`, undefined, rita.token),
      );
      await json(
        await s.post('/api/v1/track/mark_as_uploaded', { track_id: queued.trackId }, rita.token),
      );
      expect(await uploadRow(s.database, queued.trackId)).toMatchObject({ state: 'uploaded' });
      const shown = await json<StravaUploadResponse>(
        await s.get(`/api/v1/track/${queued.trackId}/strava-upload`, rita.token),
      );
      expect(shown.track).toMatchObject({ uploaded: true, strava_upload: 'uploaded' });
    });
  });
});
