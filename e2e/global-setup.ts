import { ensureSampleServer, stopSampleServer } from './support/sampleServer.js';

/** The specs that use the sample server: a run of other specs alone does not start it. */
const SAMPLE_SPECS = ['desktop-demo.spec.ts', 'plans-content.spec.ts'];

/**
 * A whole run starts the sample content server first, so its catalogue is made while the specs
 * before desktop-demo and plans-content run; the returned function (Playwright's teardown)
 * stops it, also when a spec started it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const specs = process.argv.filter((a) => a.endsWith('.spec.ts'));
  if (specs.length === 0 || specs.some((s) => SAMPLE_SPECS.some((n) => s.endsWith(n)))) {
    await ensureSampleServer();
  }
  return stopSampleServer;
}
