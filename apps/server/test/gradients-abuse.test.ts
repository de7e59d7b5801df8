import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GPX_SLOPE_SOURCE_ID,
  MAX_GPX_BYTES,
  MAX_GPX_POINTS,
  SLOPE_SOURCE,
  type GpxPreview,
} from '@ridealong/contracts';
import { raceSlopePoints } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { member, video, type Member } from './races-fixtures.js';
import { climbGpx, gpxDocument, gpxForm, trkpt, type LargeBody } from './gradients-bodies.js';
import {
  leastHeldOf,
  loopDelayDuring,
  postForm,
  postLargeForm,
  scratchEntries,
  slopeState,
  type Answer,
  type LoopMeasure,
} from './gradients-fixtures.js';

/**
 * The abuse cases of issue 25 for GPX gradients: each a clear 4xx with a message, the previous
 * profile kept, no file left behind, and the server's event loop never held over 50 ms. The loop
 * is measured while the server works (gradients-fixtures.ts, loopDelayDuring: perf_hooks'
 * monitorEventLoopDelay and the time the loop was held by this process's own work); the large
 * uploads are made and sent from another thread, so the loop measured is the server's alone.
 * The budget is asserted on PostgreSQL: PGlite, the embedded database of development, runs
 * every query inside the server's own thread, so there the figures are reported, not asserted.
 */

const LOOP_BUDGET_MS = 50;
const BIG = { timeout: 180_000 };
const DURATION = 3600;
const START_MS = Date.UTC(2024, 4, 1, 6, 0, 0);
/** Every measurement, printed at the end (the report's numbers). */
const measured: Array<[string, LoopMeasure[]]> = [];

describe.each(backends)('GPX gradients under abuse on $name', (backend) => {
  const asserted = backend.name === 'postgres';
  /** The loop held meanwhile, under the budget (on PostgreSQL; see above), kept for the report. */
  const measuredCall = async (what: string, call: () => Promise<Answer>): Promise<Answer> => {
    const m = await leastHeldOf(asserted ? 3 : 1, LOOP_BUDGET_MS, () => loopDelayDuring(call));
    measured.push([what, m.tries]);
    if (asserted) expect(m.heldMaxMs).toBeLessThan(LOOP_BUDGET_MS);
    return m.result;
  };
  let s: TestServer;
  let flooder: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    flooder = await member(s, { name: 'Flooder' });
  });
  afterAll(async () => {
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `event loop while the server works (${backend.name}): held max (monitorEventLoopDelay max)\n` +
        measured
          .map(([what, tries]) => {
            const figures = tries.map((t) => `${ms(t.heldMaxMs)} (${ms(t.delayMaxMs)})`);
            return `  ${what}: ${figures.join(', then ')}`;
          })
          .join('\n'),
    );
    measured.length = 0;
    await s?.close();
  });

  /** A processed hour-long video with a camera profile already stored (a new owner's). */
  const cameraVideo = async (who?: Member) => {
    const owner = who ?? (await member(s, { name: 'Owner' }));
    const v = await video(s, owner, { duration: DURATION, slopeSourceId: SLOPE_SOURCE.cameraGps });
    await s.database.db.insert(raceSlopePoints).values(
      Array.from({ length: DURATION }, (_, t) => ({
        raceId: v.id,
        second: t,
        distance: t * 5,
        elevation: 200,
        speed: 5,
        slope: 0,
      })),
    );
    return { ...v, owner };
  };

  /** Sends, measures the loop meanwhile, and checks what every refusal must keep. */
  const refused = async (
    what: string,
    body: Buffer | LargeBody,
    expected: { status: number; message: RegExp },
  ) => {
    const v = await cameraVideo();
    const before = await slopeState(s, v.id);
    for (const route of ['gpx/preview', 'gpx']) {
      const url = `/api/v1/race/${v.url}/${route}`;
      const { token } = v.owner;
      const result = await measuredCall(`${what} (${route})`, () =>
        Buffer.isBuffer(body) ? postForm(s, url, body, token) : postLargeForm(s, url, body, token),
      );
      expect({ what, route, status: result.status }).toEqual({
        what,
        route,
        status: expected.status,
      });
      expect(result.body.message).toMatch(expected.message);
    }
    expect(await slopeState(s, v.id)).toEqual(before);
    expect(await scratchEntries(s)).toBe(0);
  };

  it('refuses an XML entity bomb without expanding it', async () => {
    const lol = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY lol0 "lol">${lol}]>\n${gpxDocument(
      trkpt(46, 6, 100, START_MS).replace('</trkpt>', '<name>&lol9;</name></trkpt>'),
    ).replace(/^<\?xml[^>]*>\n/, '')}`;
    await refused('entity bomb', gpxForm(bomb, '0'), {
      status: 400,
      message: /^GPX files may not declare entities/,
    });
  });

  it('stops a 200 MB upload at the size limit, keeping nothing', BIG, async () => {
    await refused(
      '200 MB upload',
      { kind: 'filler', megabytes: 200 },
      { status: 413, message: new RegExp(`larger than ${MAX_GPX_BYTES / 1024 / 1024} MB`) },
    );
  });

  it('refuses a million track points, stopping at the limit', BIG, async () => {
    await refused(
      'a million points',
      { kind: 'points', points: 1_000_000 },
      {
        status: 400,
        message: new RegExp(`more than ${MAX_GPX_POINTS.toLocaleString('en-US')} points`),
      },
    );
  });

  it('builds the profile of a 45 MB device export off the loop, and saves it', BIG, async () => {
    const v = await cameraVideo();
    // 55 hours of track at the limit of points; the offset puts the video on hour 10.
    const body: LargeBody = {
      kind: 'device',
      points: MAX_GPX_POINTS,
      offset: String(10 * 3600),
      startMs: START_MS,
    };
    const { token } = v.owner;
    const p = await measuredCall('45 MB export (preview)', () =>
      postLargeForm(s, `/api/v1/race/${v.url}/gpx/preview`, body, token),
    );
    expect(p.status).toBe(200);
    const preview = p.body as unknown as GpxPreview;
    expect(preview).toMatchObject({ covered_from_s: 0, covered_to_s: DURATION, offset_s: 36_000 });
    // 8 m/s for the hour over three hills of 100 m.
    expect(preview.distance_m).toBeCloseTo(8 * (DURATION - 1), -2);
    expect(preview.climb_m).toBeGreaterThan(270);
    expect(preview.climb_m).toBeLessThan(330);
    const saved = await measuredCall('45 MB export (save)', () =>
      postLargeForm(s, `/api/v1/race/${v.url}/gpx`, body, token),
    );
    expect(saved.status).toBe(200);
    const state = await slopeState(s, v.id);
    expect(state).toMatchObject({ source: GPX_SLOPE_SOURCE_ID, filename: 'big.gpx' });
    expect(state.points).toHaveLength(DURATION);
    expect(await scratchEntries(s)).toBe(0);
  });

  const timed = (times: Array<number | null>) =>
    gpxDocument(times.map((t, i) => trkpt(46 + i * 1e-4, 6, 100 + i, t)).join('\n'));
  const hostileFiles: Array<[string, Buffer, RegExp]> = [
    [
      'points without times',
      gpxForm(timed([null, null, null]), '0'),
      /^The GPX track has no timestamps/,
    ],
    [
      'times out of order',
      gpxForm(timed([START_MS, START_MS + 1000, START_MS + 500, START_MS + 2000]), '0'),
      /^The GPX track's times go backwards: point 3/,
    ],
    ['not XML', gpxForm('%PDF-1.4\n1 0 obj << /Type /Catalog >>\n', '0'), /^The file is not XML/],
    ['XML but not GPX', gpxForm('<kml><Document/></kml>', '0'), /not GPX/],
    [
      'binary junk named .gpx',
      gpxForm(
        Buffer.concat([
          Buffer.from('<gpx><trk><trkseg>'),
          Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 7919 + 3) % 256)),
        ]),
        '0',
        'junk.gpx',
      ),
      /binary data/,
    ],
    ['an empty file', gpxForm('', '0'), /empty/],
  ];
  it.each(hostileFiles)('refuses %s with a clear message', async (what, body, message) => {
    await refused(what, body, { status: 400, message });
  });

  it('answers a flood with 429 before reading the uploads', async () => {
    const v = await cameraVideo(flooder);
    const body = gpxForm(climbGpx({ seconds: 30, climbAt: 10, gradePercent: 6 }), 'abc');
    const answers: Answer[] = [];
    for (let i = 0; i < 70; i++) {
      answers.push(await postForm(s, `/api/v1/race/${v.url}/gpx/preview`, body, flooder.token));
    }
    expect(answers.slice(0, 60).every((a) => a.status === 400)).toBe(true);
    const limited = answers.slice(60);
    expect(limited.every((a) => a.status === 429)).toBe(true);
    expect(limited[0]!.body.message).toMatch(/^Too many attempts/);
    expect((await postForm(s, `/api/v1/race/${v.url}/gpx`, body, flooder.token)).status).toBe(429);
    // Another member's budget is their own.
    const other = await member(s, { name: 'Other' });
    expect((await postForm(s, `/api/v1/race/${v.url}/gpx`, body, other.token)).status).toBe(403);
    expect(await scratchEntries(s)).toBe(0);
  });
});
