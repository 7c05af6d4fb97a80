import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { HttpError, type FieldErrors } from '../lib/http-errors.ts';
import { t } from '../lib/i18n.ts';

/**
 * A route schema's refusal as the API answers bad input: 422, each field (a dotted path, "body"
 * for the whole body) with its messages in the visitor's language (the schemas' messages are
 * translation keys; plain text passes through), and the first one as the summary.
 */
export function validationRefusal(request: FastifyRequest, issues: ZodFastifySchemaValidationError[]): HttpError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || 'body';
    const message = t(request, issue.message ?? 'ERROR_MESSAGES.INVALID_ERROR');
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  const [field, messages] = Object.entries(errors)[0]!;
  return new HttpError(422, `${field}: ${messages[0]}`, errors);
}

/**
 * Every API failure answers JSON `{ statusCode, message, errors? }`. Client mistakes keep their
 * 4xx status and say what was wrong; anything unexpected is logged and answers a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((caught: FastifyError | HttpError, request, reply) => {
    const error = hasZodFastifySchemaValidationErrors(caught) ? validationRefusal(request, caught.validation) : caught;
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
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
