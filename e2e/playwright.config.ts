import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { OWN_SERVER_PORTS, ownServerUrl } from './support/ownServer.js';
import { e2eServerEnv } from './support/server-env.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = '8181';
const baseURL = `http://127.0.0.1:${port}`;

// Computed once in the runner; worker processes inherit it, so specs read the same outbox.
process.env.E2E_DATA_DIR ??= path.join(here, '.data', `run-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

/** The local tracker the Connect Device specs reach (support/tracker.ts has the same port). */
const trackerPort = '47110';
/** Pages the tracker accepts: this app's, and those of the specs' own servers (ride-outage). */
const trackerOrigins = [baseURL, ...Object.values(OWN_SERVER_PORTS).map(ownServerUrl)];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // A fake microphone (a tone) that needs no permission prompt: the voiceover recorder.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: [
    {
      command: 'node ../apps/server/dist/main.js',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: e2eServerEnv(port, baseURL, dataDir),
    },
    {
      // The trainer bridge with its simulator, accepting this app's origins.
      command: [
        `node ../apps/tracker/dist/main.js --simulate --port ${trackerPort}`,
        ...trackerOrigins.map((origin) => `--allow-origin ${origin}`),
      ].join(' '),
      url: `http://127.0.0.1:${trackerPort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        // A fresh remembered-devices file per run.
        TRACKER_DATA_DIR: path.join(dataDir, 'tracker'),
        TRACKER_PORT: '',
        TRACKER_ALLOWED_ORIGINS: '',
      },
    },
  ],
});
