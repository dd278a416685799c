/**
 * Single sign-on connections (docs/product.md, "Single sign-on"): the organization's
 * Organizational Admins manage them; staff read them on the Super area's organization page;
 * anyone may be routed to and sign in through an enabled one.
 *
 * GET auth/sso/connections/{id}/start?redirect=/path → 302 to the identity provider
 * GET auth/sso/connections/{id}/callback             → session and cookies, then 302 to the web
 *   app's /auth/oidc/success?redirect=/path, or /auth/oidc/error?code=CODE; a test goes back
 *   to /single-sign-on?test={id}, where the section shows what arrived.
 * POST auth/sso/connections/{id}/saml/acs             → the same, for a SAML connection's Response
 * GET auth/sso/connections/{id}/saml/metadata         → our service provider's metadata XML
 *
 * The state cookies. OpenID Connect's provider comes back by a top-level GET, which carries a
 * SameSite=Lax cookie. A SAML identity provider comes back by a POST from its own site, which
 * carries no Lax cookie; so SAML's state has a cookie of its own, SameSite=None (hence
 * Secure, which browsers also honour on http://localhost), HttpOnly, sent only to that
 * connection's ACS (its Path) for the round trip's 10 minutes. It carries nothing but the
 * state, which alone finishes nothing: the Response must also answer the AuthnRequest kept
 * with that state, signed by the connection's identity provider (decision 063).
 */
import {
  type RouteDef,
  ssoConnectionRoutes as routes,
  SAML_RESPONSE_FORM_MAX,
  ssoConnectionSignInRoutes as signIn,
  staffSsoConnectionRoutes as staff,
} from '@console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personOf } from '../../http/auth-context.js';
import { ValidationError } from '../../http/errors.js';
import { authOf, requireOrgAdmin, requireStaff } from '../../http/guards.js';
import { assertSafeRedirect } from '../../http/redirects.js';
import { registerRoute } from '../../http/route.js';
import { setSessionCookies } from '../../http/session-cookies.js';
import type { ApiModule } from '../../module-context.js';
import { deviceOf } from '../auth/auth.routes.js';
import { userInfoOf } from '../auth/auth.service.js';
import type { SamlSettingsService } from './saml-settings.service.js';
import type { Finished } from './sign-in-conclusion.js';
import { connectionNotFound, type SsoConnectionsService } from './sso-connections.service.js';

/** Its own cookie beside the console providers' (`sso-state`): a test in one tab and a sign-in in another do not clash. */
const STATE_COOKIE = 'sso-connection-state';
/** SAML's, beside it: sent with the identity provider's cross-site POST to the ACS (see above). */
const SAML_STATE_COOKIE = 'sso-saml-state';

/** The HTTP-POST binding's form: only its two fields, each once (a second value is a different message). */
function samlForm(body: string): { SAMLResponse?: string; RelayState?: string } {
  const fields = new URLSearchParams(body);
  const one = (name: string) => {
    const values = fields.getAll(name);
    if (values.length > 1) throw new ValidationError(`The form holds ${name} more than once.`);
    return values[0];
  };
  const SAMLResponse = one('SAMLResponse');
  const RelayState = one('RelayState');
  return { ...(SAMLResponse !== undefined && { SAMLResponse }), ...(RelayState !== undefined && { RelayState }) };
}

/** The calls the console's screen and the external API share; a read of one, and the screen's test and refusals, are each API's own. */
type SharedCall =
  | 'list'
  | 'create'
  | 'update'
  | 'remove'
  | 'rotateSecret'
  | 'setSamlMetadata'
  | 'addSamlCertificate'
  | 'removeSamlCertificate';

/** The connections' calls, on the routes of whichever API has them: each route's schemas those of the console's own. */
export type SsoConnectionCallRoutes = {
  [K in SharedCall]: RouteDef & Pick<(typeof routes)[K], Extract<keyof (typeof routes)[K], 'params' | 'query' | 'body' | 'response'>>;
};

/**
 * The connections' calls answered by the connections service and its SAML settings: the
 * console's Single sign-on screen's and the external API's (`/v1/sso-connections`) are the
 * same calls on other paths.
 */
export function registerSsoConnectionCalls(
  app: FastifyInstance,
  services: { ssoConnections: SsoConnectionsService; samlSettings: SamlSettingsService },
  calls: SsoConnectionCallRoutes,
): void {
  const { ssoConnections, samlSettings } = services;
  registerRoute(app, calls.list, (request) => ssoConnections.list(authOf(request), request.query));
  registerRoute(app, calls.create, (request) => ssoConnections.create(authOf(request), request.body));
  registerRoute(app, calls.update, (request) => ssoConnections.update(authOf(request), request.params.id, request.body));
  registerRoute(app, calls.remove, (request) => ssoConnections.remove(authOf(request), request.params.id));
  registerRoute(app, calls.rotateSecret, (request) =>
    ssoConnections.rotateSecret(authOf(request), request.params.id, request.body.clientSecret),
  );
  registerRoute(app, calls.setSamlMetadata, (request) => samlSettings.setMetadata(authOf(request), request.params.id, request.body));
  registerRoute(app, calls.addSamlCertificate, (request) =>
    samlSettings.addCertificate(authOf(request), request.params.id, request.body.certificate),
  );
  registerRoute(app, calls.removeSamlCertificate, (request) =>
    samlSettings.removeCertificate(authOf(request), request.params.id, request.params.fingerprint),
  );
}

export const ssoConnectionsPlugin: ApiModule = async (app, { deps, services }) => {
  const { ssoConnections, ssoConnectionSignIn, samlSignIn, samlSettings, ssoDiscovery, signInRateLimit, organizations } = services;
  const { config } = deps;
  const cookiePath = `${config.API_BASE_PATH}/auth`;
  const secure = config.PUBLIC_URL.startsWith('https:');
  const samlCookiePath = (id: string) => `${config.API_BASE_PATH}/auth/sso/connections/${id}/saml/acs`;
  const keepState = (reply: FastifyReply, id: string, started: { state: string; maxAgeSeconds: number; binding: 'oidc' | 'saml' }) =>
    started.binding === 'saml'
      ? reply.setCookie(SAML_STATE_COOKIE, started.state, {
          path: samlCookiePath(id),
          httpOnly: true,
          sameSite: 'none',
          secure: true,
          maxAge: started.maxAgeSeconds,
        })
      : // Lax: the provider's redirect back is a top-level GET, which carries it.
        reply.setCookie(STATE_COOKIE, started.state, {
          path: cookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: started.maxAgeSeconds,
        });
  /** Where a finished sign-in sends the browser, OpenID Connect's and SAML's alike. */
  const landing = (request: FastifyRequest, reply: FastifyReply, result: Finished) => {
    if (result.outcome === 'tested') return reply.redirect(`/single-sign-on?test=${encodeURIComponent(result.connectionId)}`, 302);
    if (result.outcome === 'refused') {
      request.log.warn(
        { connectionId: (request.params as { id: string }).id, code: result.code },
        'single sign-on through a connection refused',
      );
      return reply.redirect(`/auth/oidc/error?code=${encodeURIComponent(result.code)}`, 302);
    }
    const { session, redirectPath } = result;
    setSessionCookies(reply, config, session.secret, userInfoOf(session.user), session.auth.expiresAt);
    return reply.redirect(`/auth/oidc/success?redirect=${encodeURIComponent(redirectPath)}`, 302);
  };

  // The Single sign-on screen's calls, for the organization's Organizational Admins.
  await app.register(async (admins) => {
    admins.addHook('onRequest', requireOrgAdmin);
    registerSsoConnectionCalls(admins, { ssoConnections, samlSettings }, routes);
    registerRoute(admins, routes.get, (request) => ssoConnections.get(authOf(request), request.params.id));
    registerRoute(admins, routes.refusals, (request) => ssoConnections.refusals(authOf(request), request.params.id));
    registerRoute(admins, routes.testResult, (request) => ssoConnections.testResult(authOf(request), request.params.id));
    registerRoute(admins, routes.startTest, async (request, reply) => {
      const auth = authOf(request);
      const started = await ssoConnectionSignIn.start(request.params.id, '/single-sign-on', {
        organizationId: auth.organizationId,
        userId: personOf(auth).userId,
      });
      keepState(reply, request.params.id, started);
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
      keepState(reply, request.params.id, started);
      return reply.redirect(started.url, 302);
    });

    registerRoute(open, signIn.samlMetadata, async (request, reply) => {
      const xml = await samlSignIn.metadata(request.params.id);
      if (xml === null) throw connectionNotFound();
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
    });

    await open.register(async (acs) => {
      acs.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: SAML_RESPONSE_FORM_MAX + 4096 },
        (_request, body, done) => {
          try {
            done(null, samlForm(body.toString()));
          } catch (err) {
            done(err as Error);
          }
        },
      );
      registerRoute(acs, signIn.samlAcs, async (request, reply) => {
        const id = request.params.id;
        reply.clearCookie(SAML_STATE_COOKIE, { path: samlCookiePath(id), httpOnly: true, sameSite: 'none', secure: true });
        const result = await samlSignIn.acs(id, request.body, request.cookies[SAML_STATE_COOKIE], deviceOf(request));
        if (result.outcome === 'restart') {
          keepState(reply, id, { ...result, binding: 'saml' });
          return reply.redirect(result.url, 302);
        }
        return landing(request, reply, result);
      });
    });

    registerRoute(open, signIn.callback, async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, { path: cookiePath });
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const result = await ssoConnectionSignIn.finish(request.params.id, query, request.cookies[STATE_COOKIE], deviceOf(request));
      return landing(request, reply, result);
    });
  });
};
