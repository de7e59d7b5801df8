import { z } from 'zod';
import type { StravaEndpoints } from './types.js';

/** Strava refused the member's grant (a bad or used code, a revoked refresh token). */
export class StravaRefused extends Error {
  override name = 'StravaRefused';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Strava could not be asked: network error, timeout, 429, 5xx, an unreadable answer, or a
 * refusal of our application itself (a wrong client id or secret is ours to fix, never the
 * member's, so it never disconnects anyone).
 */
export class StravaUnavailable extends Error {
  override name = 'StravaUnavailable';
}

export type StravaTokenSet = {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
};

export type StravaAthlete = { id: string; name: string | null };

export type StravaOAuthClient = {
  /** authorization_code grant: the member's tokens and who they are. */
  exchangeCode: (code: string) => Promise<StravaTokenSet & { athlete: StravaAthlete }>;
  /** refresh_token grant: new tokens (Strava may rotate the refresh token). */
  refresh: (refreshToken: string) => Promise<StravaTokenSet>;
  /** Revokes the application's access for the token's athlete. */
  deauthorize: (accessToken: string) => Promise<void>;
};

const REQUEST_TIMEOUT_MS = 10_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
  expires_at: z.number().int().positive(),
});
const athleteAnswer = z.object({
  athlete: z.object({
    id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]),
    firstname: z.string().max(200).nullish(),
    lastname: z.string().max(200).nullish(),
  }),
});
const faultAnswer = z.object({
  message: z.string().optional(),
  errors: z.array(z.object({ resource: z.string().optional() }).loose()).optional(),
});

const nameOf = (first?: string | null, last?: string | null) =>
  [first, last]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(' ') || null;

/**
 * Strava's OAuth (API v3): POST {base}/oauth/token and {base}/oauth/deauthorize, form-encoded,
 * each with a timeout. The same client talks to the real service and to the stand-in.
 */
export function stravaOAuthClient(endpoints: StravaEndpoints): StravaOAuthClient {
  async function post(path: string, form: Record<string, string>): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${endpoints.apiBaseUrl}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (e) {
      throw new StravaUnavailable(`Strava could not be reached: ${(e as Error).message}`);
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.ok) return body;
    if (res.status === 429 || res.status >= 500) {
      throw new StravaUnavailable(`Strava answered ${res.status}`);
    }
    const fault = faultAnswer.safeParse(body);
    const resources = fault.success ? (fault.data.errors ?? []).map((e) => e.resource) : [];
    if (resources.includes('Application')) {
      throw new StravaUnavailable(
        `Strava refused this application (${res.status}): check STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET`,
      );
    }
    throw new StravaRefused(
      res.status,
      (fault.success && fault.data.message) || `Strava answered ${res.status}`,
    );
  }

  const credentials = () => ({
    client_id: endpoints.clientId,
    client_secret: endpoints.clientSecret,
  });
  const tokensOf = (body: unknown): StravaTokenSet => {
    const t = tokenAnswer.safeParse(body);
    if (!t.success) throw new StravaUnavailable('Strava answered tokens in an unknown shape');
    return {
      accessToken: t.data.access_token,
      refreshToken: t.data.refresh_token,
      expiresAt: new Date(t.data.expires_at * 1000),
    };
  };

  return {
    async exchangeCode(code) {
      const body = await post('/oauth/token', {
        ...credentials(),
        code,
        grant_type: 'authorization_code',
      });
      const a = athleteAnswer.safeParse(body);
      if (!a.success) throw new StravaUnavailable('Strava answered no athlete with the tokens');
      const { id, firstname, lastname } = a.data.athlete;
      return { ...tokensOf(body), athlete: { id: String(id), name: nameOf(firstname, lastname) } };
    },
    async refresh(refreshToken) {
      return tokensOf(
        await post('/oauth/token', {
          ...credentials(),
          refresh_token: refreshToken,
          grant_type: 'refresh_token',
        }),
      );
    },
    async deauthorize(accessToken) {
      await post('/oauth/deauthorize', { access_token: accessToken });
    },
  };
}
