/**
 * A person's open sessions (device, last activity) and revoking one ("sign out that
 * device"). Organizational Admins may do the same for users of their own organization.
 */
import {
  type AllowedRoleType,
  errorEnvelope,
  revokedSessionResponse,
  sessionParams,
  sessionsQuery,
  sessionsResponse,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Forbidden, NotFound } from '../../http/errors.js';
import type { ApiModule } from '../../registry.js';
import { requireSignedIn } from './guards.js';
import { assertSameOrganization, hasStaffRole } from './principal.js';
import { findSessionOwner, findUserOrganization, listOpenSessions, revokeSession } from './sessions.repository.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/**
 * Oneself; any user for staff (reading needs `read`, revoking `update`); a user of one's
 * own organization for its Organizational Admin. Another organization's users are not found.
 */
async function assertMayManage(
  deps: AppDeps,
  auth: AuthContext,
  access: AllowedRoleType,
  userId: string,
  organizationId?: string,
  notFound = 'User was not found',
) {
  if (userId === auth.userId || hasStaffRole(auth, access)) return;
  if (auth.isStaff && auth.role !== 'org_admin') throw new Forbidden('Your staff role allows reading only.');
  if (auth.role !== 'org_admin') throw new Forbidden('Only Organizational Admins can manage the sessions of other users.');
  assertSameOrganization(auth, organizationId ?? (await findUserOrganization(deps.database.db, userId)), notFound);
}

export const sessionsRoutes: ApiModule = async (app, { deps }) => {
  app.get(
    '/auth/sessions',
    {
      onRequest: requireSignedIn,
      schema: { operationId: 'listSessions', tags: ['auth'], querystring: sessionsQuery, response: { 200: sessionsResponse, ...errors } },
    },
    async (request) => {
      const auth = request.auth!;
      const userId = request.query.userId ?? auth.userId;
      await assertMayManage(deps, auth, 'read', userId);
      const rows = await listOpenSessions(deps.database.db, userId, deps.clock.now());
      return {
        sessions: rows.map((s) => ({
          id: s.id,
          current: s.id === auth.sessionId,
          deviceInfo: (s.deviceInfo as Record<string, string> | null) ?? (s.userAgent ? { userAgent: s.userAgent } : null),
          ip: s.ip,
          createdAt: s.createdAt.toISOString(),
          lastActivityAt: s.lastActivityAt.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: requireSignedIn,
      schema: { operationId: 'revokeSession', tags: ['auth'], params: sessionParams, response: { 200: revokedSessionResponse, ...errors } },
    },
    async (request) => {
      const auth = request.auth!;
      const owner = await findSessionOwner(deps.database.db, request.params.id);
      if (!owner) throw new NotFound('Session not found.');
      await assertMayManage(deps, auth, 'update', owner.userId, owner.organizationId, 'Session not found.');
      const revoked = await revokeSession(deps.database.db, request.params.id, owner.userId, deps.clock.now());
      if (!revoked) throw new NotFound('Session not found.');
      return { revokedSession: { id: request.params.id } };
    },
  );
};
