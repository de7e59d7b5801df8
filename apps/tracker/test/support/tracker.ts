import { afterEach } from 'vitest';
import { DEFAULT_ALLOWED_ORIGINS } from '../../src/config/origins.js';
import { silentLogger } from '../../src/log.js';
import {
  createTrackerServer,
  type TrackerServer,
  type TrackerServerOptions,
} from '../../src/server.js';
import { memoryRememberedDevices } from '../../src/store/remembered-devices.js';
import { connectClient, type TrackerClient } from './client.js';

type StartOptions = Partial<TrackerServerOptions> & Pick<TrackerServerOptions, 'sources'>;

/**
 * Starts trackers on free ports and connects clients; everything is closed after each test.
 * Call once at the top of a test file.
 */
export function useTrackers() {
  const servers: TrackerServer[] = [];
  const clients: TrackerClient[] = [];

  afterEach(async () => {
    clients.splice(0).forEach((c) => c.disconnect());
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  return {
    async start(options: StartOptions): Promise<TrackerServer> {
      const server = await createTrackerServer({
        port: 0,
        allowedOrigins: DEFAULT_ALLOWED_ORIGINS,
        store: memoryRememberedDevices(),
        log: silentLogger,
        ...options,
      });
      servers.push(server);
      return server;
    },
    client(server: TrackerServer, origin?: string | null): TrackerClient {
      const c = connectClient(server.url, origin);
      clients.push(c);
      return c;
    },
  };
}
