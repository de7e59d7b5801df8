import { STRAVA, STRAVA_MESSAGES } from '@ridealong/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { can } from '../../access/can.js';
import type { StravaAccountRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, unavailable } from '../../http/errors.js';
import type { StravaAccountsRepository, StravaStatus } from './accounts-repository.js';
import { StravaRefused, StravaUnavailable, type StravaOAuthClient } from './oauth-client.js';
import type { OAuthState } from './oauth-state.js';
import { loopbackRedirect, webCallbackUrl } from './redirects.js';
import type { TokenCipher } from './token-crypto.js';
import type { StravaEndpoints, StravaTokens } from './types.js';

/** A refresh lease outlives the refresh request (10 s) with room to spare. */
export const REFRESH_LEASE_MS = 30_000;
/** How long a caller waits for another process's refresh before giving up for now. */
const REFRESH_WAIT_MS = 20_000;
const REFRESH_POLL_MS = 150;

/** The scope that lets us upload rides. */
const UPLOAD_SCOPE = 'activity:write';
export const grantsUpload = (scope: string) =>
  scope
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .includes(UPLOAD_SCOPE);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type StravaConnectService = {
  /** The authorisation page's address and the state the callback must bring back. */
  authorize: (
    userId: number,
    q: { target: 'web' | 'desktop'; redirect_uri?: string | undefined },
  ) => { url: string; state: string };
  /** POST /auth/strava: exchanges the code and keeps the tokens, encrypted. */
  connect: (
    userId: number,
    body: { code: string; user_id: number; state?: string | undefined; scope?: string | undefined },
  ) => Promise<void>;
  /** Revokes the authorisation at Strava (best effort) and forgets the tokens. */
  disconnect: (userId: number) => Promise<void>;
  status: (userId: number) => Promise<StravaStatus>;
  /** What uploads use (types.ts). */
  tokens: StravaTokens;
};

/**
 * Connecting a member to Strava (docs/strava.md): the authorisation, the code exchange, tokens
 * encrypted at rest and refreshed before they expire (one refresh at a time across processes),
 * refusals shown as 'connect again', disconnecting.
 */
export function stravaConnectService(deps: {
  repo: StravaAccountsRepository;
  client: StravaOAuthClient;
  cipher: TokenCipher;
  state: OAuthState;
  endpoints: StravaEndpoints;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
}): StravaConnectService {
  const { repo, client, cipher } = deps;
  const now = deps.now ?? (() => new Date());
  const accessContext = (userId: number) => `strava:${userId}:access`;
  const refreshContext = (userId: number) => `strava:${userId}:refresh`;
  const sealed = (userId: number, t: { accessToken: string; refreshToken: string }) => ({
    accessTokenEnc: cipher.seal(t.accessToken, accessContext(userId)),
    refreshTokenEnc: cipher.seal(t.refreshToken, refreshContext(userId)),
  });
  const expiring = (row: StravaAccountRow) =>
    row.expiresAt.getTime() < now().getTime() + STRAVA.refreshMarginSeconds * 1000;

  /** Refreshes in flight in this process: callers for one member share one. */
  const flights = new Map<number, Promise<string | null>>();

  /**
   * Tokens this process's key cannot open. That says more about this process (a worker with
   * another DATA_DIR or STRAVA_TOKEN_KEY) than about the member, so the connection is left
   * alone: the error is logged and thrown, and an upload waits and retries (docs/strava.md).
   */
  async function unreadable(row: StravaAccountRow, holdingLease = false): Promise<never> {
    deps.log.warn(
      { userId: row.userId },
      'Strava tokens cannot be decrypted with this process key: check STRAVA_TOKEN_KEY / DATA_DIR',
    );
    if (holdingLease) await repo.releaseLease(row.userId);
    throw new StravaUnavailable('Strava tokens cannot be decrypted with this process key');
  }

  /** The refresh itself, holding the lease. */
  async function refreshHeld(row: StravaAccountRow): Promise<string | null> {
    const refreshToken = cipher.open(row.refreshTokenEnc, refreshContext(row.userId));
    if (refreshToken === null) return unreadable(row, true);
    try {
      const fresh = await client.refresh(refreshToken);
      await repo.storeRefreshed(row.userId, row.refreshTokenEnc, {
        ...sealed(row.userId, fresh),
        expiresAt: fresh.expiresAt,
      });
      return fresh.accessToken;
    } catch (e) {
      if (e instanceof StravaRefused) {
        await repo.markRevoked(row.userId, row.refreshTokenEnc);
        return null;
      }
      await repo.releaseLease(row.userId);
      throw e;
    }
  }

  /**
   * Takes the lease and refreshes, or waits while another process does, then reads its result.
   * `staleAccessEnc`: the token a caller saw refused (forceRefresh), refreshed unless already
   * replaced.
   */
  async function refreshFlow(
    userId: number,
    staleAccessEnc: string | null,
  ): Promise<string | null> {
    const giveUpAt = Date.now() + REFRESH_WAIT_MS;
    for (;;) {
      const t = now();
      const claimed = await repo.claimRefresh({
        userId,
        refreshBefore: new Date(t.getTime() + STRAVA.refreshMarginSeconds * 1000),
        staleAccessEnc,
        leaseUntil: new Date(t.getTime() + REFRESH_LEASE_MS),
        now: t,
      });
      if (claimed) return refreshHeld(claimed);
      const row = await repo.find(userId);
      if (!row || row.revokedAt) return null;
      const needs = expiring(row) || row.accessTokenEnc === staleAccessEnc;
      if (!needs) {
        const token = cipher.open(row.accessTokenEnc, accessContext(userId));
        return token ?? unreadable(row);
      }
      if (Date.now() > giveUpAt) {
        throw new StravaUnavailable('Another process is still refreshing the Strava tokens');
      }
      await sleep(REFRESH_POLL_MS);
    }
  }

  const tokens: StravaTokens = {
    async accessToken(userId, opts = {}) {
      const row = await repo.find(userId);
      if (!row || row.revokedAt) return null;
      const current = cipher.open(row.accessTokenEnc, accessContext(userId));
      if (current === null) return unreadable(row);
      if (!opts.forceRefresh && !expiring(row)) return current;
      let flight = flights.get(userId);
      if (!flight) {
        flight = refreshFlow(userId, opts.forceRefresh ? row.accessTokenEnc : null).finally(() =>
          flights.delete(userId),
        );
        flights.set(userId, flight);
      }
      try {
        return await flight;
      } catch (e) {
        // Strava away: a token that is still good for a while does meanwhile.
        const stillGood = row.expiresAt.getTime() > now().getTime() + 60_000;
        if (!opts.forceRefresh && stillGood && e instanceof StravaUnavailable) return current;
        throw e;
      }
    },
    async markRevoked(userId) {
      await repo.markRevoked(userId);
    },
  };

  const service: StravaConnectService = {
    tokens,
    status: (userId) => repo.status(userId),

    authorize(userId, q) {
      let redirectUri = webCallbackUrl(deps.publicUrl);
      if (q.target === 'desktop') {
        // Only the desktop app's own loopback callback: an authorisation finished in a browser
        // without the member's session could attach anyone's Strava to the state's member.
        if (q.redirect_uri === undefined) throw badRequest(STRAVA_MESSAGES.desktopNoCallback);
        const loopback = loopbackRedirect(q.redirect_uri);
        if (!loopback) throw badRequest(STRAVA_MESSAGES.desktopRedirect);
        redirectUri = loopback.toString();
      }
      const state = deps.state.issue(userId, now());
      const url = new URL(`${deps.endpoints.webBaseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: deps.endpoints.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        approval_prompt: 'auto',
        scope: STRAVA.scopes,
        state,
      }).toString();
      return { url: url.toString(), state };
    },

    async connect(userId, body) {
      if (!can({ id: userId }, 'account.connectStrava', { ownerId: body.user_id })) {
        throw forbidden('You can only connect your own account.');
      }
      // v1 desktop clients send no state; when one is sent it must be ours and the caller's.
      if (body.state !== undefined && !deps.state.check(body.state, userId, now())) {
        throw badRequest(STRAVA_MESSAGES.badState);
      }
      if (body.scope !== undefined && !grantsUpload(body.scope)) {
        throw badRequest(STRAVA_MESSAGES.scopeMissing);
      }
      let granted;
      try {
        granted = await client.exchangeCode(body.code);
      } catch (e) {
        if (e instanceof StravaRefused) throw badRequest(STRAVA_MESSAGES.codeRefused);
        if (e instanceof StravaUnavailable) {
          deps.log.warn({ err: e }, 'Strava code exchange failed');
          throw unavailable(STRAVA_MESSAGES.unavailable);
        }
        throw e;
      }
      // One athlete, one member: Strava revokes per athlete, so a second member's disconnect
      // would end the first's connection, and someone else's Strava must not be attachable.
      if (await repo.athleteTakenByOther(granted.athlete.id, userId)) {
        throw conflict(STRAVA_MESSAGES.athleteTaken);
      }
      const previous = await repo.find(userId);
      await repo.upsert(
        {
          userId,
          athleteId: granted.athlete.id,
          athleteName: granted.athlete.name,
          scope: body.scope?.trim() ?? '',
          ...sealed(userId, granted),
          expiresAt: granted.expiresAt,
        },
        now(),
      );
      // Another Strava athlete than before: the old one's authorisation is let go. (The same
      // athlete's would revoke the tokens just received: Strava revokes per athlete.)
      if (previous && !previous.revokedAt && previous.athleteId !== granted.athlete.id) {
        const old = cipher.open(previous.accessTokenEnc, accessContext(userId));
        if (old) await client.deauthorize(old).catch(() => undefined);
      }
    },

    async disconnect(userId) {
      const row = await repo.find(userId);
      if (!row) return;
      if (!row.revokedAt) {
        try {
          const token = await tokens.accessToken(userId);
          if (token) await client.deauthorize(token);
        } catch (e) {
          // Best effort: the member is disconnected here whatever Strava says.
          deps.log.warn(
            { err: e, userId },
            'Strava deauthorisation failed; disconnected here anyway',
          );
        }
      }
      await repo.remove(userId);
    },
  };
  return service;
}
