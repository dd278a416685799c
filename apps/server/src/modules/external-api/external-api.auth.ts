/**
 * The guard of every external API call but the token endpoint: an access key in the
 * `apiKey` header AND a user's idToken as a bearer token, of the same organization, for a
 * user with an API role who signs in with a password; or, with no Authorization header, a
 * key that acts on its own (decision 069): the key alone, as a service identity of its
 * organization. Each refusal has its own code.
 * An `onRequest` hook (http/guards.ts, decision 012): it reads headers only, so it runs
 * before the query and body are validated or the body read; a refused call learns nothing
 * of the route's shape. Its own order stays: key, rate limit, token, then the rest.
 *
 * Before a key is known a call has no key's budget to spend: a missing, malformed, unknown or
 * expired key spends its source address's (`sourceLimit`), and an address whose budget is
 * spent is refused before any look-up (docs/decisions/020-brute-force-and-probing.md).
 *
 * Every answer of a known key tells its budget in the IETF RateLimit fields, set here on the
 * reply from the limiter's memory (decision 070); an address without a valid key hears of its
 * budget only in the 429 that says it is spent.
 */
import { apiRoles, externalApiErrorCodes as codes } from '@console/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { type KeyContext, type PersonContext, requestClient } from '../../http/auth-context.js';
import { AppError, Forbidden, Unauthenticated } from '../../http/errors.js';
import { enforceRateLimit, type RateLimiter, rateLimited, ratePolicy } from '../../http/rate-limit.js';
import type { AccessKeyAuthenticator, AuthenticatedKey } from '../access-keys/access-key-auth.js';
import { type BearerDeps, peekBearerUser, resolveBearerUser } from '../auth/principal.js';
import { withVerifiedTokenCache } from './verified-tokens.js';

export interface ExternalApiGuardDeps {
  authenticateKey: AccessKeyAuthenticator;
  rateLimit: RateLimiter;
  /** Calls per source address whose key is not (yet) known. */
  sourceLimit: RateLimiter;
  /** Verifies an idToken and loads its user (identity); throws 401 on a bad or expired token. */
  resolveBearer: (idToken: string) => Promise<PersonContext>;
  /** The same from memory alone, or undefined (then resolveBearer decides). */
  peekBearer?: (idToken: string) => PersonContext | undefined;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createExternalApiGuard(deps: ExternalApiGuardDeps) {
  const keyPolicy = ratePolicy('access-key', deps.rateLimit);
  const sourcePolicy = ratePolicy('address', deps.sourceLimit);

  /** The key's budget on the answer, whatever it turns out to be (a refusal after the key keeps the fields). */
  function announce(reply: FastifyReply, key: AuthenticatedKey) {
    const status = deps.rateLimit.status(rateKey(key));
    reply.header('ratelimit-policy', keyPolicy.field);
    if (status) reply.header('ratelimit', keyPolicy.status(status));
  }

  /**
   * Everything from memory (key, token, user, a call left in the rate-limit lease) and
   * allowed: no promise, no wait. Anything else goes the full way, with its refusals.
   */
  function admittedFromMemory(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.headers.authorization === undefined) return keyAloneFromMemory(request, reply);
    const bearer = deps.peekBearer && BEARER.exec(request.headers.authorization ?? '')?.[1];
    const auth = bearer ? deps.peekBearer?.(bearer) : undefined;
    if (auth?.signInProvider !== 'password' || !apiRoles.includes(auth.role)) return false;
    const key = deps.authenticateKey.peek(request.headers.apikey);
    if (!key || key.organizationId !== auth.organizationId) return false;
    request.callerKey = key;
    if (!deps.rateLimit.tryTake(rateKey(key))?.allowed) return false;
    announce(reply, key);
    request.auth = { ...apiContext(auth, key), client: requestClient(request) };
    return true;
  }

  /** A key that acts on its own, with no Authorization header, from memory and allowed. */
  function keyAloneFromMemory(request: FastifyRequest, reply: FastifyReply): boolean {
    const key = deps.authenticateKey.peek(request.headers.apikey);
    if (!key?.actsAlone) return false;
    request.callerKey = key;
    if (!deps.rateLimit.tryTake(rateKey(key))?.allowed) return false;
    announce(reply, key);
    request.auth = keyContext(key, request);
    return true;
  }

  /**
   * The caller's context with its key, made once per user context and key: peekBearer's are shared.
   * Made again when the key's permissions are another object (its row was read again after a change).
   */
  const apiContexts = new WeakMap<PersonContext, { key: AuthenticatedKey; auth: PersonContext }>();
  function apiContext(auth: PersonContext, key: AuthenticatedKey): PersonContext {
    const made = apiContexts.get(auth);
    if (
      made?.key.accessKeyId === key.accessKeyId &&
      made.key.permissions === key.permissions &&
      made.key.accessKeyName === key.accessKeyName
    ) {
      return made.auth;
    }
    const context = Object.freeze({
      ...auth,
      via: 'api' as const,
      accessKeyId: key.accessKeyId,
      accessKeyName: key.accessKeyName,
      accessKeyPermissions: key.permissions,
    });
    apiContexts.set(auth, { key, auth: context });
    return context;
  }

  return function guardExternalCall(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
    if (admittedFromMemory(request, reply)) return done();
    fullCheck(request, reply).then(() => done(), done);
  };

  async function fullCheck(request: FastifyRequest, reply: FastifyReply) {
    const source = sourceKey(request.ip);
    const spent = deps.sourceLimit.refusedFromMemory(source);
    if (spent && !spent.allowed) throw rateLimited(spent.retryAfterSeconds, unknownKeysMessage, sourcePolicy);
    const keyHeader = request.headers.apikey;
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
    // The key and the user are looked up together; a key problem is reported first.
    const user = bearer ? deps.resolveBearer(bearer) : Promise.reject(missingToken());
    user.catch(() => undefined); // awaited below unless the key or the rate limit refuses first
    const key = await deps.authenticateKey(keyHeader).catch(async (err: unknown) => {
      // A key refusal spends the address's budget; the call that finds it spent is answered 429.
      if (err instanceof AppError && err.statusCode === 401)
        await enforceRateLimit(deps.sourceLimit, source, unknownKeysMessage, sourcePolicy);
      throw err;
    });
    // The call is its key's organization's from here: refused or not, the request log has it.
    request.callerKey = key;

    await enforceRateLimit(deps.rateLimit, rateKey(key), (s) => `Too many requests with this access key: try again in ${s} s.`, keyPolicy);
    announce(reply, key);

    // The key alone, when it acts on its own and no token is sent (decision 069); any Authorization header is a person's.
    if (request.headers.authorization === undefined && key.actsAlone) {
      request.auth = keyContext(key, request);
      return;
    }
    const auth = await user;
    if (auth.signInProvider !== 'password') {
      throw new Forbidden(
        'Single sign-on accounts cannot use the API: it needs a user who signs in with a password.',
        codes.ssoNotSupported,
      );
    }
    if (!apiRoles.includes(auth.role)) {
      throw new Forbidden('Only Organizational Admins, Workspace Admins and Publishers can use the API.', codes.roleNotAllowed);
    }
    if (auth.organizationId !== key.organizationId) {
      throw new Forbidden("The access key belongs to another organization than the idToken's user.", codes.apiKeyWrongOrganization);
    }
    request.auth = { ...apiContext(auth, key), client: requestClient(request) };
  }
}

/**
 * A key acting on its own: a service identity of its organization with the Organizational
 * Admin's scope, which the key's permissions narrow (key-permissions.ts). No person: "SSO
 * login only" and people's accounts do not bind it; what services write as a person is null.
 */
function keyContext(key: AuthenticatedKey, request: FastifyRequest): KeyContext {
  return {
    userId: null,
    organizationId: key.organizationId,
    email: null,
    displayName: key.accessKeyName,
    organizationName: null,
    locale: null,
    role: 'org_admin',
    allowedRoleTypes: [],
    signInProvider: null,
    isStaff: false,
    via: 'api',
    expiresAt: null,
    accessKeyId: key.accessKeyId,
    accessKeyName: key.accessKeyName,
    accessKeyPermissions: key.permissions,
    client: requestClient(request),
  };
}

const rateKey = (key: { accessKeyId: string }) => `api-key:${key.accessKeyId}`;
const sourceKey = (ip: string) => `api-source:${ip}`;
const unknownKeysMessage = (s: number) => `Too many calls without a valid access key from this address: try again in ${s} s.`;

const missingToken = () =>
  new Unauthenticated(
    'The Authorization header is missing: send "Authorization: Bearer <idToken>" from POST /api/v1/auth/token.',
    codes.tokenMissing,
  );

/**
 * The users behind bearer idTokens: the auth module's resolveBearerUser with the idTokens
 * this process verified before (verified-tokens.ts) and, while the change feed runs, the
 * cached users; `peek` answers from memory alone (undefined when the caches do not run).
 * resolveBearerUser reads the config, the idTokens and the people as sign-in reads them.
 */
export function createBearerUsers(
  deps: BearerDeps & Pick<AppDeps, 'clock'>,
  users: NonNullable<Parameters<typeof resolveBearerUser>[2]> | undefined,
) {
  const bearerDeps = { ...deps, idTokens: withVerifiedTokenCache(deps.idTokens, deps.clock) };
  return {
    resolve: (idToken: string) => resolveBearerUser(bearerDeps, idToken, users),
    peek: users ? (idToken: string) => peekBearerUser(bearerDeps, idToken, users) : undefined,
  };
}

export type BearerUsers = ReturnType<typeof createBearerUsers>;
