/**
 * What of an external API call goes into the request log (docs/decisions/071-request-log.md),
 * taken in its `onResponse` hook, once the answer has left: the organization and access key
 * (`request.callerKey`, which the guard sets once it has found the key, whatever it decides
 * next), the method, the route's
 * pattern (never the path with its ids, nor the query), the status, the duration, the request
 * id the answer carried, the caller's address and User-Agent, and the error envelope's code.
 * Nothing else of the request is read: no header of a credential, no query, no body.
 *
 * A call refused before its key was known (no key, an unknown or expired one, an address out
 * of budget) has no organization to be logged for: the guard's rate limits and logs see it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../deps.js';
import { answeredErrorCode } from '../../http/errors.js';
import type { RequestLogRecorder } from './request-log.recorder.js';

/** A User-Agent is the caller's to write: kept short, and without NUL (which no text column holds). */
const USER_AGENT_MAX = 256;

/**
 * The `onResponse` hook of the external API's guarded calls. `basePath`: the API's base path,
 * taken off the route's pattern (`/api/v1/users/:id` is logged `/v1/users/:id`).
 */
export function requestLogHook(recorder: RequestLogRecorder, deps: { basePath: string; clock: Clock }) {
  const { basePath, clock } = deps;
  return function logCall(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const key = request.callerKey;
    const pattern = request.routeOptions.url;
    if (key && pattern) {
      const elapsedMs = reply.elapsedTime;
      const agent = request.headers['user-agent'];
      recorder.record({
        organizationId: key.organizationId,
        occurredAt: new Date(clock.now().getTime() - Math.round(elapsedMs)),
        accessKeyId: key.accessKeyId,
        accessKeyName: key.accessKeyName,
        method: request.method,
        route: pattern.startsWith(basePath) ? pattern.slice(basePath.length) : pattern,
        status: reply.statusCode,
        durationUs: Math.max(0, Math.round(elapsedMs * 1000)),
        requestId: String(request.id),
        ip: request.ip || null,
        userAgent: typeof agent === 'string' && agent !== '' ? agent.replaceAll('\u0000', '').slice(0, USER_AGENT_MAX) : null,
        errorCode: reply.statusCode >= 400 ? (answeredErrorCode(reply) ?? null) : null,
      });
    }
    done();
  };
}
