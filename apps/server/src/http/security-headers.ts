import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries, whoever produced it (API, signed media, public media, the web
 * app). `nosniff`: browsers use the content type we send and never guess another from the
 * bytes, so an uploaded file cannot be run as HTML or script.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
}
