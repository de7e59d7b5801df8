import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { acceptMultipart, withMultipartForm, type MultipartRules } from '../../http/multipart.js';
import { signedJson } from '../../lib/signed-json.js';
import { STANDIN_CLIENT, STANDIN_PREFIX } from '../../modules/strava/index.js';
import { acceptedRedirect } from '../../modules/strava/index.js';
import { fileIsFit } from './fit-header.js';
import {
  activityPage,
  consentPage,
  DEFAULT_ATHLETE_NAME,
  messagePage,
  SCOPE_LABELS,
  uploadsPage,
} from './pages.js';
import {
  ACCESS_TTL_S,
  athleteIdOf,
  PROCESSING_MS,
  standinStore,
  type StandinToken,
  type StandinUpload,
} from './store.js';
import { sendPage } from '../../lib/html.js';

/** Strava's own limits on an upload. */
export const STANDIN_LIMITS = {
  fileBytes: 25 * 1024 * 1024,
  nameChars: 255,
  externalIdChars: 255,
  descriptionChars: 10_000,
  athleteNameChars: 100,
  stateChars: 1000,
} as const;

/** How long the consent page's form may be submitted. */
const CONSENT_TTL_MS = 30 * 60 * 1000;
/** The uploads page lists this many, newest first. */
const UPLOADS_LISTED = 200;

export const STANDIN_STATUS = {
  processing: 'Your activity is still being processed.',
  ready: 'Your activity is ready.',
  failed: 'There was an error processing your activity.',
} as const;

const UPLOAD_RULES: MultipartRules = {
  fileField: 'file',
  maxFiles: 1,
  maxFileBytes: STANDIN_LIMITS.fileBytes,
  tooLargeMessage: 'The file is larger than 25 MB.',
  maxFields: 12,
  maxFieldBytes: 16 * 1024,
};

/** Strava's order of scopes; 'read' is always granted. */
const SCOPE_ORDER = Object.keys(SCOPE_LABELS);

const consentClaims = z.object({
  r: z.string(),
  s: z.string().nullable(),
  sc: z.array(z.string()),
  e: z.number(),
});

type Fault = { resource: string; field: string; code: string };

/**
 * An error as Strava answers one, `{ message, errors: [{ resource, field, code }] }`, with this
 * server's `status: 'failure'` beside it (every error of the server has it; Strava's clients
 * read past it).
 */
function fault(reply: FastifyReply, status: number, message: string, errors: Fault[]) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ status: 'failure', message, errors });
}
const authorizationError = (reply: FastifyReply, field = 'access_token', code = 'invalid') =>
  fault(reply, 401, 'Authorization Error', [{ resource: 'Athlete', field, code }]);
const badRequest = (reply: FastifyReply, resource: string, field: string, code = 'invalid') =>
  fault(reply, 400, 'Bad Request', [{ resource, field, code }]);

/** Query and body (form-encoded or JSON) as single strings: Strava reads either. */
function paramsOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [req.query, req.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      const first = Array.isArray(v) ? (v[0] as unknown) : v;
      if (typeof first === 'string' || typeof first === 'number') out[k] = String(first);
    }
  }
  return out;
}

/** Every value of a form field (checkboxes send one per box). */
function allOf(body: unknown, name: string): string[] {
  if (!body || typeof body !== 'object') return [];
  const v = (body as Record<string, unknown>)[name];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' ? [v] : [];
}

function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S{1,4096})$/i.exec(header.trim());
  return m?.[1] ?? null;
}

const uploadJson = (
  u: StandinUpload,
  status: string,
  error: string | null,
  activityId: number | null,
) => ({
  id: u.id,
  id_str: String(u.id),
  external_id: u.externalId,
  error,
  status,
  activity_id: activityId,
});

/**
 * The built-in stand-in for Strava (docs/strava.md, 'The stand-in'), registered only without
 * STRAVA_CLIENT_ID: the same paths as Strava's under /strava-standin, so one client talks to
 * both. Pages for people (consent, uploads, activities) and Strava v3's JSON for the server.
 * Its state is in its own tables, so any process serves any step.
 */
export function standinRoutes(deps: {
  db: Db;
  publicUrl: string;
  /** Signs the consent form (derived from the Strava key, see modules/strava/token-crypto.ts). */
  formSecret: string;
  /** Uploads are read into scratch folders under here, then dropped. */
  scratchRoot: string;
}): FastifyPluginAsync {
  const store = standinStore(deps.db);
  const consent = signedJson(deps.formSecret, 'strava-standin-consent');
  const scratchDir = async () => {
    await mkdir(deps.scratchRoot, { recursive: true });
    return mkdtemp(path.join(deps.scratchRoot, 'upload-'));
  };
  const P = STANDIN_PREFIX;

  /** The athlete's live token and its athlete, or the 401 already answered. */
  async function athleteOf(req: FastifyRequest, reply: FastifyReply): Promise<StandinToken | null> {
    const bearer = bearerOf(req);
    const token = bearer ? await store.bearer(bearer) : null;
    if (!token) {
      await authorizationError(reply);
      return null;
    }
    return token;
  }

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        const out: Record<string, string | string[]> = {};
        for (const [k, v] of new URLSearchParams(String(body))) {
          const had = out[k];
          out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
        }
        done(null, out);
      },
    );
    acceptMultipart(app);

    app.get(P, async (_req, reply) => reply.code(302).header('location', `${P}/uploads`).send());

    // --- OAuth: the consent page and its form ---

    app.get(`${P}/oauth/authorize`, async (req, reply) => {
      const q = paramsOf(req);
      const bad = (what: string) => sendPage(reply, 400, messagePage('Bad Request', what));
      if (q.client_id !== STANDIN_CLIENT.id) return bad('client_id invalid');
      const redirect = acceptedRedirect(q.redirect_uri ?? '', deps.publicUrl);
      if (!redirect) return bad('redirect_uri invalid: only this server or a loopback address');
      if (q.response_type !== 'code') return bad('response_type must be code');
      const asked = (q.scope ?? 'read')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (asked.length > 10 || asked.some((s) => !SCOPE_ORDER.includes(s))) {
        return bad('scope invalid');
      }
      const state = q.state ?? null;
      if (state !== null && state.length > STANDIN_LIMITS.stateChars) return bad('state too long');
      const scopes = SCOPE_ORDER.filter((s) => s === 'read' || asked.includes(s));
      const request = consent.seal({
        r: redirect.toString(),
        s: state,
        sc: scopes,
        e: Date.now() + CONSENT_TTL_MS,
      });
      return sendPage(
        reply,
        200,
        consentPage({
          action: `${P}/oauth/authorize`,
          request,
          scopes,
          redirectOrigin: redirect.origin,
        }),
      );
    });

    app.post(`${P}/oauth/authorize`, async (req, reply) => {
      const f = paramsOf(req);
      const claims = consentClaims.safeParse(consent.open(f.request ?? ''));
      if (!claims.success || claims.data.e < Date.now()) {
        return sendPage(
          reply,
          400,
          messagePage('Bad Request', 'This authorization request has expired. Please start again.'),
        );
      }
      const { r, s, sc } = claims.data;
      const back = new URL(r);
      if (f.decision !== 'authorize') {
        back.searchParams.set('state', s ?? '');
        back.searchParams.set('error', 'access_denied');
        return reply.code(302).header('location', back.toString()).send();
      }
      const name = (f.athlete_name ?? '').replace(/\s+/g, ' ').trim() || DEFAULT_ATHLETE_NAME;
      if (name.length > STANDIN_LIMITS.athleteNameChars) {
        return sendPage(
          reply,
          400,
          messagePage('Bad Request', 'The athlete name is longer than 100 characters.'),
        );
      }
      const checked = allOf(req.body, 'scope');
      const granted = sc.filter((x) => x === 'read' || checked.includes(x));
      const scope = granted.join(',');
      const code = await store.grant({ athleteId: athleteIdOf(name), athleteName: name, scope });
      back.searchParams.set('state', s ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('scope', scope);
      return reply.code(302).header('location', back.toString()).send();
    });

    // --- OAuth: the server's own calls ---

    app.post(`${P}/oauth/token`, async (req, reply) => {
      const p = paramsOf(req);
      if (p.client_id !== STANDIN_CLIENT.id) return badRequest(reply, 'Application', 'client_id');
      if (p.client_secret !== STANDIN_CLIENT.secret) {
        return badRequest(reply, 'Application', 'client_secret');
      }
      const now = new Date();
      const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
      if (p.grant_type === 'authorization_code') {
        const got = p.code ? await store.redeem(p.code, now) : null;
        if (!got) return badRequest(reply, 'AuthorizationCode', 'code');
        const [firstname = '', ...rest] = got.athleteName.split(' ');
        return {
          token_type: 'Bearer',
          expires_at: seconds(got.expiresAt),
          expires_in: ACCESS_TTL_S,
          refresh_token: got.refreshToken,
          access_token: got.accessToken,
          athlete: {
            id: Number(got.athleteId),
            username: null,
            resource_state: 2,
            firstname,
            lastname: rest.join(' '),
          },
        };
      }
      if (p.grant_type === 'refresh_token') {
        const got = p.refresh_token ? await store.rotate(p.refresh_token, now) : null;
        if (!got) return badRequest(reply, 'RefreshToken', 'refresh_token');
        return {
          token_type: 'Bearer',
          access_token: got.accessToken,
          expires_at: seconds(got.expiresAt),
          expires_in: ACCESS_TTL_S,
          refresh_token: got.refreshToken,
        };
      }
      return badRequest(reply, 'Application', 'grant_type');
    });

    app.post(`${P}/oauth/deauthorize`, async (req, reply) => {
      const token = paramsOf(req).access_token ?? bearerOf(req);
      if (!token || !(await store.revoke(token))) return authorizationError(reply);
      return { access_token: token };
    });

    // --- API v3: uploads ---

    app.post(`${P}/api/v3/uploads`, async (req, reply) => {
      const token = await athleteOf(req, reply);
      if (!token) return reply;
      if (!token.scope.split(',').includes('activity:write')) {
        return fault(reply, 401, 'Authorization Error', [
          { resource: 'AccessToken', field: 'activity:write_permission', code: 'missing' },
        ]);
      }
      try {
        return await withMultipartForm(req, UPLOAD_RULES, scratchDir, async (form) => {
          const file = form.files[0];
          const f = form.fields;
          if (!file || file.size === 0) return badRequest(reply, 'Upload', 'file', 'empty');
          if ((f.data_type ?? '').toLowerCase() !== 'fit') {
            return badRequest(reply, 'Upload', 'data_type', 'the stand-in takes fit files only');
          }
          const name = (f.name ?? '').trim() || 'Stand-in activity';
          const externalId = (f.external_id ?? '').trim() || file.name || `upload-${Date.now()}`;
          const sportType = (f.sport_type ?? f.activity_type ?? 'Ride').trim();
          if (name.length > STANDIN_LIMITS.nameChars)
            return badRequest(reply, 'Upload', 'name', 'too long');
          if (externalId.length > STANDIN_LIMITS.externalIdChars) {
            return badRequest(reply, 'Upload', 'external_id', 'too long');
          }
          if ((f.description ?? '').length > STANDIN_LIMITS.descriptionChars) {
            return badRequest(reply, 'Upload', 'description', 'too long');
          }
          if (!/^[A-Za-z]{1,50}$/.test(sportType)) return badRequest(reply, 'Upload', 'sport_type');
          if (!(await fileIsFit(file.path)))
            return badRequest(reply, 'Upload', 'file', 'not a FIT file');
          const row = await store.addUpload({
            athleteId: token.athleteId,
            athleteName: token.athleteName,
            externalId,
            name,
            description: f.description ?? '',
            sportType,
            trainer: f.trainer === '1' || f.trainer?.toLowerCase() === 'true',
            dataType: 'fit',
            bytes: file.size,
          });
          return reply.code(201).send(uploadJson(row, STANDIN_STATUS.processing, null, null));
        });
      } catch (e) {
        if (e instanceof HttpError) {
          return fault(
            reply,
            e.statusCode,
            e.statusCode === 413 ? 'Payload Too Large' : 'Bad Request',
            [{ resource: 'Upload', field: 'file', code: e.message }],
          );
        }
        throw e;
      }
    });

    app.get<{ Params: { id: string } }>(`${P}/api/v3/uploads/:id`, async (req, reply) => {
      const token = await athleteOf(req, reply);
      if (!token) return reply;
      const id = /^\d{1,10}$/.test(req.params.id) ? Number(req.params.id) : 0;
      const u = id > 0 && id <= 2_147_483_647 ? await store.upload(id, token.athleteId) : null;
      if (!u) {
        return fault(reply, 404, 'Record Not Found', [
          { resource: 'Upload', field: 'id', code: 'not found' },
        ]);
      }
      if (Date.now() - u.createdAt.getTime() < PROCESSING_MS) {
        return uploadJson(u, STANDIN_STATUS.processing, null, null);
      }
      const original = await store.original(u);
      if (original) {
        const first = await store.process(original);
        const error = `${u.externalId} duplicate of activity ${first.activityId}`;
        return uploadJson(u, STANDIN_STATUS.failed, error, null);
      }
      const done = await store.process(u);
      return uploadJson(done, STANDIN_STATUS.ready, null, done.activityId);
    });

    // --- Pages: what the stand-in received ---

    app.get(`${P}/uploads`, async (_req, reply) =>
      sendPage(reply, 200, uploadsPage(await store.recent(UPLOADS_LISTED))),
    );

    app.get<{ Params: { id: string } }>(`${P}/activities/:id`, async (req, reply) => {
      const id = /^\d{1,12}$/.test(req.params.id) ? Number(req.params.id) : 0;
      const u = id > 0 ? await store.activity(id) : null;
      if (!u) return sendPage(reply, 404, messagePage('Not found', 'There is no such activity.'));
      return sendPage(reply, 200, activityPage(u));
    });
  };
}
