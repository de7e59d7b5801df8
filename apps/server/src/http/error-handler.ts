import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.js';

/** Names the field at fault: `body.email: Invalid Email`, `params.id: must be a number`. */
function validationMessage(
  error: FastifyError & { validation: Array<{ instancePath: string; message?: string }> },
): string {
  const where = error.validationContext ?? 'body';
  return error.validation
    .map((v) => {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return `${field ? `${where}.${field}` : where}: ${v.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** Every error answers `{ status: 'failure', message }`; 4xx keep their status, nothing leaks. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ status: 'failure', message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ status: 'failure', message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ status: 'failure', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: 'failure', message: 'Something went wrong on our side.' });
  });
}

/** Refusals Fastify makes before routing (a path that is not valid percent-encoding). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is malformed (its percent-encoding is not valid).',
};

/** Fastify's `frameworkErrors`: the same `{ status: 'failure', message }` shape as every error. */
export function frameworkErrorAnswer(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .send({ status: 'failure', message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
}
