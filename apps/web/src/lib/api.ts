/**
 * Calls the API through a route's definition in @console/contracts: its method, path and
 * answer type come from there (`api(accessKeyRoutes.roll, { params: { id }, body })`), so
 * no feature writes a path or restates a response type. Built on `http`, which sends the
 * CSRF header and turns every failure into an HttpError.
 */
import { type RouteDef, type RouteInput, type RouteResult, routePath } from '@console/contracts/route';
import { apiUrl, http, type RequestOptions } from './http';

export type CallOptions = Pick<RequestOptions, 'signal' | 'quiet'>;

type Query = RequestOptions['query'];

export function api<R extends RouteDef>(def: R, input: RouteInput<R>, options: CallOptions = {}): Promise<RouteResult<R>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  return http<RouteResult<R>>(routePath(def.path, params), { method: def.method, query, body, ...options });
}

/** The URL of a GET route, for a link or a download the browser follows itself. */
export function apiHref<R extends RouteDef>(def: R, input: RouteInput<R>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Query };
  return apiUrl(routePath(def.path, params), query);
}

/** A multipart call (an upload): the route's path, method and answer type, with a FormData body. */
export function apiForm<R extends RouteDef>(def: R, form: FormData, options: CallOptions = {}): Promise<RouteResult<R>> {
  return http<RouteResult<R>>(routePath(def.path), { method: def.method, body: form, ...options });
}
