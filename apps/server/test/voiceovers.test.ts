import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { overlayLayerSchema, type OverlayLayer } from '@ridealong/contracts';
import { jobs, overlayLayers } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, mediaDirOf, member, video, type Member } from './races-fixtures.js';
import {
  expectNoLeftovers,
  forVideo,
  handleMutes,
  localPath,
  makeRecordings,
  ownerLayers,
  removeLayer,
  settledLayer,
  upload,
  type Recordings,
} from './voiceover-fixtures.js';

describe.each(backends)('voiceovers ($name)', (backend) => {
  let s: TestServer;
  let owner: Member;
  let viewer: Member;
  let admin: Member;
  let dir: string;
  let files: Recordings;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ra-voiceover-'));
    files = await makeRecordings(dir);
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    viewer = await member(s, { name: 'Viewer' });
    admin = await member(s, { name: 'Admin', admin: true });
  });
  afterAll(async () => {
    await s.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Uploads, waits for the job, and checks the layer came out ready. */
  const saved = async (raceId: number, start: number, file = files.webm) => {
    const sent = await upload(s, raceId, { start_index: String(start) }, file, owner);
    expect(sent.status, sent.body.message).toBe(200);
    return settledLayer(s, raceId, owner, sent.body.id);
  };

  it('turns a browser recording into streamable audio with its waveform, for every viewer', async () => {
    const v = await video(s, owner, { duration: 60 });
    const sent = await upload(
      s,
      v.url,
      { start_index: '12.5', timestamp: '2026-03-01T10:00:00.000Z' },
      files.webm,
      owner,
    );
    expect(sent.status).toBe(200);
    expect(overlayLayerSchema.parse(sent.body)).toMatchObject({
      race_id: v.id,
      owner_id: owner.user.id,
      start_index: 12.5,
      timestamp: '2026-03-01T10:00:00.000Z',
      type: 'SAVED',
      status: 'processing',
      url: '',
      peaks_data: null,
    });
    // Measured by the server: the 3 s tone, whatever the container's header said.
    expect(sent.body.duration).toBeCloseTo(3, 1);
    expect(sent.body.end_index).toBeCloseTo(15.5, 1);

    const ready = await settledLayer(s, v.id, owner, sent.body.id);
    expect(ready.status).toBe('ready');
    const peaks = JSON.parse(ready.peaks_data ?? 'null') as Record<string, unknown> & {
      data: number[];
      length: number;
    };
    expect(peaks).toMatchObject({ version: 2, channels: 1, bits: 8, samples_per_pixel: 128 });
    expect(peaks.sample_rate).toBe(8000);
    expect(peaks.data).toHaveLength(2 * peaks.length);
    expect(Math.max(...peaks.data.map(Math.abs))).toBe(127);

    // Everyone who may read the video gets the ready layer, with a playable link.
    for (const who of [viewer, undefined]) {
      const listed = await forVideo(s, v.url, who);
      expect(listed.status).toBe(200);
      expect(listed.body.map((l) => l.id)).toEqual([sent.body.id]);
    }
    const [layer] = (await forVideo(s, v.id, viewer)).body as [OverlayLayer];
    const audio = await fetch(s.baseUrl + localPath(layer.url));
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mp4');
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // +faststart: the index comes before the samples, so playback starts at once.
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const part = await fetch(s.baseUrl + localPath(layer.url), {
      headers: { range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toHaveLength(100);
    // The link opens the audio file only: never the upload kept beside it, nor anything else.
    for (const other of ['recording', 'poster.jpg', 'master.m3u8']) {
      const res = await fetch(s.baseUrl + localPath(layer.url).replace('voiceover.m4a', other));
      expect(res.status, other).toBeGreaterThanOrEqual(403);
      expect(res.status, other).toBeLessThan(500);
    }
    // The upload is gone once processed; the streamable file stays.
    await expectNoLeftovers(s, v.id, ['voiceover.m4a']);
  });

  it('takes an m4a too, lists layers in playing order; the owner also sees unfinished ones', async () => {
    const v = await video(s, owner, { duration: 60 });
    const later = await saved(v.id, 30, files.m4a);
    const earlier = await saved(v.id, 5);
    expect(later.duration).toBeCloseTo(3, 1);
    const listed = await json<OverlayLayer[]>(await s.get(`/api/v1/overlay/for-video/${v.url}`));
    expect(listed.map((l) => l.id)).toEqual([earlier.id, later.id]);
    const mine = await ownerLayers(s, v.url, owner.user.id, owner);
    expect(mine.body.map((l) => l.status)).toEqual(['ready', 'ready']);
    const adminView = await ownerLayers(s, v.id, admin.user.id, admin);
    expect(adminView.body.map((l) => l.id)).toEqual([earlier.id, later.id]);

    // Layers still processing, or failed, are the owner's to see (and never playable).
    const rows = await s.database.db
      .insert(overlayLayers)
      .values(
        (['processing', 'failed'] as const).map((status, i) => ({
          raceId: v.id,
          ownerId: owner.user.id,
          startIndex: 40 + 5 * i,
          endIndex: 42 + 5 * i,
          duration: 2,
          recordedAt: new Date(),
          status,
          audioKey: `voiceovers/${v.id}/unprocessed${i}`,
        })),
      )
      .returning();
    const all = await ownerLayers(s, v.id, owner.user.id, owner);
    expect(all.body.map((l) => [l.status, l.url === ''])).toEqual([
      ['ready', false],
      ['ready', false],
      ['processing', true],
      ['failed', true],
    ]);
    expect((await forVideo(s, v.id, owner)).body.map((l) => l.id)).toEqual([earlier.id, later.id]);
    expect(rows).toHaveLength(2);
  });

  it('fails a recording ffmpeg cannot decode, drops its upload, and frees its stretch', async () => {
    const v = await video(s, owner, { duration: 60 });
    const folder = `voiceovers/${v.id}/broken`;
    await mkdir(path.join(mediaDirOf(s), folder), { recursive: true });
    await writeFile(path.join(mediaDirOf(s), folder, 'recording'), Buffer.alloc(4096, 7));
    const [row] = await s.database.db
      .insert(overlayLayers)
      .values({
        raceId: v.id,
        ownerId: owner.user.id,
        startIndex: 0,
        endIndex: 3,
        duration: 3,
        recordedAt: new Date(),
        audioKey: folder,
      })
      .returning();
    if (!row) throw new Error('no layer');
    // The job as an upload would have queued it; the worker finds it at its next poll.
    await s.database.db
      .insert(jobs)
      .values({ name: 'voiceover.process', payload: { layerId: row.id } });
    expect((await settledLayer(s, v.id, owner, row.id)).status).toBe('failed');
    // The runner records the failure before the job's onFailed marks the layer and drops files.
    await vi.waitFor(() => expectNoLeftovers(s, v.id, []), { timeout: 5000 });
    // A failed layer holds nothing: the owner records over its stretch again.
    const again = await saved(v.id, 0);
    expect(again.status).toBe('ready');
  });

  it('hides muted voiceovers from everyone but the owner and admins; the switches flip', async () => {
    const v = await video(s, owner, { duration: 60 });
    const layer = await saved(v.id, 0);
    const ids = async (who?: Member) => (await forVideo(s, v.url, who)).body.map((l) => l.id);

    const muted = await handleMutes(s, { id: v.id, to_change: 'OVERLAY' }, owner);
    expect(muted.status).toBe(200);
    expect(muted.body).toMatchObject({
      id: v.id,
      mute_overlay_audio: true,
      mute_video_audio: false,
    });
    // The answer is the video as GET /race/{id} presents it.
    expect(muted.body).toEqual(await json(await s.get(`/api/v1/race/${v.url}`)));

    expect(await ids(viewer)).toEqual([]);
    expect(await ids()).toEqual([]);
    expect(await ids(owner)).toEqual([layer.id]);
    expect(await ids(admin)).toEqual([layer.id]);

    const videoMuted = await handleMutes(s, { id: v.url, to_change: 'VIDEO' }, admin);
    expect(videoMuted.body).toMatchObject({ mute_overlay_audio: true, mute_video_audio: true });
    const unmuted = await handleMutes(s, { id: String(v.id), to_change: 'OVERLAY' }, owner);
    expect(unmuted.body).toMatchObject({ mute_overlay_audio: false, mute_video_audio: true });
    expect(await ids(viewer)).toEqual([layer.id]);
  });

  it('deletes a layer with its files; a removed video takes its voiceovers’ files along', async () => {
    const v = await video(s, owner, { duration: 60 });
    const first = await saved(v.id, 0);
    const second = await saved(v.id, 10);
    expect(await removeLayer(s, first.id, owner)).toMatchObject({ status: 200 });
    expect((await ownerLayers(s, v.id, owner.user.id, owner)).body.map((l) => l.id)).toEqual([
      second.id,
    ]);
    await expectNoLeftovers(s, v.id, ['voiceover.m4a']);
    // An admin may delete one too; then the video's folder itself is gone.
    expect(await removeLayer(s, second.id, admin)).toMatchObject({ status: 200 });
    await expectNoLeftovers(s, v.id, []);
    expect((await removeLayer(s, second.id, owner)).status).toBe(404);

    const doomed = await video(s, owner, { duration: 60 });
    await saved(doomed.id, 0);
    await expectNoLeftovers(s, doomed.id, ['voiceover.m4a']);
    expect((await s.post('/api/v1/race/delete', { id: doomed.id }, owner.token)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [job] = await s.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.name, 'voiceover.removeVideoFiles'));
      if (job?.state === 'done') break;
      if (Date.now() > deadline) throw new Error(`file removal still ${job?.state}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await expectNoLeftovers(s, doomed.id, []);
  });
});
