/**
 * The audit trail's calls (docs/product.md, "Audit trail"): an Organizational Admin reads
 * their own organization's events (`/events`); staff, read-only staff included, read any
 * organization's on its page (`/organization/:id/events`). Each page or export is of the one
 * organization the guard and the path allow; the events API (`GET /v1/events`) is in the
 * external API's module.
 */
import { Readable } from 'node:stream';
import { eventRoutes as routes } from '@console/contracts';
import type { FastifyReply } from 'fastify';
import { authOf, requireOrgAdmin, requireStaff } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';
import type { TrailExport } from './events-trail.service.js';

/** The file streamed as it is read, never held whole (Readable.from pulls a batch when the socket drains). */
function sendExport(reply: FastifyReply, file: TrailExport): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.contentDisposition)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(file.chunks));
}

export const eventsPlugin: ApiModule = async (app, { services: { eventsTrail } }) => {
  const ownOrganization = { onRequest: requireOrgAdmin };
  const staff = { onRequest: requireStaff('read') };

  registerRoute(app, routes.list, (request) => eventsTrail.list(authOf(request).organizationId, request.query), ownOrganization);
  registerRoute(
    app,
    routes.export,
    async (request, reply) => {
      const auth = authOf(request);
      return sendExport(reply, await eventsTrail.export(auth, auth.organizationId, request.query));
    },
    ownOrganization,
  );
  registerRoute(app, routes.listForOrganization, (request) => eventsTrail.listFor(request.params.id, request.query), staff);
  registerRoute(
    app,
    routes.exportForOrganization,
    async (request, reply) => sendExport(reply, await eventsTrail.exportFor(authOf(request), request.params.id, request.query)),
    staff,
  );
};
