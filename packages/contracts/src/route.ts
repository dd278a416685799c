/**
 * The console's HTTP calls, each defined once: method, path, operation id, the zod schemas
 * of its params, query and body, and its answer. The server registers a route from its
 * definition (apps/server/src/http/route.ts) and the web app calls it through the same
 * definition (apps/web/src/lib/api.ts), so neither side writes a path or a response type
 * again. Path parameters are written `:name`, as Fastify reads them.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** Below the API base path, e.g. `/integration/:id/roll`. */
  path: string;
  /** The OpenAPI operation id. */
  operationId: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; absent for answers that are not JSON (files, redirects). */
  response?: z.ZodType;
  /** The success status, 200 unless given. */
  status?: number;
  summary?: string;
  description?: string;
  tags?: string[];
}

/** Keeps the literal types of a definition (its schemas, method and path). */
export const route = <const R extends RouteDef>(def: R): R => def;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends: the params, query and body a definition declares, and no other. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType ? { params: Input<R['params']> } : { params?: never }) &
  (R['query'] extends z.ZodType ? { query?: Input<R['query']> } : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: Input<R['body']> } : { body?: never });

/** What the server answers, as the web app reads it. */
export type RouteResult<R extends RouteDef> = R['response'] extends z.ZodType ? Output<R['response']> : unknown;

/** What a server handler returns (the serializer checks it against the schema). */
export type RouteReturn<R extends RouteDef> = R['response'] extends z.ZodType ? Input<R['response']> : unknown;

/** The parsed parts a server handler reads. */
export type RouteParsed<R extends RouteDef> = {
  params: Output<R['params']>;
  query: Output<R['query']>;
  body: Output<R['body']>;
};

/** `/integration/:id/roll` with `{ id }` → `/integration/<id, encoded>/roll`. */
export function routePath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
