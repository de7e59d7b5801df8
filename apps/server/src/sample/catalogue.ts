import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { SLOPE_SOURCE } from '@ridealong/contracts';
import {
  createMediaRunner,
  gpxSlopeProfile,
  type MediaRunner,
  processVideo,
} from '@ridealong/media';
import type { Db } from '../db/client.js';
import { races, raceSlopePoints, users } from '../db/schema.js';
import {
  SAMPLE_CREATORS,
  SAMPLE_VIDEOS,
  type SampleCreator,
  type SampleVideo,
} from './catalogue-content.js';
import { saveRouteSummary } from '../modules/race-route/index.js';
import { routeGpx } from './route.js';
import { clipArgs, panoramaArgs, type ScenerySpec } from './scenery.js';

export type CatalogueOptions = {
  db: Db;
  /** Storage root ($DATA_DIR/media): streams go to streams/<raceId>-<random>/. */
  mediaDir: string;
  runner?: MediaRunner;
  log: { info: (msg: string) => void; warn: (msg: string) => void };
  creators?: readonly SampleCreator[];
  videos?: readonly SampleVideo[];
  now?: () => Date;
};

/**
 * The sample catalogue of a fresh install: creators with channels and short generated rides
 * (scrolling hills whose road follows the route, with the matching slope profile from a GPX of
 * the same route), plus demo-video. Each video is made once; a run cut short is finished at the
 * next start. Returns how many videos it made.
 */
export async function ensureSampleCatalogue(options: CatalogueOptions): Promise<number> {
  const { db, log } = options;
  const runner = options.runner ?? createMediaRunner();
  const videos = options.videos ?? SAMPLE_VIDEOS;
  const creators = await ensureCreators(
    db,
    options.creators ?? SAMPLE_CREATORS,
    videos.map((v) => v.creator),
  );
  let made = 0;
  for (const video of videos) {
    const [existing] = await db.select().from(races).where(eq(races.url, video.url));
    if (existing?.status === 'ready') continue;
    if (existing) await db.delete(races).where(eq(races.id, existing.id));
    const ownerId = creators.get(video.creator);
    if (ownerId === undefined) {
      log.warn(`sample video ${video.url}: creator ${video.creator} is missing, skipped`);
      continue;
    }
    const started = Date.now();
    await makeVideo(options, runner, video, ownerId);
    log.info(
      `sample video '${video.title}' ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    made++;
  }
  return made;
}

/** Creates the creator accounts and answers the ids of the videos' owners, by email. */
async function ensureCreators(
  db: Db,
  creators: readonly SampleCreator[],
  ownerEmails: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const c of creators) {
    await db
      .insert(users)
      .values({
        email: c.email,
        emailVerified: true,
        // No password: these accounts exist to own the sample channels, nobody signs in as them.
        passwordHash: null,
        username: c.displayName,
        displayName: c.displayName,
        channelTitle: c.channelTitle,
        channelDescription: c.channelDescription,
        acceptedTerms: true,
      })
      .onConflictDoNothing();
  }
  const wanted = [...new Set(ownerEmails.map((e) => e.toLowerCase()))];
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  for (const row of owners) {
    ids.set(row.email.toLowerCase(), row.id);
  }
  return ids;
}

async function makeVideo(
  options: CatalogueOptions,
  runner: MediaRunner,
  video: SampleVideo,
  ownerId: number,
) {
  const { db, mediaDir } = options;
  const work = await mkdtemp(path.join(tmpdir(), 'ra-sample-'));
  try {
    const spec: ScenerySpec = {
      route: video.route,
      durationS: video.durationS,
      width: Math.round((video.height * 16) / 9),
      height: video.height,
      pxPerSecond: Math.round((video.height / 540) * video.route.speedMps * 8),
      theme: video.theme,
    };
    const panorama = path.join(work, 'panorama.png');
    const clip = path.join(work, 'clip.mp4');
    await runner.ffmpeg(panoramaArgs(spec, panorama));
    await runner.ffmpeg(clipArgs(spec, panorama, clip));
    const out = path.join(work, 'out');
    const result = await processVideo({ inputs: [clip], outDir: out, runner });
    const gpx = routeGpx(video.route, result.durationS, new Date('2026-06-01T08:00:00Z'));
    const profile = gpxSlopeProfile(gpx, { durationS: result.durationS });

    const now = options.now?.() ?? new Date();
    const [race] = await db
      .insert(races)
      .values({
        url: video.url,
        title: video.title,
        description: video.description,
        userId: ownerId,
        searchVisible: video.searchVisible ?? true,
        channelVisible: video.searchVisible ?? true,
        status: 'processing',
        exclusive: video.exclusive ?? false,
        samplerMonth: video.sampler ? now.toISOString().slice(0, 7) : null,
        contentType: 'video/mp4',
      })
      .returning();
    if (!race) throw new Error(`could not insert sample video ${video.url}`);
    const mediaKey = `streams/${race.id}-${randomBytes(6).toString('hex')}`;
    await mkdir(path.join(mediaDir, 'streams'), { recursive: true });
    // The temp folder may be on another file system, where rename cannot move it.
    await rename(out, path.join(mediaDir, mediaKey)).catch(() =>
      cp(out, path.join(mediaDir, mediaKey), { recursive: true }),
    );
    await writeFile(path.join(mediaDir, mediaKey, 'route.gpx'), gpx);
    if (profile.length > 0) {
      await db.insert(raceSlopePoints).values(
        profile.map((p) => ({
          raceId: race.id,
          second: p.t,
          distance: p.distanceM,
          elevation: p.elevationM,
          speed: p.speedMps,
          slope: p.slopePercent,
        })),
      );
    }
    await saveRouteSummary(
      db,
      race.id,
      profile.map((p) => ({ distance: p.distanceM, elevation: p.elevationM })),
    );
    await db
      .update(races)
      .set({
        status: 'ready',
        progress: 100,
        duration: result.durationS,
        mediaKey,
        renditions: result.renditions.map((r) => r.name),
        posterFile: result.poster,
        slopeSourceId: profile.length > 0 ? SLOPE_SOURCE.gpx : SLOPE_SOURCE.none,
        gpxUploadFilename: profile.length > 0 ? 'route.gpx' : null,
        updatedAt: new Date(),
      })
      .where(eq(races.id, race.id));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
