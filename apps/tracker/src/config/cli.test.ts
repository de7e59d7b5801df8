import path from 'node:path';
import { TRACKER_DEFAULT_PORT } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { CliError, parseCli, type TrackerConfig } from './cli.js';
import { DEFAULT_ALLOWED_ORIGINS } from './origins.js';

const HOME = '/home/rider';
const run = (argv: string[], env: NodeJS.ProcessEnv = {}): TrackerConfig => {
  const r = parseCli(argv, env, HOME);
  if (r.kind !== 'run') throw new Error(`expected run, got ${r.kind}`);
  return r.config;
};
const error = (argv: string[], env: NodeJS.ProcessEnv = {}): string => {
  try {
    parseCli(argv, env, HOME);
  } catch (e) {
    if (e instanceof CliError) return e.message;
    throw e;
  }
  throw new Error('expected a CliError');
};

describe('parseCli', () => {
  it('has defaults: port 47100, the default origins, ~/.ridealong/tracker.json', () => {
    expect(run([])).toEqual({
      port: TRACKER_DEFAULT_PORT,
      allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS],
      simulate: false,
      dataFile: path.join(HOME, '.ridealong', 'tracker.json'),
    });
  });

  it('reads the environment', () => {
    const config = run([], {
      TRACKER_PORT: '47200',
      TRACKER_ALLOWED_ORIGINS: 'http://a.test:1, https://b.test/ ,',
      TRACKER_DATA_DIR: '/var/lib/tracker',
    });
    expect(config.port).toBe(47200);
    expect(config.allowedOrigins).toEqual([
      ...DEFAULT_ALLOWED_ORIGINS,
      'http://a.test:1',
      'https://b.test',
    ]);
    expect(config.dataFile).toBe('/var/lib/tracker/tracker.json');
  });

  it('lets options win over the environment and adds repeated origins', () => {
    const config = run(
      [
        '--port',
        '0',
        '--allow-origin',
        'http://x.test',
        '--allow-origin=http://y.test',
        '--simulate',
      ],
      { TRACKER_PORT: '47200', TRACKER_ALLOWED_ORIGINS: 'http://x.test' },
    );
    expect(config.port).toBe(0);
    expect(config.simulate).toBe(true);
    expect(config.allowedOrigins.slice(-2)).toEqual(['http://x.test', 'http://y.test']);
  });

  it('names the bad value', () => {
    expect(error(['--port', 'abc'])).toBe(
      "--port: must be a port number from 0 to 65535, got 'abc'.",
    );
    expect(error(['--port', '70000'])).toContain('--port');
    expect(error([], { TRACKER_PORT: '-1' })).toContain('TRACKER_PORT');
    expect(error(['--allow-origin', 'localhost:3000/app'])).toContain(
      "--allow-origin: 'localhost:3000/app' is not an origin",
    );
    expect(error([], { TRACKER_ALLOWED_ORIGINS: 'ftp://x' })).toContain('TRACKER_ALLOWED_ORIGINS');
    expect(error(['--bogus'])).toContain("'--bogus'");
    expect(error(['--port'])).toContain('--port');
  });

  it('answers help and version', () => {
    expect(parseCli(['--help'], {}, HOME)).toEqual({ kind: 'help' });
    expect(parseCli(['-v'], {}, HOME)).toEqual({ kind: 'version' });
  });
});
