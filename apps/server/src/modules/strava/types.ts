import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
/**
 * The seams between Strava's parts (docs/strava.md): connecting (connect.ts, tokens) and
 * uploading (uploads) meet only here.
 */

/** Where Strava is: the real service, or the built-in stand-in under /strava-standin. */
export type StravaEndpoints = {
  clientId: string;
  clientSecret: string;
  /** Base of Strava's OAuth and API for the server's own requests (…/oauth/token, …/api/v3). */
  apiBaseUrl: string;
  /** Base the member's browser sees: the authorisation page and activity pages. */
  webBaseUrl: string;
  /** The built-in stand-in (no STRAVA_CLIENT_ID): pages say it is a test stand-in. */
  standIn: boolean;
};

/** What uploads need of a member's connection (implemented by the connect side). */
export type StravaTokens = {
  /**
   * A valid access token, refreshed first when it expires within STRAVA.refreshMarginSeconds
   * (or always, with forceRefresh: after a 401); null when the member is not connected or
   * Strava refused the connection (the member must connect again).
   */
  accessToken(userId: number, opts?: { forceRefresh?: boolean }): Promise<string | null>;
  /** Strava refused the member's tokens even after a refresh: show them as disconnected. */
  markRevoked(userId: number): Promise<void>;
};

/**
 * The built-in stand-in's pages and API (src/standins/strava), served when there is no
 * STRAVA_CLIENT_ID; app-modules.ts passes it in, so production code never imports it.
 */
export type StravaStandIn = (deps: {
  db: Db;
  publicUrl: string;
  /** Signs the consent form (derived from the Strava key, see token-crypto.ts). */
  formSecret: string;
  /** Uploads are read into scratch folders under here, then dropped. */
  scratchRoot: string;
}) => FastifyPluginAsync;
