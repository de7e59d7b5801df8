import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { ALL_ROLES, parseRoles, roleArgument, roleList } from './roles.js';

describe('process roles', () => {
  it('are every role by default (no --role, no ROLE, or an empty ROLE)', () => {
    expect(loadConfig({}).roles).toEqual(ALL_ROLES);
    expect(loadConfig({ ROLE: '' }).roles).toEqual(ALL_ROLES);
    expect(roleList(ALL_ROLES)).toBe('api,realtime,worker');
  });

  it('read ROLE, and --role over it, in either form, spaces and case ignored', () => {
    expect(loadConfig({ ROLE: 'worker' }).roles).toEqual({
      api: false,
      realtime: false,
      worker: true,
    });
    expect(loadConfig({ ROLE: 'worker' }, ['--role=api, Realtime']).roles).toEqual({
      api: true,
      realtime: true,
      worker: false,
    });
    expect(loadConfig({}, ['--role', 'api,api']).roles).toEqual({
      api: true,
      realtime: false,
      worker: false,
    });
  });

  it.each([
    [
      { ROLE: 'api,wroker' },
      [],
      /ROLE: unknown role 'wroker' \(the roles are api, realtime, worker\)/,
    ],
    [{}, ['--role=api,admin'], /--role: unknown role 'admin'/],
    [{}, ['--role='], /--role: name at least one of api, realtime, worker/],
    [{}, ['--role'], /--role: --role needs a list/],
    [{}, ['--roles=worker'], /--role: unknown argument '--roles=worker'/],
  ])('stop the start on %o %o, naming the setting and the role', (env, argv, message) => {
    expect(() => loadConfig(env, argv)).toThrow(ConfigError);
    expect(() => loadConfig(env, argv)).toThrow(message);
  });

  it('parse as pure rules', () => {
    expect(parseRoles(' , ')).toEqual({
      ok: false,
      problem: expect.stringMatching(/at least one/),
    });
    expect(roleArgument([])).toEqual({ ok: true, value: null });
    expect(roleArgument(['--role=worker', '--role=api'])).toEqual({ ok: true, value: 'api' });
  });
});
