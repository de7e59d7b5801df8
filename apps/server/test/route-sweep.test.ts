import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rideClientSchemas, type RideAck } from '@ridealong/contracts';
import { tracks } from '../src/db/schema.js';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  HOSTILE_BODIES,
  hostileVariants,
  NUL_TEXT,
  type Hints,
  type JsonSchema,
} from './hostile-inputs.js';
import { member, video, type Member } from './races-fixtures.js';
import { connectRide, rideSockets } from './ride-fixtures.js';
import {
  inPool,
  operations,
  probesFor,
  problemWith,
  rawRequest,
  send,
  type OpenApiDocument,
  type Probe,
} from './sweep-probes.js';
import { tusProbes } from './sweep-tus.js';

/**
 * Every route of the OpenAPI document (so a new route is swept without touching this file),
 * the routes hidden from it, every /ride event and tus: hostile input must end in a clear 4xx
 * (or a refused ack with a message), never a 5xx.
 */

/** Routes hidden from the document, swept explicitly. */
const HIDDEN_ROUTES: Array<{ method: string; path: string }> = [
  { method: 'GET', path: '/media/{token}/{file}' },
  { method: 'POST', path: '/api/v1/payment/webhook' },
  { method: 'POST', path: '/api/v1/tus' },
  { method: 'PATCH', path: '/api/v1/tus/{id}' },
  { method: 'HEAD', path: '/api/v1/tus/{id}' },
  { method: 'DELETE', path: '/api/v1/tus/{id}' },
];

const GENERIC_FAILURE = 'Something went wrong on our side.';

type Identity = { name: string; token: () => Promise<string | null> };

describe.each(backends)('hostile input on every route and event on $name', (backend) => {
  let s: TestServer;
  let rider: Member;
  let admin: Member;
  let hints: Hints;
  let socialStub: http.Server;
  const sockets = rideSockets(() => s);

  beforeAll(async () => {
    // Social sign-in verifies tokens against this stub, which refuses every token.
    socialStub = http.createServer((_req, res) => res.writeHead(400).end('{}'));
    await new Promise<void>((resolve) => socialStub.listen(0, '127.0.0.1', resolve));
    const stubUrl = `http://127.0.0.1:${(socialStub.address() as AddressInfo).port}`;
    s = await startServer(backend, {
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_API_BASE_URL: stubUrl,
      FACEBOOK_APP_ID: 'fb-app',
      FACEBOOK_APP_SECRET: 'fb-secret',
      FACEBOOK_GRAPH_URL: stubUrl,
    });
    rider = await member(s, { name: 'Rider' });
    admin = await member(s, { name: 'Admin', admin: true });
    const race = await video(s, rider, { title: 'Swept ride' });
    const [track] = await s.database.db
      .insert(tracks)
      .values({
        userId: rider.user.id,
        raceId: race.id,
        raceUrl: race.url,
        title: 'Swept ride',
        clientRideId: randomUUID(),
      })
      .returning();
    if (!track) throw new Error('no track');
    // Real rows behind ids and urls, so probes get past "not found" to the deeper code.
    hints = {
      url: race.url,
      raceUrl: race.url,
      race_url: race.url,
      race_id: race.id,
      track_id: track.id,
      trackId: track.id,
      user_id: rider.user.id,
      userId: rider.user.id,
      client_ride_id: randomUUID(),
    };
  });
  afterAll(async () => {
    sockets.closeAll();
    await s.close();
    await new Promise((resolve) => socialStub.close(resolve));
  });

  // A fresh session per route, so a route that ends sessions (logout) affects only itself.
  const sessions = () => sessionStore(s.database.db, 3600_000);
  const identities = (): Identity[] => [
    { name: 'guest', token: async () => null },
    { name: 'member', token: () => sessions().create(rider.user.id) },
    { name: 'admin', token: () => sessions().create(admin.user.id) },
  ];

  async function sweep(groups: Array<{ label: string; probes: Probe[] }>) {
    const problems: string[] = [];
    const jobs = groups.flatMap((g) => identities().map((who) => ({ ...g, who })));
    let sent = 0;
    await inPool(jobs, 8, async ({ label, probes, who }) => {
      const token = await who.token();
      for (const probe of probes) {
        sent++;
        const answer = await send(s.baseUrl, probe, token).catch((err: unknown) => ({
          status: 599,
          type: '',
          text: `no answer: ${String(err)}`,
        }));
        const problem = problemWith(probe, answer);
        if (problem) problems.push(`${who.name} ${label} ${summary(probe)} -> ${problem}`);
      }
    });
    return { problems, sent };
  }

  it('answers every route of the OpenAPI document, and the hidden ones, without a 5xx', async () => {
    const doc = (await (await s.get('/api/docs/json')).json()) as OpenApiDocument;
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(30);
    const groups = [
      ...ops.map((op) => ({ label: `${op.method} ${op.path}`, probes: probesFor(op, hints) })),
      ...HIDDEN_ROUTES.map((route) => ({
        label: `${route.method} ${route.path} (hidden)`,
        probes: probesFor({ ...route, op: hiddenParameters(route.path) }, hints),
      })),
    ];
    const { problems, sent } = await sweep(groups);
    console.info(
      `route sweep: ${ops.length} documented + ${HIDDEN_ROUTES.length} hidden, ${sent} requests`,
    );
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    // Over 5,000 requests, growing with every route: on PGlite under a loaded 2-core machine
    // it took 37-88 s, past the default 30 s.
  }, 120_000);

  it('answers tus uploads with hostile Upload-Metadata, ids and offsets without a 5xx', async () => {
    const probes = await tusProbes(s, rider.token);
    const { problems } = await sweep([{ label: 'tus', probes }]);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
  });

  it("says a too-long value is too long (not 'Required')", async () => {
    const res = await s.post('/api/v1/signup', {
      username: 'u'.repeat(61),
      email: 'long.name+tag@sub.example.co.uk',
      password: 'secret12',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'failure',
      message: 'body.username: must be at most 60 characters',
    });
  });

  it('answers a NUL byte in x-auth-token with a 400 in the API shape', async () => {
    const answer = await rawRequest(
      s.baseUrl,
      `GET /api/v1/users/${rider.user.id} HTTP/1.1\r\nHost: x\r\nx-auth-token: a${'\u0000'}b\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expect(problemWith({ method: 'GET', path: '/api/v1/users' }, answer)).toBeNull();
    await expect(connectRide(s, NUL_TEXT)).rejects.toThrow('Please log in.');
  });

  it('refuses hostile payloads on every /ride event with a message, and stays connected', async () => {
    const socket = await sockets.connect({ token: await sessions().create(rider.user.id) });
    const problems: string[] = [];
    const events = Object.keys(rideClientSchemas) as Array<keyof typeof rideClientSchemas>;
    const emits = events.flatMap((event) => {
      const schema = z.toJSONSchema(rideClientSchemas[event], { io: 'input' }) as JsonSchema;
      const payloads = [...hostileVariants(schema, hints), ...HOSTILE_BODIES];
      return payloads.map((payload) => ({ event, payload }));
    });
    await inPool(emits, 16, async ({ event, payload }) => {
      // Payloads of the wrong shape on purpose, so the typed event map is set aside.
      const timed = socket.timeout(5000) as unknown as {
        emitWithAck: (e: string, p: unknown) => Promise<RideAck<object>>;
      };
      const ack = await timed.emitWithAck(event, payload).catch((err: unknown) => ({
        ok: false as const,
        message: `no ack: ${String(err)}`,
      }));
      if (ack.ok) return;
      if (
        !ack.message.trim() ||
        ack.message === GENERIC_FAILURE ||
        ack.message.startsWith('no ack')
      ) {
        problems.push(
          `${event} ${String(JSON.stringify(payload)).slice(0, 120)} -> ${ack.message}`,
        );
      }
    });
    console.info(`ride sweep: ${events.length} events, ${emits.length} emits`);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    expect(socket.connected).toBe(true);
  });
});

/** Path parameters of a hidden route (its document entry does not exist). */
function hiddenParameters(path: string) {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  return { parameters: names.map((name) => ({ in: 'path', name, schema: { type: 'string' } })) };
}

function summary(probe: Probe): string {
  const body = probe.raw?.text ?? (probe.body === undefined ? '' : JSON.stringify(probe.body));
  return `${probe.method} ${probe.path.slice(0, 120)} ${body.slice(0, 120)}`;
}
