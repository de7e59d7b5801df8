import { Worker } from 'node:worker_threads';

/**
 * Asks GET /healthz back to back (a pause of `gapMs` between answers) from a worker thread, so
 * the bench's own busy event loop (a thousand socket clients) does not delay the probe and is
 * not measured as the server's latency. `stop` answers every latency measured, in ms (a failed
 * request's too), and the failures.
 */
/** Latencies (ms), when each request was sent (ms since the epoch), failures. */
export type ProbeResult = { ms: number[]; at: number[]; failures: string[] };

export function healthzProbe(baseUrl: string, gapMs = 10): { stop: () => Promise<ProbeResult> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { performance } = require('node:perf_hooks');
    const ms = [];
    const at = [];
    const failures = [];
    let running = true;
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const t = performance.now();
        try {
          const res = await fetch(workerData.url);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push('HTTP ' + res.status);
        } catch (e) {
          failures.push(String(e && e.cause ? e.cause : e));
        }
        ms.push(performance.now() - t);
        at.push(t + performance.timeOrigin);
        await new Promise((r) => setTimeout(r, workerData.gapMs));
      }
      parentPort.postMessage({ ms, at, failures });
    })().catch((e) => { parentPort.postMessage({ error: String(e) }); });
  `;
  const worker = new Worker(code, { eval: true, workerData: { url: `${baseUrl}/healthz`, gapMs } });
  const result = new Promise<ProbeResult>((resolve, reject) => {
    worker.once('message', (m: ProbeResult | { error: string }) =>
      'ms' in m ? resolve(m) : reject(new Error(m.error)),
    );
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await result;
      } finally {
        await worker.terminate();
      }
    },
  };
}
