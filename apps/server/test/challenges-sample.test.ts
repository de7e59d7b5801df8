import { describe, expect, it } from 'vitest';
import { challenges } from '../src/db/schema.js';
import { challengesRepository } from '../src/modules/challenges/repository.js';
import { SAMPLE_VIDEOS } from '../src/sample/catalogue-content.js';
import { ensureSampleChallenges, SAMPLE_CHALLENGES } from '../src/sample/challenges.js';
import { backends } from './harness.js';

/** The sample challenges of a fresh install: made once, whoever starts first. */

describe.each(backends)('sample challenges ($name)', (backend) => {
  it('makes four running (one featured, a race over catalogue videos) and two past, once', async () => {
    const database = await backend.open();
    try {
      const now = new Date('2026-11-05T10:00:00Z');
      // Two processes starting together, then a restart: one set.
      const made = await Promise.all([
        ensureSampleChallenges(database.db, now),
        ensureSampleChallenges(database.db, now),
      ]);
      expect(made.sort()).toEqual([0, SAMPLE_CHALLENGES.length]);
      expect(await ensureSampleChallenges(database.db, now)).toBe(0);
      const rows = await database.db.select().from(challenges);
      expect(rows).toHaveLength(6);

      const repo = challengesRepository(database.db);
      const active = await repo.active(now, 50);
      expect(active.map((c) => c.challengeType)).toEqual([
        'TIME_BASED',
        'DISTANCE_BASED',
        'RACE_BASED',
        'RIDE_BASED',
      ]);
      expect(active[0]).toMatchObject({ featured: true, goal: 60 });
      for (const c of active) {
        expect(c.startsAt < now && c.endsAt.getTime() > now.getTime() + 50 * 86_400_000).toBe(true);
      }
      const race = active.find((c) => c.challengeType === 'RACE_BASED')!;
      const catalogue = SAMPLE_VIDEOS.map((v) => v.url);
      expect(race.videoSubset).toHaveLength(3);
      for (const url of race.videoSubset) expect(catalogue).toContain(url);
      expect((await repo.past(now, 0, 10)).count).toBe(2);
    } finally {
      await database.close();
      await database.drop();
    }
  });
});
