import type { Socket } from 'node:net';
import { securityHeaderLines } from './security-headers.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_TOKEN_HEADER, unstorableTextMessage } from '@ridealong/contracts';
import { badRequest } from './errors.js';

/** Headers whose values reach the database (the session token is looked up by its hash). */
const STORED_HEADERS = [AUTH_TOKEN_HEADER] as const;

function firstUnstorable(request: FastifyRequest, parts: Array<'headers' | 'params' | 'query'>) {
  for (const part of parts) {
    const value =
      part === 'headers'
        ? Object.fromEntries(STORED_HEADERS.map((h) => [h, request.headers[h]]))
        : request[part];
    const message = unstorableTextMessage(part, value);
    if (message) return message;
  }
  return null;
}

/**
 * One guard for text PostgreSQL cannot store (U+0000, lone surrogates) on every route: the
 * path, query and stored headers before anything else runs (the auth hook included), the
 * parsed body before validation. Routes then never send such text to the database.
 * Installed before the auth hook and every route.
 */
export function installStorableTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const message = firstUnstorable(request, ['headers', 'params', 'query']);
    if (message) throw badRequest(message);
  });
  app.addHook('preValidation', async (request) => {
    const message = unstorableTextMessage('body', request.body);
    if (message) throw badRequest(message);
  });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The headers are too large.'],
};

/**
 * Node's parser refuses a request it cannot read (a NUL in a header, a broken request line)
 * before Fastify sees it; this answers it in the API's shape (Fastify's `clientErrorHandler`).
 */
export function clientErrorAnswer(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request could not be read (a header or the request line is malformed).',
  ];
  const body = JSON.stringify({ status: 'failure', message });
  if (!socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Content-Type: application/json\r\n${securityHeaderLines()}Connection: close\r\n\r\n${body}`,
  );
}
