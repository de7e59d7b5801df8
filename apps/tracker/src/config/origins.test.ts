import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_ORIGINS, normalizeOrigin, originPolicy, refusalFor } from './origins.js';

describe('normalizeOrigin', () => {
  it('lower-cases, drops a trailing slash and default ports', () => {
    expect(normalizeOrigin('HTTP://LocalHost:8080/')).toBe('http://localhost:8080');
    expect(normalizeOrigin('https://ridealong.app:443')).toBe('https://ridealong.app');
  });

  it('rejects paths, queries, other schemes and garbage', () => {
    for (const v of ['http://a.b/path', 'http://a.b/?x=1', 'file:///x', 'ws://a.b', 'nope', '']) {
      expect(normalizeOrigin(v)).toBeNull();
    }
  });
});

describe('originPolicy', () => {
  const policy = originPolicy([...DEFAULT_ALLOWED_ORIGINS, 'http://example.test:3000']);

  it('allows listed origins and requests without an Origin header', () => {
    expect(policy.allows('http://localhost:5173')).toBe(true);
    expect(policy.allows('http://example.test:3000')).toBe(true);
    expect(policy.allows(undefined)).toBe(true);
  });

  it('refuses everything else, including look-alikes and the opaque null origin', () => {
    for (const o of [
      'http://localhost:3000',
      'https://ridealong.app.evil.test',
      'null',
      'http://localhost',
    ]) {
      expect(policy.allows(o)).toBe(false);
    }
  });

  it('explains how to allow a refused page', () => {
    const r = refusalFor('http://localhost:3000');
    expect(r.reason).toBe('origin_not_allowed');
    expect(r.message).toMatch(/^This page \(http:\/\/localhost:3000\) may not use the tracker\./);
    expect(r.message).toContain('--allow-origin http://localhost:3000');
    expect(r.message).toContain('TRACKER_ALLOWED_ORIGINS');
  });
});
