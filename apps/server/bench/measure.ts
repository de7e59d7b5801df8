import { performance } from 'node:perf_hooks';

/** One kind of request: a name, a path, and a check that the answer is the expected one. */
export type Scenario = {
  name: string;
  path: string;
  kind: 'search' | 'baseline';
  check?: (body: unknown) => string | null;
  /** Sent with each request (a member's session token). */
  headers?: Record<string, string>;
  /** GET unless said (counting an ad's impression is a POST). */
  method?: 'GET' | 'POST';
  /** The expected status, 200 unless said (a 204 has no body: checked as null). */
  status?: number;
};

export type Stats = { name: string; n: number; p50: number; p99: number; perSecond: number };

/** The q-quantile (0..1) by the nearest-rank method. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export function stats(name: string, ms: number[], wallMs?: number): Stats {
  const sorted = [...ms].sort((a, b) => a - b);
  const total = wallMs ?? ms.reduce((a, b) => a + b, 0);
  return {
    name,
    n: ms.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    perSecond: (ms.length / total) * 1000,
  };
}

/** Rounds are measured in this many consecutive batches (see quietest). */
export const BATCHES = 3;

/**
 * A kind's figures from its quietest batch (lowest p99) of BATCHES consecutive ones: on a shared
 * 2-core machine a stall of a second lands on one request or another by chance, and with a few
 * requests making a p99 one stall decides a ratio. Every kind gets the same chance when the
 * rounds are interleaved.
 */
export function quietest(name: string, ms: number[]): Stats {
  const size = Math.ceil(ms.length / BATCHES);
  const batches = Array.from({ length: BATCHES }, (_, b) =>
    stats(name, ms.slice(b * size, (b + 1) * size)),
  ).filter((s) => Number.isFinite(s.p99));
  return batches.reduce((best, s) => (s.p99 < best.p99 ? s : best));
}

/** Times one request, body included; throws on a wrong status or a failed check. */
export async function timed(baseUrl: string, s: Scenario): Promise<number> {
  const start = performance.now();
  const res = await fetch(baseUrl + s.path, { method: s.method, headers: s.headers });
  const text = await res.text();
  const body: unknown = text === '' ? null : JSON.parse(text);
  const ms = performance.now() - start;
  if (res.status !== (s.status ?? 200))
    throw new Error(`${s.name}: HTTP ${res.status} ${JSON.stringify(body)}`);
  const problem = s.check?.(body);
  if (problem) throw new Error(`${s.name}: ${problem}`);
  return ms;
}

/**
 * Sequential rounds, each one request of every scenario in turn, so that a slow moment of the
 * machine hits all scenarios alike. Answers the latencies per scenario.
 */
export async function sequential(
  baseUrl: string,
  scenarios: Scenario[],
  rounds: number,
): Promise<Map<Scenario, number[]>> {
  const out = new Map(scenarios.map((s) => [s, [] as number[]]));
  for (let r = 0; r < rounds; r++) {
    for (const s of scenarios) out.get(s)!.push(await timed(baseUrl, s));
  }
  return out;
}

/** `workers` clients in parallel, each going through the scenarios `rounds` times. */
export async function concurrent(
  baseUrl: string,
  scenarios: Scenario[],
  workers: number,
  rounds: number,
): Promise<{ ms: number[]; wallMs: number }> {
  const ms: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i < scenarios.length; i++) {
          // Each worker starts at a different scenario, so they do not move in step.
          const s = scenarios[(i + w) % scenarios.length]!;
          ms.push(await timed(baseUrl, s));
        }
      }
    }),
  );
  return { ms, wallMs: performance.now() - start };
}

const pad = (v: string, n: number) => v.padStart(n);

/** A plain text table: p50, p99, requests per second, and p99 as a multiple of the baseline's. */
export function table(rows: Stats[], baseline: Stats): string {
  const head = `${'request'.padEnd(44)}${pad('n', 6)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('req/s', 9)}${pad('p99/base', 10)}`;
  const lines = rows.map(
    (r) =>
      `${r.name.padEnd(44)}${pad(String(r.n), 6)}${pad(r.p50.toFixed(2), 9)}${pad(r.p99.toFixed(2), 9)}${pad(r.perSecond.toFixed(0), 9)}${pad(`${(r.p99 / baseline.p99).toFixed(1)}x`, 10)}`,
  );
  return [head, '-'.repeat(head.length), ...lines].join('\n');
}

/** Runs a bench's main and exits with its code (1 on an error, printed). */
export function runBench(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
