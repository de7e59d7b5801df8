import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GPX_PREVIEW_MAX_POINTS,
  GPX_SLOPE_SOURCE_ID,
  SLOPE_SOURCE,
  type GpxPreview,
  type Race,
  type RouteResponse,
} from '@ridealong/contracts';
import { raceSlopePoints } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { climbGpx, formBody, gpxForm } from './gradients-bodies.js';
import { postForm, scratchEntries, slopeState, type Answer } from './gradients-fixtures.js';

/**
 * GPX gradients through HTTP (issue 25): the preview and the save of an owner's GPX with an
 * offset, what a refusal keeps, and who may do it.
 */

/** 900 s of GPX: flat, then 6 % from GPX second 400; the video is 600 s long. */
const CLIMB = { seconds: 900, climbAt: 400, gradePercent: 6 };
const DURATION = 600;

/** The camera's old profile: 600 s at 5 m/s on a 2 % grade. */
const oldProfile = (raceId: number) =>
  Array.from({ length: DURATION }, (_, t) => ({
    raceId,
    second: t,
    distance: t * 5,
    elevation: 300 + t * 0.1,
    speed: 5,
    slope: 2,
  }));

describe.each(backends)('GPX gradients on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let other: Member;
  let admin: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    other = await member(s, { name: 'Other' });
    admin = await member(s, { name: 'Admin', admin: true });
  });
  afterAll(() => s?.close());

  /** A processed video with the camera's profile (slope source 1). */
  const cameraVideo = async () => {
    const v = await video(s, owner, { duration: DURATION, slopeSourceId: SLOPE_SOURCE.cameraGps });
    await s.database.db.insert(raceSlopePoints).values(oldProfile(v.id));
    return v;
  };
  const preview = (id: string | number, body: Buffer, token = owner.token) =>
    postForm(s, `/api/v1/race/${id}/gpx/preview`, body, token);
  const save = (id: string | number, body: Buffer, token = owner.token) =>
    postForm(s, `/api/v1/race/${id}/gpx`, body, token);
  /** The first video second whose slope reaches half the climb's grade. */
  const climbStart = (points: Array<{ second: number; slope: number }>) =>
    points.find((p) => p.slope >= CLIMB.gradePercent / 2)?.second;

  it('lines the climb up with the offset: it starts at video second climbAt - offset', async () => {
    for (const offset of [100, -50, 0]) {
      const v = await cameraVideo();
      const res = await save(v.url, gpxForm(climbGpx(CLIMB), String(offset)));
      expect(res.status).toBe(200);
      const state = await slopeState(s, v.id);
      expect(state.source).toBe(GPX_SLOPE_SOURCE_ID);
      expect(state.filename).toBe('ride.gpx');
      expect(state.points).toHaveLength(DURATION);
      const expected = CLIMB.climbAt - offset;
      expect(Math.abs(climbStart(state.points)! - expected)).toBeLessThanOrEqual(8);
      const at = (second: number) => state.points[second]!.slope;
      // Well before and well into the climb, the grade is the road's.
      expect(Math.abs(at(expected - 60))).toBeLessThan(0.5);
      expect(Math.abs(at(expected + 60) - CLIMB.gradePercent)).toBeLessThan(0.5);
      // 10 m/s: the distance grows 10 m a second from the first covered second.
      const from = Math.max(0, -offset);
      expect(state.points[from + 100]!.distance - state.points[from]!.distance).toBeCloseTo(
        1000,
        -1,
      );
    }
  });

  it('previews exactly what saving then stores, and saves nothing itself', async () => {
    const v = await cameraVideo();
    const before = await slopeState(s, v.id);
    const body = gpxForm(climbGpx(CLIMB), ' 100 ');
    const p = await preview(v.url, body);
    expect(p.status).toBe(200);
    const got = p.body as unknown as GpxPreview;
    expect(got).toMatchObject({
      offset_s: 100,
      duration_s: DURATION,
      covered_from_s: 0,
      covered_to_s: DURATION,
    });
    expect(got.points.length).toBeLessThanOrEqual(GPX_PREVIEW_MAX_POINTS);
    expect(got.points[0]![0]).toBe(0);
    expect(got.points.at(-1)![0]).toBe(DURATION - 1);
    expect(await slopeState(s, v.id)).toEqual(before);

    const saved = await save(v.url, body);
    expect(saved.status).toBe(200);
    const after = await slopeState(s, v.id);
    const bySecond = new Map(after.points.map((r) => [r.second, r]));
    for (const [t, distance, elevation, slope] of got.points) {
      expect(bySecond.get(t)).toMatchObject({ distance, elevation, slope });
    }
    // Distance and climb as the route summary the video page reads.
    const { route } = await json<RouteResponse>(await s.get(`/api/v1/race/${v.url}/route`));
    expect(route).toMatchObject({ distance_m: got.distance_m, climb_m: got.climb_m });
    // 300 s of the 6 % climb at 10 m/s rise 180 m (the smoothed ends round it a little).
    expect(got.climb_m).toBeGreaterThan(170);
    expect(got.climb_m).toBeLessThan(190);
  });

  it('answers the updated video as GET /race/{id} presents it', async () => {
    const v = await cameraVideo();
    const res = await save(v.id, gpxForm(climbGpx(CLIMB), '100', 'Col du Test.gpx'));
    expect(res.status).toBe(200);
    const race = res.body as unknown as Race;
    expect(race).toMatchObject({
      id: v.id,
      url: v.url,
      slope_source_id: 2,
      gpx_upload_filename: 'Col du Test.gpx',
      metadata: { slope_source_id: 2 },
    });
    expect(await json<Race>(await s.get(`/api/v1/race/${v.url}`, owner.token))).toEqual(race);
  });

  it('keeps the old profile, source and file name when the new GPX fails', async () => {
    const v = await cameraVideo();
    const first = await save(v.url, gpxForm(climbGpx(CLIMB), '100', 'first.gpx'));
    expect(first.status).toBe(200);
    const before = await slopeState(s, v.id);
    const broken: Array<[string, Buffer, RegExp]> = [
      ['cut to nothing', gpxForm('<gpx><trk><trkseg>', '0'), /no track points/],
      ['not XML', gpxForm('lat,lon,ele\n46,6,100\n', '0'), /not XML/],
      [
        'no times',
        gpxForm(climbGpx(CLIMB).replace(/<time>[^<]*<\/time>/g, ''), '0'),
        /no timestamps/,
      ],
      [
        'no elevations',
        gpxForm(climbGpx(CLIMB).replace(/<ele>[^<]*<\/ele>/g, ''), '0'),
        /no elevations/,
      ],
      ['outside the video', gpxForm(climbGpx(CLIMB), '5000'), /outside the video/],
      ['before the video', gpxForm(climbGpx(CLIMB), '-2000'), /outside the video/],
      ['no file', formBody([{ name: 'offset', value: '0' }]), /"gpx" file/],
    ];
    for (const [what, body, message] of broken) {
      const res = await save(v.url, body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect(res.body.message).toMatch(message);
      expect(await slopeState(s, v.id)).toEqual(before);
    }
    expect(await scratchEntries(s)).toBe(0);
  });

  it('refuses other members and guests on both routes, and lets an admin in', async () => {
    const v = await cameraVideo();
    const before = await slopeState(s, v.id);
    const body = gpxForm(climbGpx(CLIMB), '100');
    for (const url of [`/api/v1/race/${v.url}/gpx/preview`, `/api/v1/race/${v.url}/gpx`]) {
      const asOther = await postForm(s, url, body, other.token);
      expect(asOther).toMatchObject({
        status: 403,
        body: { message: expect.stringMatching(/owner/) },
      });
      const asGuest = await postForm(s, url, body);
      expect(asGuest).toMatchObject({ status: 401, body: { message: 'Please log in.' } });
    }
    expect(await slopeState(s, v.id)).toEqual(before);
    expect((await preview(v.url, body, admin.token)).status).toBe(200);
    expect((await save(v.url, body, admin.token)).status).toBe(200);
    expect((await slopeState(s, v.id)).source).toBe(GPX_SLOPE_SOURCE_ID);
  });

  it('refuses unknown and unprocessed videos', async () => {
    const body = gpxForm(climbGpx(CLIMB), '0');
    expect(await save('no-such-video', body)).toMatchObject({
      status: 404,
      body: { message: 'Video not found.' },
    });
    const processing = await video(s, owner, { status: 'processing', duration: 0 });
    expect(await save(processing.url, body)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/still being processed/) },
    });
  });

  it('refuses absurd offsets and text the database cannot store', async () => {
    const v = await cameraVideo();
    const before = await slopeState(s, v.id);
    const xml = climbGpx(CLIMB);
    const cases: Array<[Buffer, string]> = [
      ...['1e400', 'abc', '-999999', '86401', 'NaN', 'Infinity', '1'.repeat(25)].map(
        (offset): [Buffer, string] => [
          gpxForm(xml, offset),
          'The offset must be a number of seconds.',
        ],
      ),
      [gpxForm(xml, '10\u0000'), 'body.offset: contains a character that cannot be stored'],
      [
        gpxForm(xml, '0', 'ride\u0000.gpx'),
        'filename.0: contains a character that cannot be stored',
      ],
      [gpxForm(xml, 'x'.repeat(300)), 'body.offset: must be at most 200 bytes'],
    ];
    for (const [body, message] of cases) {
      for (const send of [preview, save]) {
        const res: Answer = await send(v.url, body);
        expect({ status: res.status, message: res.body.message }).toEqual({
          status: res.status === 413 ? 413 : 400,
          message,
        });
        expect(res.body.message).toBe(message);
      }
    }
    expect(await slopeState(s, v.id)).toEqual(before);
    expect(await scratchEntries(s)).toBe(0);
  });

  it('keeps a safe, bounded file name', async () => {
    const v = await cameraVideo();
    const long = `${'é'.repeat(300)}.gpx`;
    const res = await save(v.url, gpxForm(climbGpx(CLIMB), '100', `C:\\rides\\${long}`));
    expect(res.status).toBe(200);
    const name = (res.body as unknown as Race).gpx_upload_filename!;
    expect([...name]).toHaveLength(200);
    expect(name.endsWith('é.gpx')).toBe(true);
    const odd = await save(v.url, gpxForm(climbGpx(CLIMB), '100', '../\u202Eevil\u0007.gpx'));
    expect((odd.body as unknown as Race).gpx_upload_filename).toBe('evil.gpx');
  });
});
