/**
 * Activity and route pages benchmark (npm run bench), on a fresh PostgreSQL database with the
 * real app on a random port; baseline: GET /healthz, in the same rounds.
 * - GET /tracks/{id}/series (the owner's activity page) of a saved 6-hour ride (21,600 s, the
 *   longest answer there is) and of a 10-minute one: p99 and answer size. Fails when the 6-hour
 *   p99 exceeds max(SERIES_RATIO x the baseline's, SERIES_LIMIT_MS), when an answer holds other
 *   than the ride's seconds, or when the cost grows faster than linearly in the seconds (time or
 *   bytes per second of the long ride over twice, resp. 1.5 times, the short ride's). The bytes
 *   on the wire are printed as asked with each encoding (the server does not compress yet).
 * - GET /race/{id}/route of 6-hour and 10-minute videos: with the summary stored, and without
 *   (the first read makes and keeps it; timed after removing it each round, then its later
 *   reads). Stored reads fail past max(ROUTE_RATIO x the baseline's, ROUTE_LIMIT_MS), first
 *   reads past the series' bound; the profile never holds more than ROUTE_PROFILE_MAX_POINTS,
 *   so both lengths answer the same size (fails past ROUTE_SIZE_RATIO).
 * Bounds are ratios to the baseline with absolute floors, so a loaded machine passes.
 *
 * Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL, BENCH_ROUNDS, BENCH_COLD_ROUNDS.
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ACTIVITY_SERIES_MAX_SECONDS, ROUTE_PROFILE_MAX_POINTS } from '@ridealong/contracts';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { routeSummary } from '../src/modules/race-route/summary.js';
import { envCount, withBenchServer } from './bench-server.js';
import { runBench, stats, table, type Stats } from './measure.js';

const SERIES_RATIO = 40;
const SERIES_LIMIT_MS = 400;
const ROUTE_RATIO = 5;
const ROUTE_LIMIT_MS = 25;
const ROUTE_SIZE_RATIO = 2;
const LONG = ACTIVITY_SERIES_MAX_SECONDS;
const SHORT = 600;
const ROUNDS = envCount('BENCH_ROUNDS', 60);
const COLD_ROUNDS = envCount('BENCH_COLD_ROUNDS', 15);
/** Videos 1..4: the rides' (summary stored), then the same lengths without a summary. */
const VIDEOS = [
  { url: 'long-ride', seconds: LONG, stored: true },
  { url: 'short-ride', seconds: SHORT, stored: true },
  { url: 'long-new', seconds: LONG, stored: false },
  { url: 'short-new', seconds: SHORT, stored: false },
];
const OWNER = 2;

/**
 * User 1 owns the videos, OWNER rode videos 1 and 2 (every second saved). Each video has a
 * rolling road (300 m swings over 20-minute waves); the stored summaries are made by the app's
 * own routeSummary, as saving a slope profile makes them.
 */
async function seed(client: pg.Client): Promise<void> {
  await client.query(`
    insert into users (email, username, display_name, email_verified)
    select 'page' || i || '@bench.test', 'page' || i, 'Page ' || i, true
      from generate_series(1, 2) i`);
  await client.query(
    `insert into races (url, title, user_id, status, duration, slope_source_id)
     select v.url, 'Bench ' || v.url, 1, 'ready', v.seconds, 2
       from unnest($1::text[], $2::int[]) with ordinality v(url, seconds, n) order by v.n`,
    [VIDEOS.map((v) => v.url), VIDEOS.map((v) => v.seconds)],
  );
  await client.query(`
    insert into race_slope_points (race_id, second, distance, elevation, speed, slope)
    select r.id, s, s * 8.3, 500 + 300 * sin(s / 1200.0), 8.3,
           round((300 * cos(s / 1200.0) / 1200.0 / 8.3 * 100)::numeric, 1)
      from races r cross join lateral generate_series(0, r.duration::int - 1) s`);
  await client.query(`
    insert into tracks (user_id, race_id, race_url, title, client_ride_id, status, started_at,
                        total_distance, duration, accumulated_power, last_elapsed_time)
    select ${OWNER}, r.id, r.url, r.title, 'page-' || r.id, 'saved', now() - interval '1 day',
           (r.duration - 1) * 8.3, r.duration, r.duration * 200, r.duration - 1
      from races r where r.url in ('long-ride', 'short-ride') order by r.id`);
  await client.query(`
    insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                              heart_rate, cadence, distance, speed, recorded_at)
    select t.id, t.race_id, s, (s + 1) * 200, 200 + 60 * sin(s / 97.0), 135 + 20 * sin(s / 600.0),
           85 + s % 11, s * 8.3, 8.3, t.started_at + make_interval(secs => s)
      from tracks t cross join lateral generate_series(0, t.last_elapsed_time) s`);
  for (const v of VIDEOS.filter((x) => x.stored)) {
    const { rows } = await client.query<{ id: number; distance: number; elevation: number }>(
      `select p.race_id as id, p.distance, p.elevation from race_slope_points p
         join races r on r.id = p.race_id where r.url = $1 order by p.second`,
      [v.url],
    );
    await client.query('insert into race_routes (race_id, summary) values ($1, $2::jsonb)', [
      rows[0]!.id,
      JSON.stringify(routeSummary(rows)),
    ]);
  }
  await client.query('vacuum analyze');
}

/** One page: its path, the member asking (token), its Accept-Encoding, a check of the answer. */
type Page = {
  name: string;
  path: string;
  token?: string;
  encoding?: string;
  check?: (b: unknown) => string | null;
};
type Timed = { ms: number[]; bytes: number };

/** Times one request, body included (its size in bytes); throws on a wrong status or check. */
async function timedGet(baseUrl: string, page: Page): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  // fetch decodes a compressed answer: the time includes compressing and decoding it.
  const res = await fetch(baseUrl + page.path, {
    headers: {
      ...(page.token ? { 'x-auth-token': page.token } : {}),
      ...(page.encoding ? { 'accept-encoding': page.encoding } : {}),
    },
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - start;
  const text = new TextDecoder().decode(body);
  if (res.status !== 200) throw new Error(`${page.name}: HTTP ${res.status} ${text.slice(0, 200)}`);
  const problem = page.check?.(JSON.parse(text));
  if (problem) throw new Error(`${page.name}: ${problem}`);
  return { ms, bytes: body.byteLength };
}

/** The bytes of a page's answer as sent (fetch would decode them), with its Content-Encoding. */
function wireBytes(baseUrl: string, page: Page): Promise<string> {
  const headers = { 'x-auth-token': page.token ?? '', 'accept-encoding': page.encoding ?? '' };
  return new Promise((resolve, reject) => {
    request(baseUrl + page.path, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve(`${bytes} (${res.headers['content-encoding'] ?? 'identity'})`));
    })
      .on('error', reject)
      .end();
  });
}

/** Sequential rounds of every page in turn (a slow moment hits them alike), as measure.ts. */
async function rounds(baseUrl: string, pages: Page[], n: number): Promise<Map<Page, Timed>> {
  const out = new Map(pages.map((p) => [p, { ms: [], bytes: 0 } as Timed]));
  for (let r = 0; r < n; r++) {
    for (const p of pages) {
      const { ms, bytes } = await timedGet(baseUrl, p);
      out.get(p)!.ms.push(ms);
      out.get(p)!.bytes = bytes;
    }
  }
  return out;
}

/** A series answer of exactly `seconds` seconds, every column as long. */
const seriesOf = (seconds: number) => (b: unknown) => {
  const s = b as Record<string, unknown[]>;
  const cols = ['elapsed_time', 'power', 'heart_rate', 'cadence', 'distance', 'grade', 'elevation'];
  const bad = cols.find((c) => s[c]?.length !== seconds);
  return bad ? `${bad} holds ${s[bad]?.length} seconds, not ${seconds}` : null;
};

/** A route answer with a profile of 2..ROUTE_PROFILE_MAX_POINTS points. */
const routeCheck = (b: unknown) => {
  const n = (b as { route: { profile: unknown[] } | null }).route?.profile.length ?? 0;
  return n >= 2 && n <= ROUTE_PROFILE_MAX_POINTS ? null : `profile of ${n} points`;
};

const bound = (base: Stats, ratio: number, floorMs: number) => Math.max(ratio * base.p99, floorMs);

async function main(): Promise<number> {
  return withBenchServer(
    `rides of ${LONG} and ${SHORT} s, ${VIDEOS.length} videos`,
    seed,
    async ({ baseUrl, database, databaseUrl }) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const token = await sessionStore(database.db, 3600_000).create(OWNER);
        return await measure(baseUrl, client, token);
      } finally {
        await client.end();
      }
    },
    // One member asks the series hundreds of times: past its per-member limit (429), which
    // would hide the cost measured here. test/activity-series-limits.test.ts covers the limit.
    { rateLimiter: { hit: async () => ({ allowed: true, retryAfterSeconds: 0 }) } },
  );
}

async function measure(baseUrl: string, client: pg.Client, token: string): Promise<number> {
  const ids = new Map(
    (await client.query<{ url: string; id: number }>('select url, id from races')).rows.map((r) => [
      r.url,
      r.id,
    ]),
  );
  const track = async (url: string) =>
    (await client.query<{ id: number }>('select id from tracks where race_url = $1', [url]))
      .rows[0]!.id;
  const healthz: Page = { name: 'GET /healthz (baseline)', path: '/healthz' };
  const series = async (
    url: string,
    seconds: number,
    label: string,
    encoding = 'identity',
  ): Promise<Page> => ({
    name: `series, ${label} ride (${seconds} s)${encoding === 'identity' ? '' : `, ${encoding}`}`,
    path: `/api/v1/tracks/${await track(url)}/series`,
    token,
    encoding,
    check: seriesOf(seconds),
  });
  const route = (url: string, label: string): Page => ({
    name: `route, ${label}`,
    path: `/api/v1/race/${ids.get(url)}/route`,
    check: routeCheck,
  });
  const seriesLong = await series('long-ride', LONG, '6-hour');
  const seriesShort = await series('short-ride', SHORT, '10-minute');
  const routes = [
    route('long-ride', `${LONG} s, stored`),
    route('short-ride', `${SHORT} s, stored`),
    route('long-new', `${LONG} s, after its first read`),
    route('short-new', `${SHORT} s, after its first read`),
  ];
  const newVideos = ['long-new', 'short-new'];
  const firsts = newVideos.map((url, i) => route(url, `${[LONG, SHORT][i]} s, first read`));
  const pages = [healthz, seriesLong, seriesShort, ...routes];

  console.log('bench: warming up');
  await rounds(baseUrl, [...pages, ...firsts], 5);

  // First reads: the summary removed before each (untimed), made and kept by the read.
  console.log(`bench: ${COLD_ROUNDS} first reads of each route without a summary`);
  const failures: string[] = [];
  const cold = new Map(firsts.map((p) => [p, { ms: [], bytes: 0 } as Timed]));
  for (let r = 0; r < COLD_ROUNDS; r++) {
    for (const [i, p] of firsts.entries()) {
      const raceId = ids.get(newVideos[i]!);
      await client.query('delete from race_routes where race_id = $1', [raceId]);
      const { ms, bytes } = await timedGet(baseUrl, p);
      cold.get(p)!.ms.push(ms);
      cold.get(p)!.bytes = bytes;
      const kept = await client.query('select 1 from race_routes where race_id = $1', [raceId]);
      if (kept.rowCount !== 1) failures.push(`${p.name}: the summary was not kept`);
    }
  }

  console.log(`bench: ${ROUNDS} sequential rounds`);
  const seq = await rounds(baseUrl, pages, ROUNDS);
  const measured = new Map([...seq, ...cold]);
  const row = (p: Page) => stats(p.name, measured.get(p)!.ms);
  const base = row(healthz);
  const rows = [...pages, ...firsts].map(row);
  console.log(`\n${table(rows, base)}\n`);

  const seriesBound = bound(base, SERIES_RATIO, SERIES_LIMIT_MS);
  const routeBound = bound(base, ROUTE_RATIO, ROUTE_LIMIT_MS);
  const limits = new Map<Page, number>([
    [seriesLong, seriesBound],
    ...routes.map((p): [Page, number] => [p, routeBound]),
    ...firsts.map((p): [Page, number] => [p, seriesBound]),
  ]);
  for (const p of [...pages, ...firsts]) {
    const r = row(p);
    const limit = limits.get(p);
    const ok = limit === undefined || r.p99 <= limit;
    if (!ok) failures.push(`${p.name}: p99 ${r.p99.toFixed(2)} ms > ${limit.toFixed(0)} ms`);
    console.log(
      `${p.name.padEnd(44)}${`${measured.get(p)!.bytes} bytes`.padStart(16)}` +
        (limit === undefined ? '' : `   p99 bound ${limit.toFixed(0)} ms: ${ok ? 'ok' : 'FAIL'}`),
    );
  }

  for (const encoding of ['identity', 'gzip', 'br']) {
    const bytes = await wireBytes(baseUrl, { ...seriesLong, encoding });
    console.log(`series 6 h asked with ${encoding.padEnd(8)}: ${bytes} bytes on the wire`);
  }

  // Growth with the ride's length: at most linear (per second, long against short).
  const long = row(seriesLong);
  const short = row(seriesShort);
  const seconds = LONG / SHORT;
  const timeRatio = long.p50 / short.p50;
  const byteRatio = measured.get(seriesLong)!.bytes / measured.get(seriesShort)!.bytes;
  console.log(
    `\nseries 6 h / 10 min: ${seconds}x the seconds, p50 ${timeRatio.toFixed(1)}x, ` +
      `p99 ${(long.p99 / short.p99).toFixed(1)}x, bytes ${byteRatio.toFixed(1)}x`,
  );
  if (timeRatio > 2 * seconds) failures.push(`series time grew ${timeRatio.toFixed(1)}x`);
  if (byteRatio > 1.5 * seconds) failures.push(`series size grew ${byteRatio.toFixed(1)}x`);
  const routeSize = measured.get(routes[0]!)!.bytes / measured.get(routes[1]!)!.bytes;
  console.log(`route 6 h / 10 min answer size: ${routeSize.toFixed(2)}x`);
  if (routeSize > ROUTE_SIZE_RATIO) failures.push(`route size grew ${routeSize.toFixed(2)}x`);

  for (const f of failures) console.error(`FAIL ${f}`);
  console.log(failures.length === 0 ? 'activity pages: PASS' : 'activity pages: FAIL');
  return failures.length === 0 ? 0 : 1;
}

runBench(main);
