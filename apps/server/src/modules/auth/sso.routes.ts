/**
 * GET auth/{provider}/start?redirect=/path  → 302 to the provider
 * GET auth/{provider}/callback             → session and cookies, then 302 to the web app's
 *   /auth/{provider}/success?redirect=/path, or /auth/{provider}/error?code=CODE
 */
import { ssoRoutes as routes } from '@console/contracts';
import { assertSafeRedirect } from '../../http/redirects.js';
import { registerRoute } from '../../http/route.js';
import { setSessionCookies } from '../../http/session-cookies.js';
import type { ApiModule } from '../../module-context.js';
import { deviceOf } from './auth.routes.js';
import { userInfoOf } from './auth.service.js';
import { isSsoError } from './sso.service.js';

const STATE_COOKIE = 'sso-state';

export const ssoPlugin: ApiModule = async (app, { deps, services: { sso, signInRateLimit } }) => {
  const { config } = deps;
  const cookiePath = `${config.API_BASE_PATH}/auth`;
  const secure = config.PUBLIC_URL.startsWith('https:');
  app.addHook('onRequest', signInRateLimit);

  registerRoute(app, routes.start, async (request, reply) => {
    const redirectPath = assertSafeRedirect(request.query.redirect);
    const { url, state, maxAgeSeconds } = await sso.start(request.params.provider, redirectPath, request.query.email);
    // Lax: the provider's redirect back is a top-level GET, which carries it.
    reply.setCookie(STATE_COOKIE, state, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds });
    return reply.redirect(url, 302);
  });

  registerRoute(app, routes.callback, async (request, reply) => {
    const { provider } = request.params;
    reply.clearCookie(STATE_COOKIE, { path: cookiePath });
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      const session = await sso.finish(provider, query, request.cookies[STATE_COOKIE], deviceOf(request));
      setSessionCookies(reply, config, session.secret, userInfoOf(session.user), session.auth.expiresAt);
      return reply.redirect(`/auth/${provider}/success?redirect=${encodeURIComponent(session.redirectPath)}`, 302);
    } catch (err) {
      if (!isSsoError(err)) throw err;
      request.log.warn({ provider, code: err.code, reason: err.message }, 'single sign-on refused');
      return reply.redirect(`/auth/${provider}/error?code=${encodeURIComponent(err.code)}`, 302);
    }
  });
};
