import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LAYER_BYTES } from '@ridealong/contracts';
import { backends, startServer, type TestServer } from './harness.js';
import { member, video, type Member } from './races-fixtures.js';
import {
  expectNoLeftovers,
  forVideo,
  handleMutes,
  makeRecordings,
  ownerLayers,
  removeLayer,
  settledLayer,
  upload,
  type Recordings,
} from './voiceover-fixtures.js';

const failure = (status: number, message: string | RegExp) => ({
  status,
  body: {
    status: 'failure',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  },
});

describe.each(backends)('voiceovers refuse abuse ($name)', (backend) => {
  let s: TestServer;
  let owner: Member;
  let other: Member;
  let admin: Member;
  let dir: string;
  let files: Recordings;
  /** A 60 s video with one ready layer at [10, 13). */
  let v: { id: number; url: string };
  let layerId: number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ra-voiceover-abuse-'));
    files = await makeRecordings(dir);
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    other = await member(s, { name: 'Other' });
    admin = await member(s, { name: 'Admin', admin: true });
    v = await video(s, owner, { duration: 60 });
    const sent = await upload(s, v.id, { start_index: '10' }, files.webm, owner);
    layerId = sent.body.id;
    expect((await settledLayer(s, v.id, owner, layerId)).status).toBe('ready');
  });
  afterAll(async () => {
    await s.close();
    await rm(dir, { recursive: true, force: true });
  });

  const at = (start: string) => ({ start_index: start });

  it('refuses every owner call to other members (403) and guests (401), and changes nothing', async () => {
    expect(await upload(s, v.id, at('30'), files.webm, other)).toMatchObject(failure(403, /owner/));
    expect(await upload(s, v.id, at('30'), files.webm)).toMatchObject(
      failure(401, 'Please log in.'),
    );
    // Naming the owner, or themselves, does not open another's list.
    for (const userId of [owner.user.id, other.user.id]) {
      expect((await ownerLayers(s, v.id, userId, other)).status).toBe(403);
    }
    expect((await ownerLayers(s, v.id, owner.user.id)).status).toBe(401);
    // The owner must name themselves.
    expect((await ownerLayers(s, v.id, other.user.id, owner)).status).toBe(403);
    expect(await removeLayer(s, layerId, other)).toMatchObject(failure(403, /owner/));
    expect((await removeLayer(s, layerId)).status).toBe(401);
    for (const to_change of ['VIDEO', 'OVERLAY']) {
      expect((await handleMutes(s, { id: v.id, to_change }, other)).status).toBe(403);
      expect((await handleMutes(s, { id: v.id, to_change })).status).toBe(401);
    }
    // Nothing moved: the layer is there, ready, playing, and the switches are off.
    expect((await forVideo(s, v.id, other)).body.map((l) => l.id)).toEqual([layerId]);
    const race = (await (await s.get(`/api/v1/race/${v.id}`)).json()) as Record<string, unknown>;
    expect(race).toMatchObject({ mute_video_audio: false, mute_overlay_audio: false });
    await expectNoLeftovers(s, v.id, ['voiceover.m4a']);
  });

  it('refuses what is not an audio recording, or too long, leaving no file behind', async () => {
    const notAudio = failure(400, 'This file is not an audio recording.');
    expect(await upload(s, v.id, at('30'), files.text, owner)).toMatchObject(notAudio);
    expect(await upload(s, v.id, at('30'), files.video, owner)).toMatchObject(notAudio);
    const empty = { bytes: Buffer.alloc(0), name: 'empty.webm', type: 'audio/webm' };
    expect(await upload(s, v.id, at('30'), empty, owner)).toMatchObject(notAudio);
    // Two hours of recording on a video long enough for it: too long all the same.
    const long = await video(s, owner, { duration: 3 * 3600 });
    expect(await upload(s, long.id, at('0'), files.twoHours, owner)).toMatchObject(
      failure(400, 'The recording must be at most 60 minutes long.'),
    );
    expect(await upload(s, v.id, at('30'), null, owner)).toMatchObject(
      failure(400, 'Please choose a recording.'),
    );
    // A file under another field name is not read.
    expect(await upload(s, v.id, at('30'), files.webm, owner, 'file')).toMatchObject(
      failure(400, 'Please choose a recording.'),
    );
    await expectNoLeftovers(s, v.id, ['voiceover.m4a']);
    await expectNoLeftovers(s, long.id, []);
  });

  it('refuses a file over the size limit before reading it all (413)', async () => {
    const huge = {
      bytes: Buffer.alloc(MAX_LAYER_BYTES + 1024, 1),
      name: 'huge.webm',
      type: 'audio/webm',
    };
    expect(await upload(s, v.id, at('30'), huge, owner)).toMatchObject(
      failure(413, 'The recording must be 64 MB or smaller.'),
    );
    await expectNoLeftovers(s, v.id, ['voiceover.m4a']);
  });

  it('keeps layers inside the video and off each other', async () => {
    const overlaps = failure(409, 'Overlaps existing voiceover, Skip to different section');
    // The layer holds [10, 13): starting inside it, or running into it, is refused.
    for (const start of ['10', '11.5', '8']) {
      expect(await upload(s, v.id, at(start), files.webm, owner)).toMatchObject(overlaps);
    }
    expect(await upload(s, v.id, at('58'), files.webm, owner)).toMatchObject(
      failure(400, 'The recording runs past the end of the video.'),
    );
    expect(await upload(s, v.id, at('60'), files.webm, owner)).toMatchObject(
      failure(400, 'The recording starts after the end of the video.'),
    );
    for (const start of ['-1', '1e308', '86401', 'NaN', 'Infinity', 'ten', '']) {
      expect(await upload(s, v.id, at(start), files.webm, owner)).toMatchObject(
        failure(400, /^body\.start_index: /),
      );
    }
    expect(
      await upload(s, v.id, { start_index: '30', timestamp: 'last tuesday' }, files.webm, owner),
    ).toMatchObject(failure(400, /^body\.timestamp: /));
    // Touching the layer's end is fine; then an admin adds one for the owner.
    const touching = await upload(s, v.id, at('13.1'), files.m4a, owner);
    expect(touching.status).toBe(200);
    const byAdmin = await upload(s, v.id, at('40'), files.webm, admin);
    expect(byAdmin.body).toMatchObject({ status: 'processing', owner_id: owner.user.id });
    for (const id of [touching.body.id, byAdmin.body.id]) {
      expect((await settledLayer(s, v.id, owner, id)).status).toBe('ready');
      expect((await removeLayer(s, id, owner)).status).toBe(200);
    }
    await expectNoLeftovers(s, v.id, ['voiceover.m4a']);
  });

  it('refuses NUL characters, unknown videos and layers, and absurd ids with a message', async () => {
    const nul = (message: RegExp) => failure(400, message);
    expect(await upload(s, v.id, at('30\u0000'), files.webm, owner)).toMatchObject(
      nul(/start_index/),
    );
    expect(
      await upload(s, v.id, { start_index: '30', timestamp: '2026\u0000' }, files.webm, owner),
    ).toMatchObject(nul(/timestamp/));
    expect(
      await upload(s, v.id, at('30'), { ...files.webm, name: 'a\u0000.webm' }, owner),
    ).toMatchObject(nul(/filename/));
    expect((await forVideo(s, 'demo%00video', owner)).status).toBe(400);
    expect(await upload(s, 'no-such-video', at('0'), files.webm, owner)).toMatchObject(
      failure(404, 'Video not found.'),
    );
    expect((await forVideo(s, 'no-such-video')).status).toBe(404);
    expect((await ownerLayers(s, 'no-such-video', owner.user.id, owner)).status).toBe(404);
    expect(await removeLayer(s, 2_000_000_000, owner)).toMatchObject(
      failure(404, 'Voiceover not found.'),
    );
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999']) {
      const res = await s.post(`/api/v1/overlay/${id}/delete`, undefined, owner.token);
      expect(res.status, id).toBe(400);
    }
    for (const body of [{}, { id: v.id, to_change: 'BOTH' }, { id: 0, to_change: 'VIDEO' }]) {
      expect((await handleMutes(s, body, owner)).status).toBe(400);
    }
    expect((await handleMutes(s, { id: 'no-such-video', to_change: 'VIDEO' }, owner)).status).toBe(
      404,
    );
    await expectNoLeftovers(s, v.id, ['voiceover.m4a']);
  });

  it('hides a processing video’s layers from others, and takes no layer on it', async () => {
    const pending = await video(s, owner, { duration: 60, status: 'processing' });
    expect((await forVideo(s, pending.id, other)).status).toBe(404);
    expect((await forVideo(s, pending.id, owner)).body).toEqual([]);
    expect(await upload(s, pending.id, at('0'), files.webm, owner)).toMatchObject(
      failure(409, 'Video is being processed.'),
    );
    await expectNoLeftovers(s, pending.id, []);
  });

  it('answers a flood of uploads with 429 before reading them', async () => {
    const flooder = await member(s, { name: 'Flooder' });
    const mine = await video(s, flooder, { duration: 60 });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await upload(s, mine.id, at('0'), null, flooder)).status);
    expect(statuses.slice(0, 60).every((st) => st === 400)).toBe(true);
    const refused = await upload(s, mine.id, at('0'), files.webm, flooder);
    expect(refused).toMatchObject(failure(429, /Too many attempts/));
    expect(statuses[60]).toBe(429);
    await expectNoLeftovers(s, mine.id, []);
  });
});
