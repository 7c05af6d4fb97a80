import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';

/**
 * Every API failure answers JSON `{ statusCode, message, errors? }`. Client mistakes keep their
 * 4xx status and say what was wrong; anything unexpected is logged and answers a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const field =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code?.startsWith('FST_ERR_CTP') ? 'body' : undefined;
      return reply.status(status).send({
        statusCode: status,
        message: error.message,
        ...(field ? { errors: { [field]: [error.message] } } : {}),
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ statusCode: 500, message: 'Something went wrong, please try again later' });
  });
}
