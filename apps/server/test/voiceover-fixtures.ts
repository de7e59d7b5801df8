import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OverlayLayer } from '@ridealong/contracts';
import { createMediaRunner } from '@ridealong/media';
import { jobs } from '../src/db/schema.js';
import type { TestServer } from './harness.js';
import { mediaDirOf, type Member } from './races-fixtures.js';

/** Recordings made by ffmpeg's generated sources, and the calls of the voiceover routes. */

const runner = createMediaRunner();

async function generate(dir: string, name: string, input: string[], output: string[]) {
  const out = path.join(dir, name);
  await runner.ffmpeg(['-v', 'error', '-y', ...input, ...output, out]);
  return out;
}

export type Recordings = Record<
  'webm' | 'm4a' | 'twoHours' | 'video' | 'text',
  { bytes: Buffer; name: string; type: string }
>;

/**
 * A 3 s tone as webm/opus (what Chromium's MediaRecorder sends) and as m4a; two hours of
 * silence (FLAC of silence: about 1 MB, made in a second, where opus would take a minute); a
 * small video with sound; a text file.
 */
export async function makeRecordings(dir: string): Promise<Recordings> {
  const tone = ['-f', 'lavfi', '-i', 'sine=f=440:d=3'];
  const files = {
    webm: await generate(dir, 'tone.webm', tone, ['-c:a', 'libopus']),
    m4a: await generate(dir, 'tone.m4a', tone, ['-c:a', 'aac']),
    twoHours: await generate(
      dir,
      'long.flac',
      ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono'],
      ['-t', '7201', '-c:a', 'flac'],
    ),
    video: await generate(
      dir,
      'clip.webm',
      ['-f', 'lavfi', '-i', 'testsrc2=s=160x120:r=10:d=2', ...tone],
      ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', '-shortest'],
    ),
  };
  const read = async (file: string, type: string) => ({
    bytes: await readFile(file),
    name: path.basename(file),
    type,
  });
  return {
    webm: await read(files.webm, 'audio/webm'),
    m4a: await read(files.m4a, 'audio/mp4'),
    twoHours: await read(files.twoHours, 'audio/flac'),
    video: await read(files.video, 'audio/webm'),
    text: {
      bytes: Buffer.from('Dear diary,\n'.repeat(500)),
      name: 'voice.webm',
      type: 'audio/webm',
    },
  };
}

export type Answer<T> = { status: number; body: T & { message?: string } };

async function answer<T>(res: Response): Promise<Answer<T>> {
  return { status: res.status, body: (await res.json()) as T & { message?: string } };
}

/** POST /overlay/upload/{raceId}: fields as given, the file under `audio` unless `field` says. */
export async function upload(
  s: TestServer,
  raceId: string | number,
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type: string } | null,
  who?: Member,
  field = 'audio',
): Promise<Answer<OverlayLayer>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${s.baseUrl}/api/v1/overlay/upload/${raceId}`, {
    method: 'POST',
    body: form,
    headers: who ? { 'x-auth-token': who.token } : {},
  });
  return answer<OverlayLayer>(res);
}

export const forVideo = async (s: TestServer, raceId: string | number, who?: Member) =>
  answer<OverlayLayer[]>(await s.get(`/api/v1/overlay/for-video/${raceId}`, who?.token));

export const ownerLayers = async (
  s: TestServer,
  raceId: string | number,
  userId: number,
  who?: Member,
) =>
  answer<OverlayLayer[]>(
    await s.get(`/api/v1/overlay/video-owner/${raceId}/${userId}`, who?.token),
  );

export const removeLayer = async (s: TestServer, layerId: number, who?: Member) =>
  answer<{ status: string }>(
    await s.post(`/api/v1/overlay/${layerId}/delete`, undefined, who?.token),
  );

export const handleMutes = async (s: TestServer, body: unknown, who?: Member) =>
  answer<Record<string, unknown>>(await s.post('/api/v1/race/handle-mutes', body, who?.token));

/**
 * Polls the owner's list until the layer has left 'processing': the job's outcome has no other
 * signal over HTTP (as upload-harness's settledStatus does for videos).
 */
export async function settledLayer(
  s: TestServer,
  raceId: number,
  owner: Member,
  layerId: number,
  timeoutMs = 30_000,
): Promise<OverlayLayer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await ownerLayers(s, raceId, owner.user.id, owner);
    const layer = body.find((l) => l.id === layerId);
    if (!layer) throw new Error(`layer ${layerId} is not listed`);
    if (layer.status !== 'processing' && (await processingEnded(s, layerId))) return layer;
    if (Date.now() > deadline) throw new Error(`layer ${layerId} still processing`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Whether the layer's processing job is over. The job marks the layer ready first and only then
 * removes the upload and its scratch folder, so a test that looks for leftovers waits for this.
 * (A final failure is recorded before onFailed removes the upload: that test waits for it.)
 */
async function processingEnded(s: TestServer, layerId: number): Promise<boolean> {
  const rows = await s.database.db
    .select({ state: jobs.state })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, 'voiceover.process'),
        sql`${jobs.payload}->>'layerId' = ${String(layerId)}`,
      ),
    );
  return rows.every((r) => r.state === 'done' || r.state === 'failed');
}

/** Every file (not folder) below `dir`, relative to it; none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Nothing in the scratch folder, and under the video's folder only what `expected` lists. */
export async function expectNoLeftovers(s: TestServer, raceId: number, expected: string[] = []) {
  const media = mediaDirOf(s);
  // Not even an empty scratch folder is left.
  expect(await readdir(path.join(media, 'tmp')).catch(() => [])).toEqual([]);
  const stored = await filesUnder(path.join(media, 'voiceovers', String(raceId)));
  expect(stored.map((f) => path.basename(f)).sort()).toEqual([...expected].sort());
}

/** The path and query of a signed URL (it carries the public origin, http://ride.test). */
export const localPath = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
