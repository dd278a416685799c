/** Sign-in, the browser session and its cookies (spec section 7, "auth" calls). */
import {
  acceptInvitationBody,
  authErrorMessage,
  checkParams,
  checkQuery,
  checkResponse,
  createSessionBody,
  customTokenBody,
  errorEnvelope,
  idTokenResponse,
  jwksResponse,
  logoutResponse,
  passwordSignInBody,
  trackActivityBody,
  trackActivityResponse,
  userResponse,
  validateOauthBody,
  validateOauthResponse,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCsrf } from '../../http/csrf.js';
import { AppError } from '../../http/errors.js';
import { signInRateLimit } from '../../http/rate-limit.js';
import { clearSessionCookies, setSessionCookies } from '../../http/session-cookies.js';
import type { ApiModule } from '../../registry.js';
import { assertSelf, authenticatedUserOf, checkEmail, openSession, passwordSignIn, userInfoOf } from './auth.service.js';
import { requireSignedIn, resolveSession } from './guards.js';
import { acceptInvitation } from './invitations.js';
import { resolveBearerUser } from './principal.js';
import { revokeSession, touchSession } from './sessions.repository.js';
import { exchangeSignInLink } from './sign-in-links.js';
import { enabledSsoProviders } from './sso-config.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

export const authRoutes: ApiModule = async (app, { deps }) => {
  const { config } = deps;
  const rateLimit = signInRateLimit(deps);

  app.get(
    '/auth/jwks',
    { schema: { operationId: 'getJwks', tags: ['auth'], response: { 200: jwksResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.idTokens.jwks();
    },
  );

  app.get(
    '/auth/:provider/check',
    {
      onRequest: rateLimit,
      schema: {
        operationId: 'checkSignInEmail',
        tags: ['auth'],
        params: checkParams,
        querystring: checkQuery,
        response: { 200: checkResponse, ...errors },
      },
    },
    async (request) => checkEmail(deps, request.query.email, enabledSsoProviders(config)),
  );

  app.post(
    '/auth/sign-in',
    {
      onRequest: rateLimit,
      schema: {
        operationId: 'signInWithPassword',
        tags: ['auth'],
        body: passwordSignInBody,
        response: { 200: idTokenResponse, ...errors },
      },
    },
    async (request) => passwordSignIn(deps, request.body.email, request.body.password),
  );

  app.post(
    '/auth/custom',
    {
      onRequest: rateLimit,
      schema: { operationId: 'signInWithLink', tags: ['auth'], body: customTokenBody, response: { 200: idTokenResponse, ...errors } },
    },
    async (request) => exchangeSignInLink(deps, request.body.token),
  );

  app.post(
    '/auth/invitation/accept',
    {
      onRequest: rateLimit,
      schema: {
        operationId: 'acceptInvitation',
        tags: ['auth'],
        body: acceptInvitationBody,
        response: { 200: idTokenResponse, ...errors },
      },
    },
    async (request) => acceptInvitation(deps, request.body.token, request.body.password),
  );

  app.post(
    '/auth',
    {
      // The sign-in budget first, as on the other sign-in routes; then the CSRF check.
      onRequest: [rateLimit, requireCsrf],
      schema: { operationId: 'createSession', tags: ['auth'], body: createSessionBody, response: { 200: userResponse, ...errors } },
    },
    async (request, reply) => {
      const { secret, user, auth } = await openSession(deps, {
        ...request.body,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookies(reply, config, secret, userInfoOf(user), auth.expiresAt);
      return { user };
    },
  );

  app.get(
    '/auth/me',
    { onRequest: requireSignedIn, schema: { operationId: 'getCurrentUser', tags: ['auth'], response: { 200: userResponse, ...errors } } },
    async (request) => ({ user: authenticatedUserOf(request.auth!) }),
  );

  app.post(
    '/auth/track-activity',
    {
      onRequest: requireSignedIn,
      schema: {
        operationId: 'trackActivity',
        tags: ['auth'],
        body: trackActivityBody,
        response: { 200: trackActivityResponse, ...errors },
      },
    },
    async (request) => {
      const auth = request.auth!;
      assertSelf(auth, request.body.userId);
      const now = deps.clock.now();
      const row = await touchSession(deps.database.db, auth.sessionId!, now, 0, request.body.deviceInfo ?? null);
      return { lastActivityAt: (row?.lastActivityAt ?? now).toISOString() };
    },
  );

  app.post(
    '/auth/validate-oauth',
    {
      schema: {
        operationId: 'validateOauth',
        tags: ['auth'],
        body: validateOauthBody.optional(),
        response: { 200: validateOauthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const idToken = request.body?.idToken;
      try {
        const auth = idToken ? await resolveBearerUser(deps, idToken) : await resolveSession(request, reply);
        return { validatorResponse: { valid: true, user: authenticatedUserOf(auth) } };
      } catch (err) {
        // A bad or missing credential is the answer "not valid", not an error; CSRF stays an error.
        if (err instanceof AppError && err.statusCode === 401) return { validatorResponse: { valid: false, user: null } };
        throw err;
      }
    },
  );

  app.delete(
    '/logout',
    {
      onRequest: requireCsrf,
      schema: { operationId: 'logout', tags: ['auth'], response: { 200: logoutResponse, ...errors, 500: errorEnvelope } },
    },
    async (request, reply) => {
      try {
        const auth = await resolveSession(request, reply);
        await revokeSession(deps.database.db, auth.sessionId!, auth.userId, deps.clock.now());
      } catch (err) {
        // Already signed out (no cookie, revoked or expired): still clear what the browser holds.
        if (err instanceof AppError && err.statusCode === 401) {
          clearSessionCookies(reply, config);
          return { loggedOut: true as const };
        }
        if (err instanceof AppError && err.statusCode < 500) throw err;
        request.log.error({ err }, 'logout failed');
        throw new AppError(500, 'LOGOUT_FAILED', authErrorMessage('LOGOUT_FAILED', config.PRODUCT_NAME));
      }
      clearSessionCookies(reply, config);
      return { loggedOut: true as const };
    },
  );
};

/** The JWKS at the well-known address too, outside the API base path. */
export const wellKnownRoutes: ApiModule = async (app, { deps }) => {
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.idTokens.jwks();
  });
};
