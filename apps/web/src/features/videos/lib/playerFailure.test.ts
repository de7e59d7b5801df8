import { describe, expect, it } from 'vitest';
import { classifyPlayerError, forbiddenRequestUri, shakaRetryParameters } from './playerFailure';

const network = (code: number, status?: number) => ({
  category: 1,
  code,
  data: ['https://example.test/seg.m4s', status],
});

describe('classifyPlayerError', () => {
  it('waits out a connection that is away', () => {
    expect(classifyPlayerError(network(1002))).toBe('transient');
    expect(classifyPlayerError(network(1003))).toBe('transient');
    for (const status of [500, 502, 503, 504, 429, 408]) {
      expect(classifyPlayerError(network(1001, status))).toBe('transient');
    }
  });

  it('gives up on missing, forbidden or not-ready media', () => {
    for (const status of [403, 404, 409, 410]) {
      expect(classifyPlayerError(network(1001, status))).toBe('fatal');
    }
  });

  it('gives up on decode, manifest and unknown errors', () => {
    expect(classifyPlayerError({ category: 3, code: 3016, data: [] })).toBe('fatal');
    expect(classifyPlayerError({ category: 4, code: 4001, data: [] })).toBe('fatal');
    expect(classifyPlayerError(new Error('boom'))).toBe('fatal');
    expect(classifyPlayerError(null)).toBe('fatal');
  });

  it('ignores a load the player itself interrupted', () => {
    expect(classifyPlayerError({ category: 7, code: 7000, data: [] })).toBe('interrupted');
    expect(classifyPlayerError({ category: 7, code: 7001, data: [] })).toBe('interrupted');
  });
});

describe('shakaRetryParameters', () => {
  it('follows the policy: 0.5 s doubling, ±50%, attempts until the 8 s delay', () => {
    expect(shakaRetryParameters()).toMatchObject({
      maxAttempts: 6,
      baseDelay: 500,
      backoffFactor: 2,
      fuzzFactor: 0.5,
    });
  });
});

describe('forbiddenRequestUri', () => {
  it('gives the URI of a request answered 403', () => {
    expect(forbiddenRequestUri(network(1001, 403))).toBe('https://example.test/seg.m4s');
    expect(forbiddenRequestUri({ category: 1, code: 1001, data: [undefined, 403] })).toBeNull();
  });

  it('is undefined for any other error', () => {
    expect(forbiddenRequestUri(network(1001, 404))).toBeUndefined();
    expect(forbiddenRequestUri(network(1001, 503))).toBeUndefined();
    expect(forbiddenRequestUri(network(1002))).toBeUndefined();
    expect(forbiddenRequestUri({ category: 3, code: 1001, data: ['x', 403] })).toBeUndefined();
    expect(forbiddenRequestUri(new Error('403'))).toBeUndefined();
  });
});
