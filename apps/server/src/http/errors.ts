/**
 * Typed errors thrown by services, and the one handler that turns every error into the
 * envelope `{ statusCode, code, message, details? }`.
 */
import type { ErrorCode } from '@console/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra response headers (Retry-After, say). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: unknown, code: ErrorCode = 'VALIDATION_ERROR') {
    super(400, code, message, details);
  }
}
export class Unauthenticated extends AppError {
  constructor(message = 'You need to sign in.', code: ErrorCode = 'UNAUTHENTICATED', details?: unknown) {
    super(401, code, message, details);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do this.', code: ErrorCode = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found.', code: ErrorCode = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code: ErrorCode = 'CONFLICT', details?: unknown) {
    super(409, code, message, details);
  }
}

/** The code of the error envelope each reply answered (the request log reads it once the answer has left). */
const answeredCodes = new WeakMap<FastifyReply, string>();

/** The `code` of the error envelope the handler below answered, if it answered one. */
export const answeredErrorCode = (reply: FastifyReply): string | undefined => answeredCodes.get(reply);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, request, reply) => {
    const answer = (status: number, body: { statusCode: number; code: string; message: string; details?: unknown }) => {
      answeredCodes.set(reply, body.code);
      return reply.status(status).send(body);
    };
    // The database driver wraps what its client threw: the embedded database's queue refuses
    // a statement with an AppError (503 SERVICE_BUSY, db/queue.ts), which drizzle hands on as its cause.
    const err = thrown.cause instanceof AppError ? thrown.cause : thrown;
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return answer(err.statusCode, {
        statusCode: err.statusCode,
        code: err.code,
        message: err.message,
        ...(err.details === undefined ? {} : { details: err.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return answer(400, {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        details: err.validation.map((v) => ({
          path: v.instancePath || `/${(v.params.issue as { path?: PropertyKey[] }).path?.join('/') ?? ''}`,
          message: v.message,
          in: err.validationContext,
        })),
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return answer(500, { statusCode: 500, code: 'INTERNAL', message: 'Unknown error' });
    }
    const fe = err as FastifyError;
    const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return answer(status, { statusCode: status, code: 'INTERNAL', message: 'Unknown error' });
    }
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
    return answer(status, { statusCode: status, code, message: fe.message });
  });
}
