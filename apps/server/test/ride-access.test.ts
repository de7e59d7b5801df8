import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import {
  connectRide,
  next,
  points,
  rideThrough,
  slopeVideo,
  rideSockets,
} from './ride-fixtures.js';

describe.each(backends)('who may do what on /ride and the activities API on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let alice: Member;
  let mallory: Member;
  let race: Awaited<ReturnType<typeof slopeVideo>>;
  const sockets = rideSockets(() => s);
  const connect = sockets.connect;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    alice = await member(s, { name: 'Alice' });
    mallory = await member(s, { name: 'Mallory' });
    race = await slopeVideo(s, owner, 60);
  });
  afterAll(async () => {
    sockets.closeAll();
    await s.close();
  });

  it('refuses a socket without a live session', async () => {
    await expect(connectRide(s, null)).rejects.toThrow('Please log in.');
    await expect(connectRide(s, 'not-a-session-token')).rejects.toThrow('Please log in.');
  });

  it('answers bad payloads with a message and keeps the socket usable', async () => {
    const socket = await connect(alice);
    // Each answer is sent once: as the acknowledgement, so no ride-error comes with it.
    let errorEvents = 0;
    socket.on('ride-error', () => (errorEvents += 1));
    const bad = await socket.emitWithAck('push-points', {
      track_id: 1,
      points: [{ ...points(0, 0)[0]!, power: 'lots' as unknown as number }],
    });
    expect(bad).toEqual({ ok: false, message: expect.stringContaining('points.0.power') });
    const empty = await socket.emitWithAck('initialize-race', undefined as never);
    expect(empty).toMatchObject({ ok: false });
    expect(
      await socket.emitWithAck('initialize-race', { url: race.url, userId: mallory.user.id }),
    ).toEqual({ ok: false, message: 'You can only ride as yourself.' });
    expect(
      await socket.emitWithAck('initialize-race', { url: 'no-such-video', userId: alice.user.id }),
    ).toEqual({ ok: false, message: 'This video was not found.' });
    expect(errorEvents).toBe(0);
    // A payload without an acknowledgement gets its ride-error instead.
    const noAck = next(socket, 'ride-error');
    socket.emit('control-request', { startOfNeeded: -1, endOfNeeded: 5, raceUrl: race.url });
    expect(await noAck).toMatchObject({ event: 'control-request' });
    const wide = await socket.emitWithAck('control-request', {
      startOfNeeded: 0,
      endOfNeeded: 86_400,
      raceUrl: race.url,
    });
    expect(wide.ok && wide.controls.length).toBe(61);
    expect(
      await socket.emitWithAck('initialize-race', { url: race.url, userId: alice.user.id }),
    ).toMatchObject({ ok: true, race_id: race.id });
  });

  it('refuses a ride of a video that is not ready and saving a ride with nothing recorded', async () => {
    const socket = await connect(alice);
    const processing = await video(s, owner, { status: 'processing' });
    expect(
      await socket.emitWithAck('add-track', {
        race_id: processing.id,
        race_url: processing.url,
        user_id: alice.user.id,
        client_ride_id: 'ride-not-ready-1',
      }),
    ).toEqual({ ok: false, message: 'This video is not ready to ride yet.' });
    const trackId = await rideThrough(socket, alice, race, 0, -1);
    expect(
      await socket.emitWithAck('stop-track', {
        discard_track: false,
        raceUrl: race.url,
        trackId,
        userId: alice.user.id,
      }),
    ).toEqual({ ok: false, message: 'Nothing was recorded for this ride.' });
  });

  it('keeps another member away from a ride: no pushing, stopping, listing or deleting', async () => {
    const mine = await connect(alice);
    const trackId = await rideThrough(mine, alice, race, 0, 19);
    const theirs = await connect(mallory);
    expect(
      await theirs.emitWithAck('push-points', { track_id: trackId, points: points(20, 29) }),
    ).toEqual({ ok: false, message: 'This ride belongs to another member.' });
    expect(
      await theirs.emitWithAck('stop-track', {
        discard_track: true,
        raceUrl: race.url,
        trackId,
        userId: alice.user.id,
      }),
    ).toEqual({ ok: false, message: 'You can only ride as yourself.' });
    expect(
      await theirs.emitWithAck('stop-track', {
        discard_track: true,
        raceUrl: race.url,
        trackId,
        userId: mallory.user.id,
      }),
    ).toEqual({ ok: false, message: 'This ride belongs to another member.' });
    const saved = await mine.emitWithAck('stop-track', {
      discard_track: false,
      raceUrl: race.url,
      trackId,
      userId: alice.user.id,
    });
    expect(saved).toMatchObject({ ok: true, saved: true });
    // Saved rides take no more points.
    expect(
      await mine.emitWithAck('push-points', { track_id: trackId, points: points(20, 29) }),
    ).toEqual({ ok: false, message: 'This ride has already been saved.' });

    const api = (path: string, m?: Member) => s.get(`/api/v1${path}`, m?.token);
    expect((await api(`/tracks/${trackId}/delete`, mallory)).status).toBe(403);
    expect((await api(`/tracks/${trackId}/fit`, mallory)).status).toBe(403);
    expect((await api(`/tracks/index?user_id=${alice.user.id}`, mallory)).status).toBe(403);
    expect((await api(`/user/data?user_id=${alice.user.id}`, mallory)).status).toBe(403);
    expect((await api(`/tracks/index?user_id=${alice.user.id}`)).status).toBe(401);
    const admin = await member(s, { name: 'Admin', admin: true });
    const listed = await json<{ count: number }>(
      await api(`/tracks/index?user_id=${alice.user.id}`, admin),
    );
    expect(listed.count).toBe(1);
    const del = await fetch(`${s.baseUrl}/api/v1/tracks/${trackId}`, {
      method: 'DELETE',
      headers: { 'x-auth-token': mallory.token },
    });
    expect(del.status).toBe(403);
  });

  it('answers bad REST input with 4xx and a message', async () => {
    const bad = async (path: string, status = 400) => {
      const body = await json<{ status: string; message: string }>(
        await s.get(`/api/v1${path}`, alice.token),
        status,
      );
      expect(body).toEqual({ status: 'failure', message: expect.any(String) });
      return body.message;
    };
    expect(await bad('/tracks/index?user_id=abc')).toContain('user_id');
    expect(await bad('/tracks/index')).toContain('user_id');
    expect(await bad(`/user/data?user_id=${alice.user.id}&tz=Mars/Olympus`)).toContain(
      'Mars/Olympus',
    );
    expect(await bad('/tracks/xyz/delete')).toContain('id');
    await bad('/tracks/999999/delete', 404);
    await bad('/tracks/999999/fit', 404);
  });
});
