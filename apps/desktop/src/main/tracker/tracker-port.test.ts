import { TRACKER_DEFAULT_PORT } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { resolveTrackerPort, TRACKER_PORT_ENV } from './tracker-port.js';

describe('resolveTrackerPort', () => {
  it('is the contracts default without a flag or variable', () => {
    expect(resolveTrackerPort({ argv: [], env: {} })).toBe(TRACKER_DEFAULT_PORT);
  });

  it('takes the last flag over the environment', () => {
    const env = { [TRACKER_PORT_ENV]: '47200' };
    expect(resolveTrackerPort({ argv: [], env })).toBe(47200);
    expect(resolveTrackerPort({ argv: ['--tracker-port=1', '--tracker-port=47300'], env })).toBe(
      47300,
    );
  });

  it('skips bad values with a warning', () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    for (const bad of ['0', '65536', 'abc', '-1', '1e3', '99999999999']) {
      expect(resolveTrackerPort({ argv: [`--tracker-port=${bad}`], env: {} }, warn)).toBe(
        TRACKER_DEFAULT_PORT,
      );
    }
    expect(warnings).toHaveLength(6);
    expect(
      resolveTrackerPort(
        { argv: ['--tracker-port=x'], env: { [TRACKER_PORT_ENV]: '47201' } },
        warn,
      ),
    ).toBe(47201);
  });
});
