import { CHALLENGE, type Challenge } from '@ridealong/contracts';

/** The query of GET /challenge/deactivated/index for the page starting at `start`. */
export function pastPageQuery(
  start: number,
  userId: string,
  pageSize: number = CHALLENGE.deactivatedPageSize,
) {
  return { user_id: userId === '' ? undefined : userId, start, paginate: pageSize };
}

/**
 * Where the next page of past challenges starts, or undefined once start + rows reaches the
 * count (docs/challenges.md 'Past list count'). An empty page ends it too, so a count that
 * shrank meanwhile cannot make it loop.
 */
export function nextPastStart(start: number, rows: number, count: number): number | undefined {
  const next = start + rows;
  return rows > 0 && next < count ? next : undefined;
}

/** The loaded pages as one list; a challenge that moved between pages is listed once. */
export function mergePastPages(pages: ReadonlyArray<{ rows: Challenge[] }>): Challenge[] {
  const seen = new Set<number>();
  const all: Challenge[] = [];
  for (const page of pages) {
    for (const row of page.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      all.push(row);
    }
  }
  return all;
}

/** Resolves after `ms`, or rejects at once when the query is cancelled meanwhile. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
