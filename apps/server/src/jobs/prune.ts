import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';

/**
 * Deletes finished jobs that ended (updated_at) before their cutoff: 'done' before `done`,
 * 'failed' before `failed`. Queued and running jobs are never matched. One conditional DELETE,
 * so several processes pruning at once simply delete nothing the second time.
 */
export async function pruneFinishedJobs(
  db: Db,
  cutoffs: { done: Date; failed: Date },
): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, 'done'), lt(jobs.updatedAt, cutoffs.done)),
        and(eq(jobs.state, 'failed'), lt(jobs.updatedAt, cutoffs.failed)),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
