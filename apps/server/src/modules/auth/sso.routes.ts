/**
 * GET auth/{provider}/start?redirect=/path  → 302 to the provider
 * GET auth/{provider}/callback             → session and cookies, then 302 to the web app's
 *   /auth/{provider}/success?redirect=/path, or /auth/{provider}/error?code=CODE
 */
import { errorEnvelope, ssoProvider } from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInRateLimit } from '../../http/rate-limit.js';
import { assertSafeRedirect } from '../../http/redirects.js';
import { setSessionCookies } from '../../http/session-cookies.js';
import type { ApiModule } from '../../registry.js';
import { recordSuccessfulSignIn } from './auth.repository.js';
import { startSession, userInfoOf } from './auth.service.js';
import { createSsoClients, finishSso, isSsoError, startSso } from './sso.js';

const STATE_COOKIE = 'sso-state';
const params = z.object({ provider: ssoProvider });

export const ssoRoutes: ApiModule = async (app, { deps }) => {
  const { config } = deps;
  const clients = createSsoClients(config);
  const rateLimit = signInRateLimit(deps);
  const cookiePath = `${config.API_BASE_PATH}/auth`;
  const secure = config.PUBLIC_URL.startsWith('https:');

  app.get(
    '/auth/:provider/start',
    {
      onRequest: rateLimit,
      schema: {
        operationId: 'startSingleSignOn',
        tags: ['auth'],
        params,
        querystring: z.object({ redirect: z.string().max(2000).optional(), email: z.string().email().optional() }),
        response: { 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const redirectPath = assertSafeRedirect(request.query.redirect);
      const { url, state, maxAgeSeconds } = await startSso(deps, clients, request.params.provider, redirectPath, request.query.email);
      // Lax: the provider's redirect back is a top-level GET, which carries it.
      reply.setCookie(STATE_COOKIE, state, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/auth/:provider/callback',
    { onRequest: rateLimit, schema: { operationId: 'finishSingleSignOn', tags: ['auth'], params } },
    async (request, reply) => {
      const { provider } = request.params;
      reply.clearCookie(STATE_COOKIE, { path: cookiePath });
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      try {
        const { principal, redirectPath } = await finishSso(deps, clients, provider, query, request.cookies[STATE_COOKIE]);
        const { secret, user, auth } = await startSession(deps, principal, provider, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        });
        await recordSuccessfulSignIn(deps.database.db, principal.userId, deps.clock.now());
        setSessionCookies(reply, config, secret, userInfoOf(user), auth.expiresAt);
        return reply.redirect(`/auth/${provider}/success?redirect=${encodeURIComponent(redirectPath)}`, 302);
      } catch (err) {
        if (!isSsoError(err)) throw err;
        request.log.warn({ provider, code: err.code, reason: err.message }, 'single sign-on refused');
        return reply.redirect(`/auth/${provider}/error?code=${encodeURIComponent(err.code)}`, 302);
      }
    },
  );
};
