import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Strava's API v3 on node:http, for the upload tests: OAuth (POST /oauth/token with
 * the authorization_code and refresh_token grants, POST /oauth/deauthorize), POST
 * /api/v3/uploads (multipart, as Strava takes it) and GET /api/v3/uploads/{id}, bearer
 * tokens checked, X-RateLimit-Limit / X-RateLimit-Usage on every answer (and a 429 when the
 * usage passes the limit), duplicates found by external id. Each test configures it: the
 * tokens it accepts, how many polls processing takes, the limits, and scripted answers
 * (a 503, a 401, a 429) for the next requests of a route.
 */

export type FakeUpload = {
  id: number;
  token: string;
  externalId: string;
  name: string;
  description: string;
  trainer: string;
  sportType: string;
  dataType: string;
  fileName: string;
  file: Buffer;
  /** Status reads so far. */
  polls: number;
  /** Set once processed: the activity made, or the duplicate's error. */
  activityId: number | null;
  error: string | null;
};

export type ScriptedAnswer = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
};

type Route =
  | 'POST /api/v3/uploads'
  | 'GET /api/v3/uploads/:id'
  | 'POST /oauth/token'
  | 'POST /oauth/deauthorize';

export type FakeStrava = {
  baseUrl: string;
  /** Bearer tokens answered; any other is a 401. */
  tokens: Set<string>;
  /** The application OAuth accepts (STRAVA_CLIENT_ID / STRAVA_CLIENT_SECRET). */
  client: { id: string; secret: string };
  /** Refresh tokens that refresh (each names its athlete); the refresh grant's answers. */
  refreshTokens: Map<string, number>;
  /** Grants seen by /oauth/token, in order. */
  grants: string[];
  /** Status reads before an upload is processed (0: the first read finds it done). */
  processAfterPolls: number;
  /** [15-minute, daily] limits and usage in the headers; usage past a limit is a 429. */
  limits: [number, number];
  usage: [number, number];
  /** Every upload received, in order (duplicates too). */
  uploads: FakeUpload[];
  /** Activities by external id (the first upload of each made one). */
  activities: Map<string, number>;
  /** Every request: method, path and the status answered. */
  requests: { method: string; path: string; status: number; at: number }[];
  /** The next requests of `route` get these answers, in order, before any real handling. */
  script: (route: Route, ...answers: ScriptedAnswer[]) => void;
  /**
   * Called when a request has been handled and before its answer goes out (e.g. to stop a
   * worker right then).
   */
  onHandled: ((route: Route, upload: FakeUpload | null) => void) | null;
  /** An activity that is on Strava already (the member uploaded the ride another way). */
  addActivity: (externalId: string) => number;
  reset: () => void;
  close: () => Promise<void>;
};

const PROCESSING = 'Your activity is still being processed.';
const READY = 'Your activity is ready.';
const ERRORED = 'There was an error processing your activity.';

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A test server's settings that send its Strava calls to `fake`, as its registered app. */
export const fakeStravaEnv = (fake: FakeStrava): Record<string, string> => ({
  STRAVA_CLIENT_ID: fake.client.id,
  STRAVA_CLIENT_SECRET: fake.client.secret,
  STRAVA_BASE_URL: fake.baseUrl,
});

export async function startFakeStrava(): Promise<FakeStrava> {
  let nextUploadId = 16_000_000_000;
  let nextActivityId = 9_000_000_000;
  const scripts = new Map<Route, ScriptedAnswer[]>();

  const fake: FakeStrava = {
    baseUrl: '',
    tokens: new Set(['token-ok']),
    client: { id: 'fake-client', secret: 'fake-secret' },
    refreshTokens: new Map(),
    grants: [],
    processAfterPolls: 1,
    limits: [200, 2000],
    usage: [0, 0],
    uploads: [],
    activities: new Map(),
    requests: [],
    script: (route, ...answers) => {
      scripts.set(route, [...(scripts.get(route) ?? []), ...answers]);
    },
    onHandled: null,
    addActivity: (externalId) => {
      const id = nextActivityId++;
      fake.activities.set(externalId, id);
      return id;
    },
    reset: () => {
      fake.tokens = new Set(['token-ok']);
      fake.refreshTokens = new Map();
      fake.grants = [];
      fake.processAfterPolls = 1;
      fake.limits = [200, 2000];
      fake.usage = [0, 0];
      fake.uploads = [];
      fake.activities = new Map();
      fake.requests = [];
      fake.onHandled = null;
      scripts.clear();
    },
    close: async () => undefined,
  };

  const statusOf = (u: FakeUpload) => ({
    id: u.id,
    id_str: String(u.id),
    external_id: u.externalId,
    error: u.error,
    status: u.error ? ERRORED : u.activityId ? READY : PROCESSING,
    activity_id: u.activityId,
  });

  /** Processing: the first upload of an external id makes an activity, later ones are duplicates. */
  const process = (u: FakeUpload) => {
    if (u.activityId || u.error) return;
    const existing = fake.activities.get(u.externalId);
    if (existing !== undefined) {
      u.error = `${u.fileName} duplicate of <a href='/activities/${existing}' target='_blank'>activity ${existing}</a>`;
      return;
    }
    u.activityId = fake.addActivity(u.externalId);
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(JSON.stringify({ message: String(err) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const route: Route | null =
      method === 'POST' && url.pathname === '/api/v3/uploads'
        ? 'POST /api/v3/uploads'
        : method === 'GET' && /^\/api\/v3\/uploads\/[^/]+$/.test(url.pathname)
          ? 'GET /api/v3/uploads/:id'
          : method === 'POST' && url.pathname === '/oauth/token'
            ? 'POST /oauth/token'
            : method === 'POST' && url.pathname === '/oauth/deauthorize'
              ? 'POST /oauth/deauthorize'
              : null;
    const body = await readBody(req);
    fake.usage = [fake.usage[0] + 1, fake.usage[1] + 1];
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      fake.requests.push({ method, path: url.pathname, status, at: Date.now() });
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-ratelimit-limit': fake.limits.join(','),
        'x-ratelimit-usage': fake.usage.join(','),
        ...headers,
      });
      res.end(JSON.stringify(json));
    };
    if (!route) return answer(404, { message: 'Record Not Found', errors: [] });
    const scripted = scripts.get(route)?.shift();
    if (scripted) return answer(scripted.status, scripted.body ?? {}, scripted.headers);
    if (fake.usage[0] > fake.limits[0] || fake.usage[1] > fake.limits[1]) {
      return answer(429, {
        message: 'Rate Limit Exceeded',
        errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
      });
    }
    if (route === 'POST /oauth/token')
      return oauthToken(new URLSearchParams(body.toString()), answer);
    if (route === 'POST /oauth/deauthorize') return answer(200, {});
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!fake.tokens.has(token)) {
      return answer(401, {
        message: 'Authorization Error',
        errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
      });
    }

    if (route === 'POST /api/v3/uploads') {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const file = form.get('file');
      const text = (k: string) => {
        const v = form.get(k);
        return typeof v === 'string' ? v : '';
      };
      if (!(file instanceof Blob) || file.size === 0) {
        return answer(400, {
          message: 'Bad Request',
          errors: [{ resource: 'Upload', field: 'file', code: 'not a file' }],
        });
      }
      if (!['fit', 'fit.gz', 'tcx', 'gpx'].includes(text('data_type'))) {
        return answer(400, {
          message: 'Bad Request',
          errors: [{ resource: 'Upload', field: 'data_type', code: 'invalid' }],
        });
      }
      // Strava processes uploads in the background: by the time another arrives (a retry),
      // every earlier one has been processed, polled or not.
      for (const earlier of fake.uploads) process(earlier);
      const upload: FakeUpload = {
        id: nextUploadId++,
        token,
        externalId: text('external_id'),
        name: text('name'),
        description: text('description'),
        trainer: text('trainer'),
        sportType: text('sport_type'),
        dataType: text('data_type'),
        fileName: file instanceof File ? file.name : 'upload',
        file: Buffer.from(await file.arrayBuffer()),
        polls: 0,
        activityId: null,
        error: null,
      };
      fake.uploads.push(upload);
      fake.onHandled?.(route, upload);
      return answer(201, statusOf(upload));
    }

    const id = Number(url.pathname.split('/').at(-1));
    const upload = fake.uploads.find((u) => u.id === id);
    if (!upload) return answer(404, { message: 'Record Not Found', errors: [] });
    upload.polls += 1;
    if (upload.polls > fake.processAfterPolls) process(upload);
    fake.onHandled?.(route, upload);
    return answer(200, statusOf(upload));
  }

  /** Strava's token endpoint: a code or a refresh token for a new access token. */
  function oauthToken(
    form: URLSearchParams,
    answer: (status: number, json: unknown) => void,
  ): void {
    if (
      form.get('client_id') !== fake.client.id ||
      form.get('client_secret') !== fake.client.secret
    ) {
      return answer(401, {
        message: 'Bad Request',
        errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }],
      });
    }
    const grant = form.get('grant_type') ?? '';
    fake.grants.push(grant);
    let athlete: number | undefined;
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      athlete = /^code-(\d+)$/.exec(code) ? Number(code.slice(5)) : undefined;
    } else if (grant === 'refresh_token') {
      athlete = fake.refreshTokens.get(form.get('refresh_token') ?? '');
    }
    if (athlete === undefined) {
      return answer(400, {
        message: 'Bad Request',
        errors: [{ resource: 'RefreshToken', field: grant, code: 'invalid' }],
      });
    }
    const access = `access-${athlete}-${++issued}`;
    const refresh = `refresh-${athlete}-${issued}`;
    fake.tokens.add(access);
    fake.refreshTokens.set(refresh, athlete);
    const expiresIn = 6 * 3600;
    return answer(200, {
      token_type: 'Bearer',
      access_token: access,
      refresh_token: refresh,
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
      expires_in: expiresIn,
      ...(grant === 'authorization_code'
        ? { athlete: { id: athlete, firstname: 'Stella', lastname: 'Rider' } }
        : {}),
    });
  }
  let issued = 0;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
