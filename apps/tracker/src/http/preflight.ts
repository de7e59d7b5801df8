import type { IncomingHttpHeaders } from 'node:http';

export interface PreflightAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * The answer to a CORS preflight (OPTIONS). Chrome's Private Network Access sends one with
 * `Access-Control-Request-Private-Network: true` before a public page may reach 127.0.0.1;
 * only allowed origins get `Access-Control-Allow-Private-Network: true` and the CORS headers.
 */
export function answerPreflight(
  headers: IncomingHttpHeaders,
  allows: (origin: string | undefined) => boolean,
): PreflightAnswer {
  const origin = headers.origin;
  if (origin === undefined) return { status: 204, headers: {} };
  if (!allows(origin)) return { status: 403, headers: { Vary: 'Origin' } };
  const out: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
  const requested = headers['access-control-request-headers'];
  if (requested) out['Access-Control-Allow-Headers'] = requested;
  if (headers['access-control-request-private-network'] === 'true') {
    out['Access-Control-Allow-Private-Network'] = 'true';
  }
  return { status: 204, headers: out };
}
