import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_CLIENT = { id: '4711', secret: 'fake-strava-secret' } as const;

type Athlete = { id: number; firstname: string; lastname: string };

/**
 * A local fake of Strava's OAuth (API v3) on node:http, reached through STRAVA_BASE_URL:
 * POST /oauth/token (authorization_code, refresh_token with rotation) and /oauth/deauthorize,
 * form-encoded like Strava's. Tests hand out codes, script refusals and read what was asked.
 */
export type FakeStravaOAuth = {
  url: string;
  /** A code Strava would put in the callback: single-use, for `athlete`. */
  code: (athlete?: Partial<Athlete>) => string;
  /** Access tokens issued, newest last (to look for them in answers and tables). */
  issued: { access: string; refresh: string }[];
  calls: { exchange: number; refresh: number; deauthorize: string[] };
  /** Lifetime of the tokens it issues (below the refresh margin: refreshed at once). */
  expiresIn: number;
  /** The refresh answers this status (400: refused, 503: away); null: normal. */
  refreshFails: number | null;
  deauthorizeFails: boolean;
  /** Each refresh takes this long (so concurrent askers overlap). */
  refreshDelayMs: number;
  close: () => Promise<void>;
};

export async function fakeStravaOAuth(): Promise<FakeStravaOAuth> {
  const codes = new Map<string, Athlete>();
  const refreshTokens = new Map<string, Athlete>();
  const accessTokens = new Set<string>();
  let nextAthlete = 9_000_001;
  const tok = (kind: string) => `${kind}-${randomBytes(12).toString('hex')}`;

  const fake: FakeStravaOAuth = {
    url: '',
    issued: [],
    calls: { exchange: 0, refresh: 0, deauthorize: [] },
    expiresIn: 6 * 3600,
    refreshFails: null,
    deauthorizeFails: false,
    refreshDelayMs: 0,
    code: (athlete = {}) => {
      const code = tok('code');
      codes.set(code, {
        id: athlete.id ?? nextAthlete++,
        firstname: athlete.firstname ?? 'Fay',
        lastname: athlete.lastname ?? 'Rider',
      });
      return code;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };

  const issue = (athlete: Athlete) => {
    const set = { access: tok('access'), refresh: tok('refresh') };
    fake.issued.push(set);
    accessTokens.add(set.access);
    refreshTokens.set(set.refresh, athlete);
    return {
      token_type: 'Bearer',
      access_token: set.access,
      refresh_token: set.refresh,
      expires_at: Math.floor(Date.now() / 1000) + fake.expiresIn,
      expires_in: fake.expiresIn,
    };
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const p = new URLSearchParams(raw);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const bad = (resource: string, field: string) =>
        send(400, { message: 'Bad Request', errors: [{ resource, field, code: 'invalid' }] });
      if (req.method === 'POST' && path === '/oauth/token') {
        if (
          p.get('client_id') !== FAKE_CLIENT.id ||
          p.get('client_secret') !== FAKE_CLIENT.secret
        ) {
          return bad('Application', 'client_id');
        }
        if (p.get('grant_type') === 'authorization_code') {
          fake.calls.exchange++;
          const athlete = codes.get(p.get('code') ?? '');
          if (!athlete) return bad('AuthorizationCode', 'code');
          codes.delete(p.get('code') ?? '');
          return send(200, { ...issue(athlete), athlete: { ...athlete, resource_state: 2 } });
        }
        if (p.get('grant_type') === 'refresh_token') {
          fake.calls.refresh++;
          setTimeout(() => {
            if (fake.refreshFails !== null) {
              return fake.refreshFails >= 500
                ? send(fake.refreshFails, { message: 'Service Unavailable' })
                : bad('RefreshToken', 'refresh_token');
            }
            const old = p.get('refresh_token') ?? '';
            const athlete = refreshTokens.get(old);
            if (!athlete) return bad('RefreshToken', 'refresh_token');
            refreshTokens.delete(old);
            send(200, issue(athlete));
          }, fake.refreshDelayMs);
          return;
        }
        return bad('Application', 'grant_type');
      }
      if (req.method === 'POST' && path === '/oauth/deauthorize') {
        const token = p.get('access_token') ?? '';
        fake.calls.deauthorize.push(token);
        if (fake.deauthorizeFails) return send(500, { message: 'Internal Server Error' });
        if (!accessTokens.delete(token)) {
          return send(401, {
            message: 'Authorization Error',
            errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
          });
        }
        return send(200, { access_token: token });
      }
      send(404, { message: 'Record Not Found', errors: [] });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
