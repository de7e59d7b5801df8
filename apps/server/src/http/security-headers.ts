import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server } from 'node:http';

/**
 * Headers every answer carries, whoever produced it: Fastify's routes, handlers that take the
 * raw response over (tus), Socket.IO's polling transport and Node's own refusals. `nosniff`:
 * browsers use the content type we send and never guess another from the bytes, so an uploaded
 * file cannot be run as HTML or script.
 */
export const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff' } as const;

/**
 * Set on the raw response before any handler runs, so no code path can skip them. Engine.io
 * answers its polling requests without calling the server's other request listeners, so it
 * adds them through its own header events (`addToEngine`).
 */
export function installSecurityHeaders(server: Server): void {
  server.prependListener('request', (_req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  });
}

/** The header events of engine.io (Socket.IO's transport layer). */
type HeaderEvents = {
  on(
    event: 'headers' | 'initial_headers',
    listener: (headers: OutgoingHttpHeaders, req: { headers: IncomingHttpHeaders }) => void,
  ): unknown;
};

export function addSecurityHeadersToEngine(engine: HeaderEvents): void {
  const add = (headers: OutgoingHttpHeaders) => Object.assign(headers, SECURITY_HEADERS);
  engine.on('initial_headers', add);
  engine.on('headers', add);
}

/** The same headers as lines of a raw HTTP answer. */
export const securityHeaderLines = () =>
  Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
