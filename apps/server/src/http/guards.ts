/**
 * The one authentication and permission mechanism of the API. Every route that needs a
 * signed-in person uses one of these as an `onRequest` hook (`requireCsrf` too):
 *   requireSignedIn        anyone admitted to the console (an Organizational Admin or staff)
 *   requireOrgAdmin        the regular area: an org_admin of an enabled organization
 *   requireStaff('read')   the Super area; requireStaff('update') for its writes
 * Each sets `request.auth`. The external API builds its context with resolveBearerUser
 * (its guard, external-api.auth.ts, is an `onRequest` hook as well).
 *
 * Why onRequest (decision 012): guards run before the body is read and before the route's
 * schema validates params, query and body, so a caller who may not use a route learns
 * nothing of its shape (401/403, never a 400 with validation details) and an upload is
 * not streamed for them. The guards need only headers and cookies (cookies are parsed by
 * @fastify/cookie's own onRequest hook, registered first); a check that needed the parsed
 * body would be a `preValidation` hook. Register new guards the same way.
 *
 * Cookie-authenticated unsafe requests must carry the CSRF header and, when the browser
 * sends an Origin, come from the console's own origin.
 */
import { type AllowedRoleType, ID_TOKEN_COOKIE } from '@console/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, hasStaffRole, isAdmitted, notAuthorized, type PersonContext, requestClient } from './auth-context.js';
import { checkCsrf } from './csrf.js';
import { Forbidden, Unauthenticated } from './errors.js';
import { clearSessionCookies } from './session-cookies.js';

/**
 * The browser session of the id-token cookie (the sessions service, built once, decorated
 * on the app); 401 SESSION_REVOKED when it was closed elsewhere. A session that ended
 * clears the cookies.
 */
export async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<PersonContext> {
  const { config } = request.server.deps;
  const secret = request.cookies[ID_TOKEN_COOKIE];
  if (!secret) throw new Unauthenticated();
  checkCsrf(request, config);
  try {
    return { ...(await request.server.services.sessions.resolve(secret)), client: requestClient(request) };
  } catch (err) {
    if (err instanceof Unauthenticated) clearSessionCookies(reply, config);
    throw err;
  }
}

/** The context a guard above set: a route behind requireOrgAdmin (or another guard) reads it with this. */
export function authOf(request: { auth?: AuthContext }): AuthContext {
  if (!request.auth) throw new Unauthenticated();
  return request.auth;
}

/** A person of the console (Organizational Admin or staff). */
export async function requireSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = await resolveSession(request, reply);
  if (!isAdmitted(auth)) throw notAuthorized(request.server.deps.config);
  request.auth = auth;
}

/** The regular area: an Organizational Admin, who sees only their own organization's data. */
export async function requireOrgAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = await resolveSession(request, reply);
  if (auth.role !== 'org_admin') throw new Forbidden('Only Organizational Admins can use this.');
  request.auth = auth;
}

/** The Super area: staff; `update` is needed for every write there. */
export function requireStaff(type: AllowedRoleType) {
  return async function requireStaffRole(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const auth = await resolveSession(request, reply);
    if (!auth.isStaff) throw new Forbidden('Only staff can use the Super area.');
    if (!hasStaffRole(auth, type)) throw new Forbidden('Your staff role allows reading only.');
    request.auth = auth;
  };
}
