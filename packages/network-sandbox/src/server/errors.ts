import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';

/** An SDK-facing failure: the SDK rejects with `{ reason, message }`. */
export class SdkError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** A network API failure, answered in the network's error body (reference section 9.2). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
    message: string,
    readonly detail: { reason: string; source?: string; sourceType?: SourceType }[] = [],
  ) {
    super(message);
  }

  toBody() {
    return {
      status: this.statusCode,
      reason: this.reason,
      message: this.message,
      errordetail: this.detail.map((d) => ({ ...d, message: this.message })),
    };
  }
}

export const invalidArgument = (field: string, message: string, sourceType: SourceType = 'BODY') =>
  new ApiError(400, 'INVALID_ARGUMENT', message, [{ reason: 'INVALID_FORMAT', source: field, sourceType }]);

type SourceType = 'BODY' | 'HEADER' | 'QUERY' | 'PATH';
const SOURCE_TYPES: Record<string, SourceType> = {
  body: 'BODY',
  headers: 'HEADER',
  querystring: 'QUERY',
  params: 'PATH',
};

/** `/confirmationData/checkoutEventType` as the routes name it: `confirmationData.checkoutEventType`, `origins[2]`. */
const fieldOf = (instancePath: string) =>
  instancePath
    .split('/')
    .filter(Boolean)
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');

/** A route schema's refusal, answered as the route's own check of that member answers it. */
function validationRefusal(issues: ZodFastifySchemaValidationError[], context: string): ApiError {
  const [issue] = issues;
  const location = Object.hasOwn(SOURCE_TYPES, context) ? context : 'body';
  return invalidArgument(
    fieldOf(issue!.instancePath) || location,
    issue!.message ?? 'Invalid input',
    SOURCE_TYPES[location]!,
  );
}

/** The network APIs' error handler: every failure in the network's error body; `label` names it in the log. */
export const networkErrorHandler =
  (label: string) => (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refusal = validationRefusal(error.validation, (error as FastifyError).validationContext ?? 'body');
      return reply.status(refusal.statusCode).send(refusal.toBody());
    }
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toBody());
    // The network window's guard, on a route of the network API (revocation).
    if (error instanceof SdkError) {
      return reply.status(error.statusCode).send(new ApiError(error.statusCode, error.reason, error.message).toBody());
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send(new ApiError(status, 'INVALID_ARGUMENT', error.message).toBody());
    }
    request.log.error({ err: error }, `sandbox ${label} failed`);
    return reply.status(500).send(new ApiError(500, 'INTERNAL', 'Something went wrong in the sandbox').toBody());
  };
