/** Sign-in, the browser session and its cookies (docs/product.md, "Identity and sessions"). */
import { type RouteDef, authRoutes as routes } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import { personOf, requestClient } from '../../http/auth-context.js';
import { requireCsrf } from '../../http/csrf.js';
import { authOf, requireSignedIn, resolveSession } from '../../http/guards.js';
import { type RouteHandler, registerRoute } from '../../http/route.js';
import { clearSessionCookies, setSessionCookies } from '../../http/session-cookies.js';
import type { ApiModule } from '../../module-context.js';
import { authenticatedUserOf, type DeviceDetails, userInfoOf } from './auth.service.js';
import { resolveBearerUser } from './principal.js';

/** Where a sign-in comes from, recorded with its session. */
export function deviceOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): DeviceDetails {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export const authPlugin: ApiModule = async (
  app,
  { deps, services: { auth, sessions, invitations, signInLinks, passwordReset, signInRateLimit: rateLimit } },
) => {
  const { config } = deps;

  registerRoute(app, routes.jwks, (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.idTokens.jwks();
  });

  /** A way in (signing in, an invitation, a password reset): on the sign-in budget, its rate limit. */
  const wayIn = <R extends RouteDef>(def: R, handler: RouteHandler<R>) => registerRoute(app, def, handler, { onRequest: rateLimit });

  wayIn(routes.checkEmail, (request) => auth.checkEmail(request.query.email));
  wayIn(routes.signIn, (request) => auth.passwordSignIn(request.body.email, request.body.password, requestClient(request)));
  wayIn(routes.redeemSignInLink, (request) => signInLinks.exchange(request.body.token, requestClient(request)));
  wayIn(routes.acceptInvitation, (request) => invitations.accept(request.body.token, request.body.password, requestClient(request)));
  // An invitation's page checks its link on load; people who work in the platform's app
  // activate their account there (no console session). On the sign-in budget: each is a way in.
  wayIn(routes.checkInvitation, (request) => invitations.check(request.query.token));
  wayIn(routes.activateInvitation, (request) => invitations.activate(request.body.token, request.body.password, requestClient(request)));

  // Forgotten passwords: on the sign-in budget too, each step of it a way in. E-mails follow
  // their answer: a closing app lets those under way end before the database closes.
  app.addHook('onClose', () => passwordReset.settled());
  wayIn(routes.requestPasswordReset, (request) => passwordReset.request(request.body.email, requestClient(request), request.body.locale));
  wayIn(routes.checkPasswordReset, (request) => passwordReset.check(request.body.token));
  wayIn(routes.resetPassword, (request) => passwordReset.reset(request.body.token, request.body.password, requestClient(request)));

  registerRoute(
    app,
    routes.createSession,
    async (request, reply) => {
      const { secret, user, auth: session } = await auth.openSession({ ...request.body, ...deviceOf(request) });
      setSessionCookies(reply, config, secret, userInfoOf(user), session.expiresAt);
      return { user };
    },
    // The sign-in budget first, as on the other sign-in routes; then the CSRF check.
    { onRequest: [rateLimit, requireCsrf] },
  );

  registerRoute(app, routes.me, (request) => ({ user: authenticatedUserOf(personOf(authOf(request))) }), { onRequest: requireSignedIn });

  registerRoute(app, routes.trackActivity, (request) => sessions.trackActivity(authOf(request), request.body), {
    onRequest: requireSignedIn,
  });

  registerRoute(app, routes.setOwnLocale, (request) => auth.setOwnLocale(authOf(request), request.body.locale), {
    onRequest: requireSignedIn,
  });

  // Its body is optional: a call with none (or an empty one typed as JSON) checks the session cookie.
  registerRoute(app, routes.validateOauth, (request, reply) => {
    const idToken = request.body?.idToken;
    return auth.validate(() => (idToken ? resolveBearerUser({ ...deps, signInUsers: auth }, idToken) : resolveSession(request, reply)));
  });

  registerRoute(
    app,
    routes.logout,
    async (request, reply) => {
      await sessions.logout(() => resolveSession(request, reply), request.log);
      clearSessionCookies(reply, config);
      return { loggedOut: true as const };
    },
    { onRequest: requireCsrf },
  );
};

/** The JWKS at the well-known address too, outside the API base path (so outside the route table's paths). */
export const wellKnownPlugin: ApiModule = async (app, { deps }) => {
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.idTokens.jwks();
  });
};
