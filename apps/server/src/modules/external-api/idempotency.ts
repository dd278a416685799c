/**
 * Idempotency keys on the external API's writes (docs/decisions/070-idempotency-keys-and-rate-limit-headers.md).
 * A POST, PUT, PATCH or DELETE sent with `Idempotency-Key` is run once per access key and key:
 * its answer (status, content type, body) is kept IDEMPOTENCY_KEY_HOURS in idempotent_requests,
 * and a repeat is answered from there with `Idempotent-Replayed: true`, whichever replica it
 * reaches. The same key with another request is refused 422, and a repeat while the first still
 * runs 409 with Retry-After. An answer of 500 or more, or a 429, is not kept: the key is let go,
 * so a retry runs the call again (the call's transaction left nothing done).
 *
 * Hooks of the write routes only (added as each is registered, `onRoute`), so a read pays
 * nothing: the header's form is checked with the route's other guards, before the body is read;
 * the key is claimed once the body is valid (a refused input keeps nothing, as with Stripe), and
 * the answer kept before it leaves, so a repeat sent after it is answered from the kept one.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  externalApiErrorCodes as codes,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@console/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Clock } from '../../deps.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { authOf } from '../../http/guards.js';
import type { IdempotencyScope, IdempotentRequestsRepository, KeptRequest } from './idempotency.repository.js';

/** How long a running call holds its key without renewing it: a call whose process died frees it after this. */
const HOLD_SECONDS = 60;
/** A call still running after this stops renewing its hold. */
const HOLD_MAX_MS = 15 * 60_000;
/** What a repeat that meets the first still running is told to wait. */
const IN_FLIGHT_RETRY_SECONDS = 2;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Printable ASCII, space to tilde, as Stripe and the IETF draft's sf-string take it. */
const KEY_FORM = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/**
 * The key of a header's value, or undefined when it is not one. The IETF draft sends it as a
 * quoted string (`"8e03978e-…"`), Stripe bare: both are the same key.
 */
export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  return KEY_FORM.test(key) ? key : undefined;
}

/**
 * What a repeat must match: the method, the path with its query, and the body as the route read it
 * (after validation, its keys in order, so spacing and the order of fields do not matter). A
 * multipart upload is read by its handler, after the key is claimed: its media type and length
 * stand for it (decision 070).
 */
export function fingerprintOf(request: FastifyRequest): string {
  const body = request.isMultipart?.()
    ? `multipart ${String(request.headers['content-length'] ?? 'chunked')}`
    : canonicalJson(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('base64url');
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

interface Hold {
  scope: IdempotencyScope;
  attempt: string;
  timer: NodeJS.Timeout;
}

export function createIdempotentWrites(deps: { repo: IdempotentRequestsRepository; clock: Clock; log?: FastifyBaseLogger }) {
  const { repo, clock } = deps;
  const keys = new WeakMap<FastifyRequest, string>();
  const holds = new WeakMap<FastifyRequest, Hold>();

  const readKey: onRequestHookHandler = (request, _reply, done) => {
    const value = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (value === undefined) return done();
    const key = parseIdempotencyKey(value);
    if (key === undefined) return done(invalidKey());
    keys.set(request, key);
    done();
  };

  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply) {
    const idempotencyKey = keys.get(request);
    const { organizationId, accessKeyId } = authOf(request);
    if (idempotencyKey === undefined || accessKeyId === undefined) return;
    const scope = { organizationId, accessKeyId, idempotencyKey };
    const fingerprint = fingerprintOf(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    // A row found gone (its first call failed and let go) is claimed again; twice is plenty.
    for (let tries = 0; tries < 3; tries++) {
      const attempt = randomUUID();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_HOURS * 3_600_000);
      const kept = await repo.claim(scope, { fingerprint, route, attempt, now, expiresAt, holdSeconds: HOLD_SECONDS });
      if (kept === true) {
        holds.set(request, { scope, attempt, timer: prolonging(scope, attempt) });
        return;
      }
      if (kept === undefined) continue;
      if (kept.fingerprint !== fingerprint) throw reused(kept.route);
      if (kept.status === null) throw inFlight();
      return replay(reply, kept);
    }
    throw inFlight();
  }

  function replay(reply: FastifyReply, kept: KeptRequest) {
    reply.code(kept.status!).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (kept.contentType) reply.type(kept.contentType);
    return reply.send(kept.body);
  }

  /** While the call runs, its hold is renewed: only a call whose process is gone loses it. */
  function prolonging(scope: IdempotencyScope, attempt: string): NodeJS.Timeout {
    const started = Date.now();
    const timer = setInterval(
      () => {
        if (Date.now() - started > HOLD_MAX_MS) return clearInterval(timer);
        repo.prolong(scope, attempt, HOLD_SECONDS).catch((err: unknown) => deps.log?.warn({ err }, 'idempotency hold not renewed'));
      },
      (HOLD_SECONDS * 1000) / 3,
    );
    timer.unref();
    return timer;
  }

  async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const hold = holds.get(request);
    if (!hold) return payload;
    holds.delete(request);
    clearInterval(hold.timer);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    // A 5xx left nothing done, and a 429 says "later": kept, either would answer every retry for a day.
    if (reply.statusCode >= 500 || reply.statusCode === 429 || body === undefined) {
      await repo.release(hold.scope, hold.attempt);
    } else {
      const contentType = reply.getHeader('content-type');
      await repo.keep(hold.scope, hold.attempt, {
        status: reply.statusCode,
        contentType: contentType === undefined ? null : String(contentType),
        body,
      });
    }
    return payload;
  }

  return {
    /**
     * The `onRoute` hook of the key's callers' scope: a write route gets the three hooks. Its
     * onSend goes first, before compression's, to keep the answer as the route made it.
     */
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => WRITES.has(method))) return;
      route.onRequest = [...asList(route.onRequest), readKey];
      route.preHandler = [...asList(route.preHandler), claimOrReplay];
      route.onSend = [keepAnswer, ...asList(route.onSend)];
    },
  };
}

export type IdempotentWrites = ReturnType<typeof createIdempotentWrites>;

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

const invalidKey = () =>
  new ValidationError(
    `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters (a UUID is a good key).`,
    undefined,
    codes.idempotencyKeyInvalid,
  );

const reused = (route: string) =>
  new AppError(
    422,
    codes.idempotencyKeyReused,
    `This Idempotency-Key was used in the last ${IDEMPOTENCY_KEY_HOURS} hours for another request (${route} with other parameters): send a new key with a new request.`,
    { route },
  );

const inFlight = () =>
  new AppError(
    409,
    codes.idempotencyKeyInFlight,
    `The first request with this Idempotency-Key is still running: try again in ${IN_FLIGHT_RETRY_SECONDS} s to get its answer.`,
    { retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS },
    { 'retry-after': String(IN_FLIGHT_RETRY_SECONDS) },
  );
