/**
 * The guard of every external API call but the token endpoint: an access key in the
 * `apiKey` header AND a user's idToken as a bearer token, of the same organization, for a
 * user with an API role who signs in with a password. Each refusal has its own code.
 */
import { apiRoles, externalApiErrorCodes as codes } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../http/auth-context.js';
import { Forbidden, Unauthenticated } from '../../http/errors.js';
import { enforceRateLimit, type RateLimiter } from '../../http/rate-limit.js';
import type { AccessKeyAuthenticator } from '../integrations/access-key-auth.js';

export interface ExternalApiGuardDeps {
  authenticateKey: AccessKeyAuthenticator;
  rateLimit: RateLimiter;
  /** Verifies an idToken and loads its user (identity); throws 401 on a bad or expired token. */
  resolveBearer: (idToken: string) => Promise<AuthContext>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createExternalApiGuard(deps: ExternalApiGuardDeps) {
  return async function guardExternalCall(request: FastifyRequest) {
    const keyHeader = request.headers.apikey;
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
    // The key and the user are looked up together; a key problem is reported first.
    const user = bearer ? deps.resolveBearer(bearer) : Promise.reject(missingToken());
    user.catch(() => undefined); // awaited below unless the key or the rate limit refuses first
    const key = await deps.authenticateKey(keyHeader);

    await enforceRateLimit(
      deps.rateLimit,
      `api-key:${key.integrationId}`,
      (s) => `Too many requests with this access key: try again in ${s} s.`,
    );

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
    request.auth = { ...auth, via: 'api', integrationId: key.integrationId };
  };
}

const missingToken = () =>
  new Unauthenticated(
    'The Authorization header is missing: send "Authorization: Bearer <idToken>" from POST /api/v1/auth/token.',
    codes.tokenMissing,
  );
