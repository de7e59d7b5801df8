import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { numberArray } from '../../db/sql-arrays.js';
import { planMerge, type StandingsLevel } from './history-standings-levels.js';
import { breathe } from './points-repository.js';
import { lastAllowedSecond } from './ride-bounds.js';

export type StandingsBuildOptions = {
  /** Every K-th place of a level is a mark: a level's count reads at most K rows past one. */
  markEvery: number;
  /** Level 0's capacity (level i holds base * 2^i rides); the sweep's delta threshold. */
  levelBase: number;
  /** Rows a statement writes or reads at most, so PGlite's event loop gets turns between. */
  rowsPerStatement: number;
  /** How long a claim holds; renewed after every statement. */
  leaseMs: number;
};

export const STANDINGS_BUILD_DEFAULTS: StandingsBuildOptions = {
  markEvery: 64,
  levelBase: 64,
  rowsPerStatement: 20_000,
  leaseMs: 120_000,
};

/** What a build did: the level it wrote, its rides, and the rows it wrote (marks left out). */
export type BuildResult = { level: number; rides: number; rowsWritten: number };

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;
/** Second ranges [lo, hi] of about `rows` rows each, for `rides` rides a second. */
function* chunks(from: number, to: number, rides: number, rows: number) {
  const step = Math.max(1, Math.floor(rows / Math.max(1, rides)));
  for (let lo = from; lo <= to; lo += step) yield [lo, Math.min(to, lo + step - 1)] as const;
}

/**
 * Builds a video's history standings (docs/ride.md, 'History leaderboard') by the logarithmic
 * method, one process at a time (a lease on its state row): the rides saved since the last
 * build and the live levels 0..k (planMerge) are written as a new build of level k (their rows,
 * removed rides left out, then the level's marks), which one short transaction makes live; the
 * builds it replaced are deleted by the next build, after any answer reading them has ended.
 * The cost is the merged level's size times the seconds, so each saved ride is rewritten
 * about log2(rides / 64) times in all. A build cut short is dropped and redone by the next.
 * Returns null when another process holds the video.
 */
export async function buildStandings(
  db: Db,
  raceId: number,
  options: Partial<StandingsBuildOptions> = {},
): Promise<BuildResult | null> {
  const opts = { ...STANDINGS_BUILD_DEFAULTS, ...options };
  const claim = await claimBuild(db, raceId, opts.leaseMs);
  if (!claim) return null;
  const b = claim.build;
  const h0 = claim.horizon;
  const renew = async () => {
    await breathe();
    const r = await db.execute(sql`
      update race_standings_state set lease_until = now() + ${opts.leaseMs}::int * interval '1 ms'
      where race_id = ${raceId} and claims = ${b} returning race_id`);
    if (rowsOf(r).length === 0)
      throw new Error(`standings build of video ${raceId} lost its lease`);
  };
  const exec = async (q: ReturnType<typeof sql>) => {
    await db.execute(q);
    await renew();
  };

  const levels = rowsOf<StandingsLevel>(
    await db.execute(sql`select level, build, rides from race_standing_levels
                          where race_id = ${raceId} order by level`),
  ).map((l) => ({ level: Number(l.level), build: Number(l.build), rides: Number(l.rides) }));
  await dropBuilds(db, raceId, claim.dropped, h0, opts.rowsPerStatement, renew);
  // Removed rides no live level holds any more (their level was rebuilt, or never built).
  await exec(sql`
    delete from race_standings_removed rm where rm.race_id = ${raceId} and not exists (
      select 1 from race_standings rs where rs.track_id = rm.track_id and rs.second = ${h0}::int
         and rs.build = any(${numberArray(levels.map((l) => l.build))}))`);

  const [head] = rowsOf<{ target: number; duration: number; last: number | null }>(
    await db.execute(sql`
      select coalesce((select saved from race_history_versions where race_id = ${raceId}), 0) as target,
             (select duration from races where id = ${raceId}) as duration,
             (select max(last_elapsed_time) from tracks where race_id = ${raceId}
                and status = 'saved' and history_seq > ${claim.builtSeq}) as last`),
  );
  const target = Number(head?.target ?? 0);
  // Every level's rides reach the horizon, which is past every ride's end: one more second
  // than a video's length allows, or a longer ride's end (a video whose duration grew).
  const horizon = Math.max(
    h0,
    lastAllowedSecond(Number(head?.duration ?? 0)),
    Number(head?.last ?? -1),
  );
  // The removals this build leaves out: the same ones at every second, so a level stays whole.
  const [snap] = rowsOf<{ id: number | null }>(
    await db.execute(
      sql`select max(id) as id from race_standings_removed where race_id = ${raceId}`,
    ),
  );
  const removedUpTo = Number(snap?.id ?? 0);
  const plan = planMerge(levels, target - claim.builtSeq, opts.levelBase);
  const merged = plan.merged.map((l) => l.build);
  const mergedRides = plan.merged.reduce((n, l) => n + l.rides, 0);

  // The merged levels' rows, less their removed rides, up to the old horizon.
  for (const [lo, hi] of merged.length ? chunks(0, h0, mergedRides, opts.rowsPerStatement) : []) {
    await exec(sql`
      insert into race_standings (race_id, build, second, sum, track_id)
      select race_id, ${b}::int, second, sum, track_id from race_standings
       where race_id = ${raceId} and build = any(${numberArray(merged)})
         and second between ${lo}::int and ${hi}::int
         and track_id not in (select track_id from race_standings_removed
                               where race_id = ${raceId} and id <= ${removedUpTo})
      on conflict do nothing`);
  }
  if (horizon > h0 && h0 >= 0) {
    // Every built ride had ended by the old horizon: it carries its sum there onwards, in the
    // new level and in the levels kept (their marks too: positions do not change after it).
    const kept = levels.filter((l) => l.level > plan.level);
    const builds = [b, ...kept.map((l) => l.build)];
    const rides = mergedRides + kept.reduce((n, l) => n + l.rides, 0);
    for (const [lo, hi] of chunks(h0 + 1, horizon, rides, opts.rowsPerStatement)) {
      await exec(sql`
        insert into race_standings (race_id, build, second, sum, track_id)
        select race_id, build, g, sum, track_id from race_standings
          cross join generate_series(${lo}::int, ${hi}::int) g
        where race_id = ${raceId} and build = any(${numberArray(builds)}) and second = ${h0}::int
        on conflict do nothing`);
      await exec(sql`
        insert into race_standing_marks (race_id, build, second, position, sum, track_id)
        select race_id, build, g, position, sum, track_id from race_standing_marks
          cross join generate_series(${lo}::int, ${hi}::int) g
        where race_id = ${raceId} and build = any(${numberArray(builds.slice(1))})
          and second = ${h0}::int
        on conflict do nothing`);
    }
  }

  // The rides saved since the last build, a batch of seqs at a time.
  const perBatch = Math.max(1, Math.floor(opts.rowsPerStatement / (horizon + 1)));
  for (let lo = claim.builtSeq; lo < target; lo += perBatch) {
    const hi = Math.min(target, lo + perBatch);
    await exec(sql`
      with rides as (
        select t.id, t.last_elapsed_time as last from tracks t
        where t.race_id = ${raceId} and t.status = 'saved'
          and t.history_seq > ${lo} and t.history_seq <= ${hi})
      insert into race_standings (race_id, build, second, sum, track_id)
      select ${raceId}::int, ${b}::int, p.elapsed_time, p.accumulated_power, r.id
        from rides r join track_points p on p.track_id = r.id and p.elapsed_time <= r.last
      union all
      select ${raceId}::int, ${b}::int, g, p.accumulated_power, r.id
        from rides r join track_points p on p.track_id = r.id and p.elapsed_time = r.last
        cross join generate_series(r.last + 1, ${horizon}::int) g
      on conflict do nothing`);
  }

  const rides = await writeLevelMarks(db, raceId, b, horizon, opts, renew);
  const flipped = await db.transaction(async (tx) => {
    const r = await tx.execute(sql`
      update race_standings_state
         set built_seq = ${target}, horizon = ${horizon}, retired = ${numberArray(merged)},
             building = 0, lease_until = null
       where race_id = ${raceId} and claims = ${b} returning race_id`);
    if (rowsOf(r).length === 0) return false;
    await tx.execute(sql`
      delete from race_standing_levels where race_id = ${raceId} and level <= ${plan.level}`);
    if (rides > 0) {
      await tx.execute(sql`
        insert into race_standing_levels (race_id, level, build, rides)
        values (${raceId}, ${plan.level}, ${b}, ${rides})`);
    }
    return true;
  });
  if (!flipped) throw new Error(`standings build of video ${raceId} lost its lease`);
  return { level: plan.level, rides, rowsWritten: rides * (horizon + 1) };
}

/**
 * A level's marks (every K-th place of every second, its position within the level) and its
 * last mark (sum -Infinity, position = its rides); returns its rides. Reads the level only.
 */
export async function writeLevelMarks(
  db: Db,
  raceId: number,
  build: number,
  horizon: number,
  opts: Pick<StandingsBuildOptions, 'markEvery' | 'rowsPerStatement'>,
  renew: () => Promise<void> = breathe,
): Promise<number> {
  const [n] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from race_standings
                          where race_id = ${raceId} and build = ${build} and second = ${horizon}`),
  );
  const rides = Number(n?.n ?? 0);
  await db.execute(
    sql`delete from race_standing_marks where race_id = ${raceId} and build = ${build}`,
  );
  for (const [lo, hi] of rides > 0 ? chunks(0, horizon, rides, opts.rowsPerStatement) : []) {
    await db.execute(sql`
      with ranked as (
        select second, sum, track_id,
               row_number() over (partition by second order by sum desc nulls last, track_id nulls last)
                 - 1 as pos
          from race_standings
         where race_id = ${raceId} and build = ${build} and second between ${lo} and ${hi})
      insert into race_standing_marks (race_id, build, second, position, sum, track_id)
      select ${raceId}::int, ${build}::int, second, pos, sum, track_id from ranked
       where pos % ${opts.markEvery} = 0
      union all
      select ${raceId}::int, ${build}::int, g, coalesce(n.c, 0), '-Infinity'::float8, 0
        from generate_series(${lo}::int, ${hi}::int) g
        left join (select second, count(*)::int as c from ranked group by second) n
          on n.second = g`);
    await renew();
  }
  return rides;
}

/** Rows and marks of builds no longer live (replaced by the last merge, or cut short). */
async function dropBuilds(
  db: Db,
  raceId: number,
  builds: number[],
  horizon: number,
  rowsPerStatement: number,
  renew: () => Promise<void>,
): Promise<void> {
  if (builds.length === 0) return;
  const ids = numberArray(builds);
  // Rows per second of the dropped builds (a cut-short build may not reach the horizon).
  const [n] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from race_standings where race_id = ${raceId}
                          and build = any(${ids}) and second = ${Math.max(0, horizon)}`),
  );
  const last = rowsOf<{ s: number | null }>(
    await db.execute(sql`select max(second) as s from race_standing_marks
                          where race_id = ${raceId} and build = any(${ids})`),
  );
  const to = Math.max(horizon, Number(last[0]?.s ?? 0)) + 1;
  for (const [lo, hi] of chunks(0, to, Number(n?.n ?? 0), rowsPerStatement)) {
    await db.execute(sql`
      delete from race_standings where race_id = ${raceId} and build = any(${ids})
         and second between ${lo}::int and ${hi}::int`);
    await renew();
  }
  // Rows past the horizon (a cut-short build's extension), and the marks.
  await db.execute(sql`delete from race_standings where race_id = ${raceId}
                        and build = any(${ids}) and second > ${to}`);
  await db.execute(sql`delete from race_standing_marks where race_id = ${raceId}
                        and build = any(${ids})`);
  await db.execute(sql`update race_standings_state set retired = '{}' where race_id = ${raceId}`);
  await renew();
}

type Claim = { build: number; builtSeq: number; horizon: number; dropped: number[] };

/** Takes the video's build when nobody holds it (or a holder's lease ran out). */
async function claimBuild(db: Db, raceId: number, leaseMs: number): Promise<Claim | null> {
  await db.execute(sql`
    insert into race_standings_state (race_id)
    select id from races where id = ${raceId}
    on conflict do nothing`);
  const [row] = rowsOf<{
    claims: number;
    built_seq: number;
    horizon: number;
    retired: number[];
    abandoned: number;
  }>(
    await db.execute(sql`
      with old as (select building from race_standings_state where race_id = ${raceId})
      update race_standings_state
         set claims = claims + 1, building = claims + 1,
             lease_until = now() + ${leaseMs}::int * interval '1 ms'
       where race_id = ${raceId} and (lease_until is null or lease_until < now())
      returning claims, built_seq, horizon, retired, (select building from old) as abandoned`),
  );
  if (!row) return null;
  const abandoned = Number(row.abandoned ?? 0);
  return {
    build: Number(row.claims),
    builtSeq: Number(row.built_seq),
    horizon: Number(row.horizon),
    dropped: [...(row.retired ?? []).map(Number), ...(abandoned > 0 ? [abandoned] : [])],
  };
}

/** Videos with at least `threshold` rides saved since their last build, nobody building them. */
export async function videosDueABuild(db: Db, threshold: number, limit = 4): Promise<number[]> {
  const r = await db.execute(sql`
    select v.race_id from race_history_versions v
      left join race_standings_state s on s.race_id = v.race_id
     where (s.lease_until is null or s.lease_until < now())
       and v.saved - coalesce(s.built_seq, 0) >= ${threshold}
     order by v.saved - coalesce(s.built_seq, 0) desc
     limit ${limit}`);
  return rowsOf<{ race_id: number }>(r).map((x) => Number(x.race_id));
}
