import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRAVA_CONNECTED, STRAVA_MESSAGES, type User } from '@ridealong/contracts';
import { loadConfig } from '../src/config.js';
import { standinRoutes } from '../src/standins/strava/routes.js';
import { stravaConnect, type StravaConnect } from '../src/modules/strava/connect.js';
import { STANDIN_CLIENT } from '../src/modules/strava/endpoints.js';
import { fetchUser, LENIENT_LIMITS, signUpMember, type Member } from './billing-fixtures.js';
import { backends, startServer, type TestServer } from './harness.js';

const KEY = 'test-strava-standin-key-0123456789abcdef';
const PUBLIC = 'http://ride.test';
const CALLBACK = `${PUBLIC}/portal-redirect/strava`;

/** A FIT file as far as the stand-in looks: a 14-byte header with '.FIT', then some bytes. */
function fitFile(extra = 64): Uint8Array {
  const b = Buffer.alloc(14 + extra);
  b[0] = 14;
  b[1] = 0x20;
  b.writeUInt16LE(2132, 2);
  b.writeUInt32LE(extra, 4);
  b.write('.FIT', 8, 'latin1');
  return b;
}

type UploadAnswer = {
  id: number;
  id_str: string;
  external_id: string;
  error: string | null;
  status: string;
  activity_id: number | null;
};

/** Hidden inputs and the action of the consent page's form. */
function consentForm(html: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !request) throw new Error('no consent form');
  const unescape = (v: string) => v.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  return { action: unescape(action), request: unescape(request) };
}

describe.each(backends)('the Strava stand-in on $name', (backend) => {
  let s: TestServer;
  let scratch: string;
  /** Another process's view of the same connections (the server's own tokens). */
  let proc: StravaConnect;

  beforeAll(async () => {
    s = await startServer(backend, { ...LENIENT_LIMITS, STRAVA_TOKEN_KEY: KEY });
    scratch = await mkdtemp(path.join(tmpdir(), 'ra-standin-'));
    const port = Number(new URL(s.baseUrl).port);
    const config = loadConfig({
      DATA_DIR: scratch,
      PUBLIC_URL: PUBLIC,
      STRAVA_TOKEN_KEY: KEY,
      HOST: '127.0.0.1',
      PORT: String(port),
    });
    proc = await stravaConnect({
      config,
      db: s.database.db,
      log: { warn: () => undefined },
      standIn: standinRoutes,
    });
  });
  afterAll(async () => {
    await s.close();
    await rm(scratch, { recursive: true, force: true });
  });

  /** A path on the stand-in as the browser sees it (PUBLIC_URL), fetched from the server. */
  const onServer = (url: string) => {
    expect(url.startsWith(`${PUBLIC}/strava-standin/`)).toBe(true);
    return s.baseUrl + url.slice(PUBLIC.length);
  };
  const page = async (p: string) => {
    const res = await fetch(s.baseUrl + p);
    return { status: res.status, html: await res.text(), headers: res.headers };
  };

  /** Opens the consent page of an authorisation URL and presses a button. */
  async function consent(
    url: string,
    opts: { decision?: 'authorize' | 'cancel'; name?: string; scopes?: string[] } = {},
  ) {
    const shown = await fetch(onServer(url));
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(STRAVA_MESSAGES.standIn);
    const form = consentForm(html);
    const body = new URLSearchParams({
      request: form.request,
      athlete_name: opts.name ?? 'Stand-in Athlete',
      decision: opts.decision ?? 'authorize',
    });
    for (const sc of opts.scopes ?? ['read_all', 'activity:write']) body.append('scope', sc);
    const res = await fetch(s.baseUrl + form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') ?? '');
  }

  /** The whole web round trip: authorize, the consent page, the callback, POST /auth/strava. */
  async function connectThroughPages(m: Member, name?: string): Promise<User> {
    const res = await s.get('/api/v1/strava/authorize?target=web', m.token);
    const { url, state } = (await res.json()) as { url: string; state: string };
    const back = await consent(url, { name });
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('scope')).toBe('read,read_all,activity:write');
    const done = await s.post(
      '/api/v1/auth/strava',
      {
        code: back.searchParams.get('code'),
        user_id: m.id,
        state: back.searchParams.get('state'),
        scope: back.searchParams.get('scope'),
      },
      m.token,
    );
    expect(done.status).toBe(200);
    return ((await done.json()) as { user: User }).user;
  }

  /** A code and tokens straight from the stand-in (as a desktop app's callback would get). */
  async function standinTokens(name = 'Token Tester', scopes?: string[]) {
    const url = new URL(`${PUBLIC}/strava-standin/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: STANDIN_CLIENT.id,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:47999/cb',
      scope: 'read_all,activity:write',
      state: 'st',
    }).toString();
    const back = await consent(url.toString(), { name, scopes });
    const code = back.searchParams.get('code') ?? '';
    const res = await tokenCall({ grant_type: 'authorization_code', code });
    expect(res.status).toBe(200);
    return {
      code,
      ...((await res.json()) as {
        access_token: string;
        refresh_token: string;
        athlete: { id: number };
      }),
    };
  }
  function tokenCall(
    params: Record<string, string>,
    client: { id: string; secret: string } = STANDIN_CLIENT,
  ) {
    return fetch(`${s.baseUrl}/strava-standin/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: client.id,
        client_secret: client.secret,
        ...params,
      }).toString(),
    });
  }
  function upload(token: string, fields: Record<string, string>, file: Uint8Array = fitFile()) {
    const form = new FormData();
    form.append('data_type', 'fit');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.append('file', new Blob([file]), 'ride.fit');
    return fetch(`${s.baseUrl}/strava-standin/api/v3/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  }
  const status = (token: string, id: number) =>
    fetch(`${s.baseUrl}/strava-standin/api/v3/uploads/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  async function pollSettled(token: string, id: number): Promise<UploadAnswer> {
    for (let i = 0; i < 40; i++) {
      const res = await status(token, id);
      expect(res.status).toBe(200);
      const a = (await res.json()) as UploadAnswer;
      if (a.activity_id !== null || a.error !== null) return a;
      expect(a.status).toBe('Your activity is still being processed.');
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error('the upload never settled');
  }

  it('connects a member through its own pages, and the server holds working tokens', async () => {
    const m = await signUpMember(s);
    const authorize = (await (await s.get('/api/v1/strava/authorize', m.token)).json()) as {
      url: string;
    };
    const url = new URL(authorize.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC}/strava-standin/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(STANDIN_CLIENT.id);

    const user = await connectThroughPages(m);
    expect(user).toMatchObject({
      strava_connected: true,
      strava_reconnect: false,
      strava_authorization_code: STRAVA_CONNECTED,
      strava_access_token: null,
      strava_refresh_token: null,
    });
    // The server's token works on the stand-in's API; a forced refresh rotates it.
    const token = await proc.tokens.accessToken(m.id);
    expect(token).toBeTruthy();
    expect((await status(token!, 1)).status).not.toBe(401);
    const fresh = await proc.tokens.accessToken(m.id, { forceRefresh: true });
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    expect((await status(token!, 1)).status).toBe(401);
    expect((await status(fresh!, 1)).status).toBe(404);

    // Disconnecting revokes it at the stand-in.
    expect((await s.post('/api/v1/strava/disconnect', {}, m.token)).status).toBe(200);
    expect((await status(fresh!, 1)).status).toBe(401);
    expect((await fetchUser(s, m)).strava_connected).toBe(false);
  });

  it('sends Cancel back as access_denied, and a grant without upload is refused here', async () => {
    const m = await signUpMember(s);
    const { url, state } = (await (await s.get('/api/v1/strava/authorize', m.token)).json()) as {
      url: string;
      state: string;
    };
    const cancelled = await consent(url, { decision: 'cancel' });
    expect(`${cancelled.origin}${cancelled.pathname}`).toBe(CALLBACK);
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('state')).toBe(state);
    expect(cancelled.searchParams.get('code')).toBeNull();

    const readOnly = await consent(url, { scopes: ['read_all'] });
    expect(readOnly.searchParams.get('scope')).toBe('read,read_all');
    const res = await s.post(
      '/api/v1/auth/strava',
      { code: readOnly.searchParams.get('code'), user_id: m.id, state, scope: 'read,read_all' },
      m.token,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(STRAVA_MESSAGES.scopeMissing);
  });

  it('takes an upload, processes it to an activity, and answers a duplicate as Strava does', async () => {
    const { access_token: token } = await standinTokens();
    const externalId = `ridealong-track-${Date.now()}`;
    const res = await upload(token, {
      name: 'Col du Galibier',
      description: 'Ridden on RideAlong',
      trainer: '1',
      sport_type: 'VirtualRide',
      external_id: externalId,
    });
    expect(res.status).toBe(201);
    const first = (await res.json()) as UploadAnswer;
    expect(first).toMatchObject({
      id_str: String(first.id),
      external_id: externalId,
      error: null,
      status: 'Your activity is still being processed.',
      activity_id: null,
    });
    const done = await pollSettled(token, first.id);
    expect(done).toMatchObject({ status: 'Your activity is ready.', error: null });
    expect(done.activity_id).toBeGreaterThan(0);
    expect(done.activity_id).not.toBe(first.id);
    // Read again: the same activity.
    expect(((await (await status(token, first.id)).json()) as UploadAnswer).activity_id).toBe(
      done.activity_id,
    );

    const dup = await upload(token, {
      name: 'Again',
      external_id: externalId,
      sport_type: 'VirtualRide',
    });
    expect(dup.status).toBe(201);
    const second = (await dup.json()) as UploadAnswer;
    const settled = await pollSettled(token, second.id);
    expect(settled.activity_id).toBeNull();
    expect(settled.status).toBe('There was an error processing your activity.');
    expect(settled.error).toBe(`${externalId} duplicate of activity ${done.activity_id}`);

    // Its pages show it.
    const list = await page('/strava-standin/uploads');
    expect(list.status).toBe(200);
    expect(list.html).toContain(STRAVA_MESSAGES.standIn);
    expect(list.html).toContain('Col du Galibier');
    expect(list.html).toContain(externalId);
    expect(list.html).toContain('VirtualRide');
    expect(list.html).toContain(`href="/strava-standin/activities/${done.activity_id}"`);
    const activity = await page(`/strava-standin/activities/${done.activity_id}`);
    expect(activity.status).toBe(200);
    expect(activity.html).toContain('Col du Galibier');
    expect(activity.html).toContain('on a trainer');
    expect(activity.html).toContain(STRAVA_MESSAGES.standIn);
    expect(activity.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await page('/strava-standin/activities/1')).status).toBe(404);
    expect((await page('/strava-standin/activities/abc')).status).toBe(404);
    expect((await page('/strava-standin/activities/2147483648')).status).toBe(404);
  });

  it("keeps one athlete's uploads from another", async () => {
    const a = await standinTokens('Athlete One');
    const b = await standinTokens('Athlete Two');
    const res = await upload(a.access_token, { name: 'Mine', external_id: `x-${Date.now()}` });
    const { id } = (await res.json()) as UploadAnswer;
    expect((await status(b.access_token, id)).status).toBe(404);
  });

  it('refuses a bad client id, a foreign redirect, a forged form and a long name', async () => {
    const authorize = (params: Record<string, string>) =>
      page(
        `/strava-standin/oauth/authorize?${new URLSearchParams({
          client_id: STANDIN_CLIENT.id,
          response_type: 'code',
          redirect_uri: CALLBACK,
          scope: 'read_all,activity:write',
          ...params,
        }).toString()}`,
      );
    expect((await authorize({})).status).toBe(200);
    const hostile: Record<string, string>[] = [
      { client_id: '999' },
      { redirect_uri: 'https://evil.example/portal-redirect/strava' },
      { redirect_uri: `${PUBLIC}/somewhere-else` },
      { redirect_uri: 'http://127.0.0.1/no-port' },
      { response_type: 'token' },
      { scope: 'read,everything' },
      { state: 'x'.repeat(1001) },
    ];
    for (const bad of hostile) {
      const r = await authorize(bad);
      expect(r.status).toBe(400);
      expect(r.html).toContain(STRAVA_MESSAGES.standIn);
      expect(r.html).not.toContain('name="request"');
    }
    const post = (body: Record<string, string>) =>
      fetch(`${s.baseUrl}/strava-standin/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
        redirect: 'manual',
      });
    expect((await post({ request: 'forged.mac', decision: 'authorize' })).status).toBe(400);
    const { request } = consentForm((await authorize({})).html);
    expect(
      (await post({ request, decision: 'authorize', athlete_name: 'n'.repeat(101) })).status,
    ).toBe(400);
  });

  it('codes work once; refresh rotates; a wrong client or token is refused', async () => {
    const t = await standinTokens();
    const reused = await tokenCall({ grant_type: 'authorization_code', code: t.code });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      status: 'failure',
      message: 'Bad Request',
      errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
    });
    const wrongSecret = await tokenCall(
      { grant_type: 'refresh_token', refresh_token: t.refresh_token },
      { id: STANDIN_CLIENT.id, secret: 'nope' },
    );
    expect(wrongSecret.status).toBe(400);
    expect(JSON.stringify(await wrongSecret.json())).toContain('Application');

    const refreshed = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const r = (await refreshed.json()) as {
      access_token: string;
      refresh_token: string;
      expires_at: number;
    };
    expect(r.access_token).not.toBe(t.access_token);
    expect(r.expires_at).toBeGreaterThan(Date.now() / 1000 + 5 * 3600);
    expect(
      (await tokenCall({ grant_type: 'refresh_token', refresh_token: t.refresh_token })).status,
    ).toBe(400);
    expect((await status(t.access_token, 1)).status).toBe(401);

    for (const auth of ['Bearer wrong', 'Basic abc', '']) {
      const res = await fetch(`${s.baseUrl}/strava-standin/api/v3/uploads/1`, {
        headers: auth ? { authorization: auth } : {},
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe('Authorization Error');
    }
    const wrongBearer = await upload('wrong', { name: 'x' });
    expect(wrongBearer.status).toBe(401);
    const deauth = await fetch(`${s.baseUrl}/strava-standin/oauth/deauthorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: r.access_token }).toString(),
    });
    expect(deauth.status).toBe(200);
    expect((await upload(r.access_token, { name: 'x' })).status).toBe(401);

    const readOnly = await standinTokens('Read Only', ['read_all']);
    const noWrite = await upload(readOnly.access_token, { name: 'x' });
    expect(noWrite.status).toBe(401);
    expect(JSON.stringify(await noWrite.json())).toContain('activity:write_permission');
  });

  it('refuses a file that is not FIT, too large, missing, or fields out of bounds', async () => {
    const { access_token: token } = await standinTokens();
    const notFit = await upload(token, { name: 'x' }, Buffer.from('<?xml version="1.0"?><gpx/>'));
    expect(notFit.status).toBe(400);
    expect(JSON.stringify(await notFit.json())).toContain('not a FIT file');
    const badHeader = fitFile();
    badHeader[0] = 13;
    expect((await upload(token, { name: 'x' }, badHeader)).status).toBe(400);
    expect((await upload(token, { name: 'x' }, new Uint8Array(0))).status).toBe(400);
    const tooBig = await upload(token, { name: 'x' }, fitFile(25 * 1024 * 1024));
    expect(tooBig.status).toBe(413);
    expect((await upload(token, { name: 'n'.repeat(256) })).status).toBe(400);
    expect((await upload(token, { name: 'x', external_id: 'e'.repeat(256) })).status).toBe(400);
    expect((await upload(token, { name: 'x', data_type: 'gpx' })).status).toBe(400);
    expect((await upload(token, { name: 'x', sport_type: '<b>' })).status).toBe(400);
    const noFile = new FormData();
    noFile.set('data_type', 'fit');
    const res = await fetch(`${s.baseUrl}/strava-standin/api/v3/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: noFile,
    });
    expect(res.status).toBe(400);
    const notMultipart = await fetch(`${s.baseUrl}/strava-standin/api/v3/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(notMultipart.status).toBe(400);
  });

  it('escapes what athletes and uploads say on its pages', async () => {
    const evilName = '<script>alert("athlete")</script>';
    const evilRide = `<img src=x onerror="alert('ride')">`;
    const { access_token: token } = await standinTokens(evilName);
    const res = await upload(token, {
      name: evilRide,
      description: '</dd><script>x()</script>',
      external_id: `xss-${Date.now()}`,
    });
    expect(res.status).toBe(201);
    const done = await pollSettled(token, ((await res.json()) as UploadAnswer).id);
    const list = await page('/strava-standin/uploads');
    const activity = await page(`/strava-standin/activities/${done.activity_id}`);
    for (const html of [list.html, activity.html]) {
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;img src=x onerror=&quot;alert(&#39;ride&#39;)&quot;&gt;');
    }
    expect(list.html).toContain('&lt;script&gt;alert(&quot;athlete&quot;)&lt;/script&gt;');
    expect(activity.html).toContain('&lt;/dd&gt;&lt;script&gt;x()&lt;/script&gt;');

    // Through the app too: the athlete's name is kept as text, never shown unescaped here.
    const m = await signUpMember(s);
    const user = await connectThroughPages(m, evilName);
    expect(user.strava_connected).toBe(true);
  });
});
