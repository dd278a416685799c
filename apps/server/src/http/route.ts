/**
 * Registers a route from its definition in @console/contracts: the method, path, schemas
 * and success status are read from there, never written again here. The handler gets the
 * parsed params, query and body with their types; it returns the answer (checked against
 * the response schema) or, for an answer that is not JSON, the reply it sent.
 */
import type { RouteDef, RouteParsed, RouteReturn } from '@console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';

export type RouteRequest<R extends RouteDef> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & RouteParsed<R>;

export type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => RouteReturn<R> | FastifyReply | Promise<RouteReturn<R> | FastifyReply>;

/** Extra Fastify options of one route: a guard of its own, a body limit, … */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema' | 'onRequest'> & {
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  /** Left out of the OpenAPI document. */
  hide?: boolean;
};

type AnyApp = FastifyInstance<any, any, any, any, any>;

export function registerRoute<R extends RouteDef>(app: AnyApp, def: R, handler: RouteHandler<R>, options: RouteOptions = {}): void {
  const { hide, ...rest } = options;
  const status = def.status ?? 200;
  app.route({
    ...rest,
    method: def.method,
    url: def.path,
    schema: {
      operationId: def.operationId,
      ...(def.summary && { summary: def.summary }),
      ...(def.description && { description: def.description }),
      ...(def.tags && { tags: def.tags }),
      ...(hide && { hide: true }),
      ...(def.params && { params: def.params }),
      ...(def.query && { querystring: def.query }),
      ...(def.body && { body: def.body }),
      ...(def.response && { response: { [status]: def.response } }),
    },
    // Not wrapped in an async function: a handler that answers at once (the external API's
    // pages from memory) is not held up by a promise.
    handler:
      status === 200
        ? (handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown)
        : (request: FastifyRequest, reply: FastifyReply) => {
            reply.status(status);
            return handler(request as unknown as RouteRequest<R>, reply);
          },
  });
}
