import path from 'node:path';
import { parseArgs } from 'node:util';
import { TRACKER_DEFAULT_PORT } from '@ridealong/contracts';
import { DEFAULT_ALLOWED_ORIGINS, normalizeOrigin } from './origins.js';

export interface TrackerConfig {
  port: number;
  allowedOrigins: string[];
  /** Connect the simulator at start. */
  simulate: boolean;
  /** The remembered-devices JSON file. */
  dataFile: string;
}

export type CliResult =
  { kind: 'run'; config: TrackerConfig } | { kind: 'help' } | { kind: 'version' };

/** A bad option or variable: the message names it and what is expected. */
export class CliError extends Error {
  override name = 'CliError';
}

export const HELP = `Usage: tracker [options]

The RideAlong tracker: a local Socket.IO service on 127.0.0.1 for smart trainers and sensors
(ANT+ USB stick, Bluetooth, or the built-in simulator).

Options:
  --port <n>            Port to listen on (default ${TRACKER_DEFAULT_PORT}; env TRACKER_PORT)
  --allow-origin <url>  Also accept web pages from this origin; repeatable
                        (env TRACKER_ALLOWED_ORIGINS, comma-separated)
  --simulate            Connect the simulator at start
  --data-dir <dir>      Where tracker.json (remembered devices) is kept
                        (default ~/.ridealong; env TRACKER_DATA_DIR)
  -h, --help            Show this help
  -v, --version         Show the version

Always allowed: ${DEFAULT_ALLOWED_ORIGINS.join(', ')}
`;

function parsePort(value: string, name: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new CliError(`${name}: must be a port number from 0 to 65535, got '${value}'.`);
  }
  return port;
}

function parseOrigins(values: readonly string[], name: string): string[] {
  return values
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => {
      const origin = normalizeOrigin(v);
      if (!origin) {
        throw new CliError(
          `${name}: '${v}' is not an origin; write it like http://localhost:3000 (no path).`,
        );
      }
      return origin;
    });
}

/** Options win over environment variables; origins from both add to the defaults. */
export function parseCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  homeDir: string,
): CliResult {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        simulate: { type: 'boolean' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (e) {
    throw new CliError(`${e instanceof Error ? e.message : String(e)} Run 'tracker --help'.`);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const envPort = env.TRACKER_PORT?.trim() ? parsePort(env.TRACKER_PORT, 'TRACKER_PORT') : null;
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : (envPort ?? TRACKER_DEFAULT_PORT);
  const origins = [
    ...DEFAULT_ALLOWED_ORIGINS,
    ...parseOrigins((env.TRACKER_ALLOWED_ORIGINS ?? '').split(','), 'TRACKER_ALLOWED_ORIGINS'),
    ...parseOrigins(values['allow-origin'] ?? [], '--allow-origin'),
  ];
  const dataDir = values['data-dir'] ?? env.TRACKER_DATA_DIR?.trim();
  if (dataDir === '') throw new CliError('--data-dir: must not be empty.');
  return {
    kind: 'run',
    config: {
      port,
      allowedOrigins: [...new Set(origins)],
      simulate: values.simulate ?? false,
      dataFile: path.resolve(dataDir || path.join(homeDir, '.ridealong'), 'tracker.json'),
    },
  };
}
