/**
 * SCIM 2.0 at `${API_BASE_PATH}/scim/v2` (RFC 7644; docs/decisions/036-scim-provisioning.md).
 * Identity providers call it with an organization's SCIM token (`Authorization: Bearer
 * wfs_…`), never with a browser's cookie, so there is no CSRF check. The token is checked
 * before the body is read (decision 012); every answer, refusals included, is SCIM's JSON
 * (`application/scim+json`). SCIM is an outside standard with its own content type and
 * error format, so its routes are registered here rather than in a contracts route table.
 */
import { SCIM_PATH } from '@console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { emptyJsonIsNoBody } from '../../http/optional-json-body.js';
import type { ApiModule } from '../../module-context.js';
import type { ScimCaller } from './scim.auth.js';
import { checkBody, checkQuery } from './scim.input.js';
import { listResponse, resourceTypes, SCIM_CONTENT_TYPE, ScimError, serviceProviderConfig } from './scim.protocol.js';
import { schemaDefinitions } from './scim.schema.js';

type Params = { id: string };
type Query = { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string; attributes?: string };

/** `attributes` / `excludedAttributes` (RFC 7644 §3.4.2.5) on a top-level resource: id and schemas always stay. */
function project(resource: Record<string, unknown>, query: Query): Record<string, unknown> {
  const names = (list?: string) =>
    (list ?? '')
      .split(',')
      .map((a) => a.trim().split('.')[0].toLowerCase())
      .filter(Boolean);
  const only = names(query.attributes);
  const without = names(query.excludedAttributes);
  if (only.length === 0 && without.length === 0) return resource;
  const kept = Object.entries(resource).filter(([key]) => {
    const k = key.toLowerCase();
    if (k === 'id' || k === 'schemas') return true;
    if (only.length > 0) return only.includes(k) || (k.startsWith('urn:') && only.some((o) => o.startsWith(k)));
    return !without.includes(k);
  });
  return Object.fromEntries(kept);
}

function projectList(list: { Resources: Record<string, unknown>[] }, query: Query) {
  return { ...list, Resources: list.Resources.map((r) => project(r, query)) };
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  const meta = body.meta as { version?: string; location?: string } | undefined;
  if (meta?.version) reply.header('etag', meta.version);
  if (status === 201 && meta?.location) reply.header('location', meta.location);
  return reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
}

export const scimPlugin: ApiModule = async (parent, { deps, services }) => {
  const { config } = deps;
  const { scimUsers: users, scimGroups: groups, scimEvents: events } = services;
  const baseUrl = `${config.PUBLIC_URL.replace(/\/$/, '')}${config.API_BASE_PATH}${SCIM_PATH}`;
  const documentationUri = `${config.PUBLIC_URL.replace(/\/$/, '')}/documentation`;
  await parent.register(
    async (app: FastifyInstance) => {
      // SCIM clients send application/scim+json; some send application/json. A body with a
      // `__proto__` or `constructor.prototype` key is refused as it is read; an empty one
      // (a DELETE sent with a content type) is no body.
      emptyJsonIsNoBody(app, { contentTypes: ['application/scim+json', 'application/json'], check: checkBody });
      app.addHook('onRequest', async (request) => services.scimGuard(request));
      app.addHook('preHandler', async (request) => checkQuery(request.query as Record<string, unknown>));

      app.setNotFoundHandler((request, reply) =>
        send(reply, 404, new ScimError(404, `No SCIM endpoint ${request.method} ${request.url}.`).body()),
      );
      app.setErrorHandler(async (thrown: Error & { statusCode?: number; code?: string }, request, reply) => {
        // As the app's handler does: the driver wraps the embedded database queue's refusal as its cause.
        const err = thrown.cause instanceof AppError ? thrown.cause : thrown;
        const error =
          err instanceof ScimError
            ? err
            : // The console's own refusals (429 of a rate limit, 503 of the embedded database's full line) keep their status and Retry-After.
              err instanceof AppError && err.statusCode >= 400 && err.statusCode !== 500
              ? new ScimError(err.statusCode, err.message, undefined, err.headers as Record<string, string>)
              : err.statusCode === 413
                ? new ScimError(413, 'The request body is too large.')
                : err.statusCode === 415
                  ? new ScimError(415, 'Send application/scim+json or application/json.')
                  : err.statusCode === 400
                    ? new ScimError(400, 'The request body is not valid JSON.', 'invalidSyntax')
                    : undefined;
        if (!error) {
          request.log.error({ err }, 'SCIM request failed');
          return send(reply, 500, new ScimError(500, 'The service failed to answer; try again.').body());
        }
        const caller = request.scimCaller;
        if (caller && request.method !== 'GET') {
          const resourceType = request.url.includes('/Groups') ? 'Group' : 'User';
          const body = (request.body ?? {}) as { userName?: unknown; displayName?: unknown };
          const name =
            typeof body.userName === 'string' ? body.userName : typeof body.displayName === 'string' ? body.displayName : undefined;
          await events
            .refused(caller, {
              resourceType,
              resourceId: (request.params as Partial<Params>)?.id?.match(/^[0-9a-f-]{36}$/i) ? (request.params as Params).id : undefined,
              resourceName: name,
              method: request.method,
              status: error.status,
              reason: error.detail,
            })
            .catch((e) => request.log.warn({ err: e }, 'SCIM refusal not recorded'));
        }
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return send(reply, error.status, error.body());
      });

      const caller = (request: FastifyRequest) => request.scimCaller as ScimCaller;
      const ifMatch = (request: FastifyRequest) => request.headers['if-match'] as string | undefined;

      app.get('/ServiceProviderConfig', (_request, reply) => send(reply, 200, serviceProviderConfig(baseUrl, documentationUri)));
      app.get('/ResourceTypes', (_request, reply) => {
        const list = resourceTypes(baseUrl);
        return send(reply, 200, listResponse(list, list.length, 1));
      });
      app.get<{ Params: Params }>('/ResourceTypes/:id', (request, reply) => {
        const found = resourceTypes(baseUrl).find((r) => r.id === request.params.id);
        if (!found) throw new ScimError(404, `Resource type ${request.params.id} not found.`);
        return send(reply, 200, found);
      });
      app.get('/Schemas', (_request, reply) => {
        const list = schemaDefinitions(baseUrl);
        return send(reply, 200, listResponse(list, list.length, 1));
      });
      app.get<{ Params: Params }>('/Schemas/:id', (request, reply) => {
        const found = schemaDefinitions(baseUrl).find((s) => s.id === request.params.id);
        if (!found) throw new ScimError(404, `Schema ${request.params.id} not found.`);
        return send(reply, 200, found);
      });

      app.get<{ Querystring: Query }>('/Users', async (request, reply) =>
        send(reply, 200, projectList(await users.listUsers(caller(request), request.query, baseUrl), request.query)),
      );
      app.get<{ Params: Params; Querystring: Query }>('/Users/:id', async (request, reply) =>
        send(reply, 200, project(await users.getUser(caller(request), request.params.id, baseUrl), request.query)),
      );
      app.post('/Users', async (request, reply) =>
        send(reply, 201, await users.createUser(caller(request), request.body, baseUrl, request.log)),
      );
      app.put<{ Params: Params }>('/Users/:id', async (request, reply) =>
        send(reply, 200, await users.changeUser(caller(request), request.params.id, { put: request.body }, ifMatch(request), baseUrl)),
      );
      app.patch<{ Params: Params }>('/Users/:id', async (request, reply) =>
        send(reply, 200, await users.changeUser(caller(request), request.params.id, { patch: request.body }, ifMatch(request), baseUrl)),
      );
      app.delete<{ Params: Params }>('/Users/:id', async (request, reply) => {
        await users.deleteUser(caller(request), request.params.id, ifMatch(request), baseUrl);
        return reply.status(204).send();
      });

      app.get<{ Querystring: Query }>('/Groups', async (request, reply) =>
        send(reply, 200, projectList(await groups.listGroups(caller(request), request.query, baseUrl), request.query)),
      );
      app.get<{ Params: Params; Querystring: Query }>('/Groups/:id', async (request, reply) =>
        send(reply, 200, project(await groups.getGroup(caller(request), request.params.id, baseUrl), request.query)),
      );
      app.post('/Groups', async (request, reply) => send(reply, 201, await groups.createGroup(caller(request), request.body, baseUrl)));
      app.put<{ Params: Params }>('/Groups/:id', async (request, reply) =>
        send(reply, 200, await groups.changeGroup(caller(request), request.params.id, { put: request.body }, ifMatch(request), baseUrl)),
      );
      app.patch<{ Params: Params }>('/Groups/:id', async (request, reply) =>
        send(reply, 200, await groups.changeGroup(caller(request), request.params.id, { patch: request.body }, ifMatch(request), baseUrl)),
      );
      app.delete<{ Params: Params }>('/Groups/:id', async (request, reply) => {
        await groups.deleteGroup(caller(request), request.params.id);
        return reply.status(204).send();
      });
    },
    { prefix: SCIM_PATH },
  );
};
