/**
 * Single sign-on connections (docs/product.md, "Single sign-on"): the organization's
 * Organizational Admins manage them; staff read them on the Super area's organization page;
 * anyone may be routed to and sign in through an enabled one.
 *
 * GET auth/sso/connections/{id}/start?redirect=/path → 302 to the identity provider
 * GET auth/sso/connections/{id}/callback             → session and cookies, then 302 to the web
 *   app's /auth/oidc/success?redirect=/path, or /auth/oidc/error?code=CODE; a test goes back
 *   to /single-sign-on?test={id}, where the section shows what arrived.
 */
import { ssoConnectionRoutes as routes, ssoConnectionSignInRoutes as signIn, staffSsoConnectionRoutes as staff } from '@console/contracts';
import type { FastifyReply } from 'fastify';
import { authOf, requireOrgAdmin, requireStaff } from '../../http/guards.js';
import { assertSafeRedirect } from '../../http/redirects.js';
import { registerRoute } from '../../http/route.js';
import { setSessionCookies } from '../../http/session-cookies.js';
import type { ApiModule } from '../../module-context.js';
import { deviceOf } from '../auth/auth.routes.js';
import { userInfoOf } from '../auth/auth.service.js';

/** Its own cookie beside the console providers' (`sso-state`): a test in one tab and a sign-in in another do not clash. */
const STATE_COOKIE = 'sso-connection-state';

export const ssoConnectionsPlugin: ApiModule = async (app, { deps, services }) => {
  const { ssoConnections, ssoConnectionSignIn, ssoDiscovery, signInRateLimit, organizations } = services;
  const { config } = deps;
  const cookiePath = `${config.API_BASE_PATH}/auth`;
  const secure = config.PUBLIC_URL.startsWith('https:');
  const keepState = (reply: FastifyReply, state: string, maxAge: number) =>
    // Lax: the provider's redirect back is a top-level GET, which carries it.
    reply.setCookie(STATE_COOKIE, state, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure, maxAge });

  // The Single sign-on screen's calls, for the organization's Organizational Admins.
  await app.register(async (admins) => {
    admins.addHook('onRequest', requireOrgAdmin);
    registerRoute(admins, routes.list, (request) => ssoConnections.list(authOf(request), request.query));
    registerRoute(admins, routes.create, (request) => ssoConnections.create(authOf(request), request.body));
    registerRoute(admins, routes.get, (request) => ssoConnections.get(authOf(request), request.params.id));
    registerRoute(admins, routes.update, (request) => ssoConnections.update(authOf(request), request.params.id, request.body));
    registerRoute(admins, routes.remove, (request) => ssoConnections.remove(authOf(request), request.params.id));
    registerRoute(admins, routes.rotateSecret, (request) =>
      ssoConnections.rotateSecret(authOf(request), request.params.id, request.body.clientSecret),
    );
    registerRoute(admins, routes.refusals, (request) => ssoConnections.refusals(authOf(request), request.params.id));
    registerRoute(admins, routes.testResult, (request) => ssoConnections.testResult(authOf(request), request.params.id));
    registerRoute(admins, routes.startTest, async (request, reply) => {
      const auth = authOf(request);
      const started = await ssoConnectionSignIn.start(request.params.id, '/single-sign-on', {
        organizationId: auth.organizationId,
        userId: auth.userId,
      });
      keepState(reply, started.state, started.maxAgeSeconds);
      return { url: started.url };
    });
  });

  // The Super area's organization page, read-only staff included.
  registerRoute(
    app,
    staff.list,
    async (request) => {
      await organizations.assertExists(request.params.id);
      return ssoConnections.listOf(request.params.id);
    },
    { onRequest: requireStaff('read') },
  );

  // Signing in: open, as the sign-in page is, within the sign-in routes' budget per address.
  await app.register(async (open) => {
    open.addHook('onRequest', signInRateLimit);
    registerRoute(open, signIn.discover, (request) => ssoDiscovery.discover(request.body.email));

    registerRoute(open, signIn.start, async (request, reply) => {
      const redirectPath = assertSafeRedirect(request.query.redirect);
      const started = await ssoConnectionSignIn.start(request.params.id, redirectPath);
      keepState(reply, started.state, started.maxAgeSeconds);
      return reply.redirect(started.url, 302);
    });

    registerRoute(open, signIn.callback, async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, { path: cookiePath });
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const result = await ssoConnectionSignIn.finish(request.params.id, query, request.cookies[STATE_COOKIE], deviceOf(request));
      if (result.outcome === 'tested') return reply.redirect(`/single-sign-on?test=${encodeURIComponent(result.connectionId)}`, 302);
      if (result.outcome === 'refused') {
        request.log.warn({ connectionId: request.params.id, code: result.code }, 'single sign-on through a connection refused');
        return reply.redirect(`/auth/oidc/error?code=${encodeURIComponent(result.code)}`, 302);
      }
      const { session, redirectPath } = result;
      setSessionCookies(reply, config, session.secret, userInfoOf(session.user), session.auth.expiresAt);
      return reply.redirect(`/auth/oidc/success?redirect=${encodeURIComponent(redirectPath)}`, 302);
    });
  });
};
