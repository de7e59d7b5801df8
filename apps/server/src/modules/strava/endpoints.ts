import type { AddressInfo } from 'node:net';
import type { Config } from '../../config.js';
import type { StravaEndpoints } from './types.js';

/** Where the built-in stand-in lives on this server (docs/strava.md, 'The stand-in'). */
export const STANDIN_PREFIX = '/strava-standin';

/**
 * The stand-in's fixed application: it knows no other. Not a secret worth keeping (the stand-in
 * moves nothing real); the server's own requests send it as Strava's would be sent.
 */
export const STANDIN_CLIENT = { id: '1000', secret: 'ridealong-strava-stand-in' } as const;

/** The address a process listens on, as `server.address()` says it (null before it listens). */
export type OwnAddress = () => AddressInfo | string | null;

/** A host the server can reach itself on: a wildcard listen address means loopback. */
function ownHost(host: string): string {
  const h = host.trim();
  if (h === '' || h === '0.0.0.0' || h === '::' || h === '[::]') return '127.0.0.1';
  if (h.includes(':') && !h.startsWith('[')) return `[${h}]`;
  return h;
}

/**
 * Strava's addresses. With STRAVA_CLIENT_ID: the real service at STRAVA_BASE_URL (OAuth at
 * {base}/oauth/..., the API at {base}/api/v3, activity pages at {base}/activities/{id}).
 * Without: the stand-in under /strava-standin, which the browser reaches at PUBLIC_URL and the
 * server at its own listening address (`apiBaseUrl` is read when asked, so a server started on
 * port 0, as tests do, names the port it got).
 */
export function stravaEndpoints(
  config: Config,
  ownAddress: OwnAddress = () => null,
): StravaEndpoints {
  if (config.strava) {
    return {
      clientId: config.strava.clientId,
      clientSecret: config.strava.clientSecret,
      apiBaseUrl: config.strava.baseUrl,
      webBaseUrl: config.strava.baseUrl,
      standIn: false,
    };
  }
  return {
    clientId: STANDIN_CLIENT.id,
    clientSecret: STANDIN_CLIENT.secret,
    get apiBaseUrl() {
      const address = ownAddress();
      const port = address && typeof address === 'object' ? address.port : config.port;
      return `http://${ownHost(config.host)}:${port}${STANDIN_PREFIX}`;
    },
    webBaseUrl: `${config.publicUrl}${STANDIN_PREFIX}`,
    standIn: true,
  };
}
