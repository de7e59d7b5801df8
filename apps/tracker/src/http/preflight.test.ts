import { describe, expect, it } from 'vitest';
import { answerPreflight } from './preflight.js';

const allows = (o: string | undefined) => o === undefined || o === 'https://ridealong.app';

describe('answerPreflight', () => {
  it('grants private network access to an allowed origin', () => {
    const a = answerPreflight(
      {
        origin: 'https://ridealong.app',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
        'access-control-request-private-network': 'true',
      },
      allows,
    );
    expect(a.status).toBe(204);
    expect(a.headers).toMatchObject({
      'Access-Control-Allow-Origin': 'https://ridealong.app',
      'Access-Control-Allow-Private-Network': 'true',
      'Access-Control-Allow-Headers': 'content-type',
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    });
  });

  it('leaves the private network header out when it was not asked for', () => {
    const a = answerPreflight({ origin: 'https://ridealong.app' }, allows);
    expect(a.headers['Access-Control-Allow-Private-Network']).toBeUndefined();
    expect(a.headers['Access-Control-Allow-Origin']).toBe('https://ridealong.app');
  });

  it('refuses an origin not on the list, granting nothing', () => {
    const a = answerPreflight(
      { origin: 'https://evil.test', 'access-control-request-private-network': 'true' },
      allows,
    );
    expect(a.status).toBe(403);
    expect(Object.keys(a.headers).filter((h) => h.startsWith('Access-Control'))).toEqual([]);
  });
});
