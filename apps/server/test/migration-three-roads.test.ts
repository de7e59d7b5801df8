import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { eq, sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { challenges, jobs, userChallenges } from '../src/db/schema.js';
import { challengeJobHandlers, challengeJobPayloads } from '../src/modules/challenges/jobs.js';

/**
 * Migration 0019 swapped the Three Roads Tour's Alpine Pass for the Alpine Foothills; 0020
 * queues the recalculation of its members' progress. Driven as a deploy does it: a database
 * migrated up to 0018 holds the old tour and progress, then 0019 runs (the previous deploy),
 * then the rest, then the queued jobs run.
 */

const OLD = ['sample-coastal-rollers', 'sample-alpine-pass', 'sample-vineyard-hills'];
const NEW = ['sample-coastal-rollers', 'sample-alpine-foothills', 'sample-vineyard-hills'];
const EDITED = ['sample-coastal-rollers', 'sample-alpine-pass', 'admin-pick'];

type Journal = { entries: Array<{ idx: number }> };
const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

/** The committed migrations up to index `last` (inclusive), as a folder of their own. */
async function migrationsUpTo(last: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ra-migrations-'));
  scratch.push(dir);
  await cp(migrationsFolder(), dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(file, JSON.stringify(journal));
  return dir;
}

async function tour(db: Db, videoSubset: string[]): Promise<number> {
  const [row] = await db
    .insert(challenges)
    .values({
      title: 'Three Roads Tour',
      challengeType: 'RACE_BASED',
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
      videoSubset,
      participants: 1,
    })
    .returning({ id: challenges.id });
  return row!.id;
}

describe('migration 0020 (Three Roads Tour progress)', () => {
  it('recomputes the progress 0019 left counting the Alpine Pass, and leaves an edited tour alone', async () => {
    const client = new PGlite();
    const local = drizzle(client, { schema });
    const db: Db = local;
    try {
      await migrate(local, { migrationsFolder: await migrationsUpTo(18) });
      // In SQL: the schema's users table has columns added after 0018 (ride_mode, 0022).
      const inserted = (await db.execute(sql`insert into users (email, username, display_name)
        values ('rider@example.com', 'rider', 'Rider') returning id`)) as {
        rows: { id: number }[];
      };
      const userId = Number(inserted.rows[0]!.id);
      const swapped = await tour(db, OLD);
      const edited = await tour(db, EDITED);
      // Rode the Alpine Pass (Pro) and, for the edited tour, all three of its videos.
      await db.insert(userChallenges).values([
        {
          challengeId: swapped,
          userId,
          videosWatched: ['sample-alpine-pass'],
          currentTotal: 1,
          completionPercent: 1 / 3,
        },
        {
          challengeId: edited,
          userId,
          videosWatched: EDITED,
          currentTotal: 3,
          completionPercent: 1,
          complete: true,
          completedAt: new Date(),
        },
      ]);

      await migrate(local, { migrationsFolder: await migrationsUpTo(19) });
      const [afterSwap] = await db
        .select({ videoSubset: challenges.videoSubset })
        .from(challenges)
        .where(eq(challenges.id, swapped));
      expect(afterSwap?.videoSubset).toEqual(NEW);
      await migrate(local, { migrationsFolder: migrationsFolder() });

      const queued = await db.select().from(jobs);
      expect(queued.map((j) => [j.name, j.payload, j.state])).toEqual([
        ['challenge.recalculate', { challengeId: swapped }, 'queued'],
      ]);
      const handler = challengeJobHandlers(db)['challenge.recalculate'];
      for (const job of queued) {
        const payload = challengeJobPayloads['challenge.recalculate'].parse(job.payload);
        await handler.run(payload, {
          jobId: job.id,
          attempt: 1,
          maxAttempts: job.maxAttempts,
          signal: new AbortController().signal,
          progress: async () => undefined,
        });
      }

      const progress = await db
        .select({
          challengeId: userChallenges.challengeId,
          videosWatched: userChallenges.videosWatched,
          currentTotal: userChallenges.currentTotal,
          complete: userChallenges.complete,
        })
        .from(userChallenges)
        .orderBy(userChallenges.challengeId);
      expect(progress).toEqual([
        { challengeId: swapped, videosWatched: [], currentTotal: 0, complete: false },
        { challengeId: edited, videosWatched: EDITED, currentTotal: 3, complete: true },
      ]);
    } finally {
      await client.close();
    }
  });
});
