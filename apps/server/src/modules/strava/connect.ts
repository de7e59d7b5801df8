import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { stravaAccountsRepository, type StravaStatus } from './accounts-repository.js';
import { stravaConnectService, type StravaConnectService } from './connect-service.js';
import { stravaEndpoints, type OwnAddress } from './endpoints.js';
import { stravaOAuthClient } from './oauth-client.js';
import { oauthState } from './oauth-state.js';
import { deriveKey, stravaSecret, tokenCipher } from './token-crypto.js';
import type { StravaEndpoints, StravaStandIn, StravaTokens } from './types.js';

export type StravaConnect = {
  /** The real Strava or the stand-in (types.ts). */
  endpoints: StravaEndpoints;
  /** Members' access tokens for uploads (types.ts). */
  tokens: StravaTokens;
  /** What a User answer says about the member's connection (users/presenter.ts). */
  status: (userId: number) => Promise<StravaStatus>;
  service: StravaConnectService;
  /** The stand-in's pages and API (null with a real Strava): registered in every process. */
  standInRoutes: FastifyPluginAsync | null;
};

/**
 * Strava's Connect side, built once per process (app.ts; docs/strava.md): the key (from
 * STRAVA_TOKEN_KEY or $DATA_DIR/strava-token.key, the same in every process), the endpoints,
 * the OAuth client, the tokens uploads use and, without STRAVA_CLIENT_ID, the stand-in.
 * `ownAddress`: where this process listens (the stand-in's server-side address).
 */
export async function stravaConnect(deps: {
  config: Config;
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  ownAddress?: OwnAddress;
  /** Served without STRAVA_CLIENT_ID (src/standins/strava). */
  standIn: StravaStandIn;
}): Promise<StravaConnect> {
  const { config, db } = deps;
  const secret = await stravaSecret(config);
  const endpoints = stravaEndpoints(config, deps.ownAddress);
  const repo = stravaAccountsRepository(db);
  const service = stravaConnectService({
    repo,
    client: stravaOAuthClient(endpoints),
    cipher: tokenCipher(secret),
    state: oauthState(deriveKey(secret, 'oauth-state').toString('base64url')),
    endpoints,
    publicUrl: config.publicUrl,
    log: deps.log,
  });
  return {
    endpoints,
    tokens: service.tokens,
    status: service.status,
    service,
    standInRoutes: endpoints.standIn
      ? deps.standIn({
          db,
          publicUrl: config.publicUrl,
          formSecret: deriveKey(secret, 'standin-consent').toString('base64url'),
          scratchRoot: path.join(config.dataDir, 'tmp', 'strava-standin'),
        })
      : null,
  };
}
