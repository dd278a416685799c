/**
 * The request log's filters as they live in the address (`?accessKeyId=&status=&route=&from=&to=`),
 * so that a filtered log can be shared and reloaded, and what they ask of the server. The
 * dates are days of the reader's calendar (lib/days.ts); anything the address holds that the
 * contracts would refuse is dropped, so a hand-edited link shows a wider log rather than an error.
 */
import { externalApiRoutes } from '@console/contracts/external-api';
import { type RequestStatusClass, requestStatusClasses, type RequestLogFilter as ServerFilter } from '@console/contracts/request-log';
import { startOfDay, validDay } from '../../lib/days';

export interface RequestLogFilter {
  accessKeyId?: string;
  status?: RequestStatusClass;
  route?: string;
  /** A day, `YYYY-MM-DD`, in the reader's calendar. */
  from?: string;
  to?: string;
}

export const REQUEST_LOG_PARAMS = ['accessKeyId', 'status', 'route', 'from', 'to'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The routes a key may call (every call of the API but the token's), as the log names them, in the reference's order. */
export const loggedRoutes: string[] = [
  ...new Set(
    Object.values(externalApiRoutes)
      .filter((def) => def.security.length > 0)
      .map((def) => def.path),
  ),
];

export function readRequestLogFilter(params: URLSearchParams): RequestLogFilter {
  const accessKeyId = params.get('accessKeyId') ?? '';
  const status = params.get('status') ?? '';
  const route = params.get('route') ?? '';
  return {
    accessKeyId: UUID.test(accessKeyId) ? accessKeyId : undefined,
    status: (requestStatusClasses as readonly string[]).includes(status) ? (status as RequestStatusClass) : undefined,
    route: loggedRoutes.includes(route) ? route : undefined,
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
  };
}

/** The address's parameters with the filter's written in (empty ones removed), the others kept. */
export function writeRequestLogFilter(params: URLSearchParams, filter: RequestLogFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of REQUEST_LOG_PARAMS) {
    const value = filter[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

export const isFiltered = (filter: RequestLogFilter): boolean => REQUEST_LOG_PARAMS.some((name) => !!filter[name]);

/** What the server is asked: the days as instants. */
export function serverFilter(filter: RequestLogFilter): ServerFilter {
  return {
    accessKeyId: filter.accessKeyId,
    status: filter.status,
    route: filter.route,
    from: startOfDay(filter.from)?.toISOString(),
    to: startOfDay(filter.to, 1)?.toISOString(),
  };
}
