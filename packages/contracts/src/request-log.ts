/**
 * The request log (docs/product.md, "Request log"; docs/decisions/071-request-log.md): every
 * call of the external API that named an access key of the organization, with its route,
 * status, duration and error code, kept REQUEST_LOG_RETENTION_DAYS days. Never a secret, a
 * credential's header, a query's values or a body. Read by the organization's Organizational
 * Admins on the Request log screen (`requestLogRoutes`) and through the API (`/v1/requests`,
 * in external-api.ts). Paged by a keyset, as the audit trail: `next` is opaque.
 */
import { z } from 'zod';
import { route } from './route.js';
import { text } from './text.js';

export const REQUEST_LOG_RETENTION_DAYS = 30;
export const REQUEST_LOG_PAGE_SIZE = 50;
export const REQUEST_LOG_PAGE_MAX = 200;
export const REQUEST_LOG_CURSOR_MAX = 200;
export const REQUEST_LOG_ROUTE_MAX = 200;

/** The status classes the log is filtered by: successes, the caller's errors, the server's. */
export const requestStatusClasses = ['2xx', '4xx', '5xx'] as const;
export type RequestStatusClass = (typeof requestStatusClasses)[number];

/** A route pattern of the external API, as its definitions write it (`/v1/users/:id`). */
const ROUTE_PATTERN = /^\/v1(\/[A-Za-z0-9:_.-]+)*$/;

export const requestLogFilter = z.object({
  accessKeyId: z.uuid().optional().describe('Only the calls made with this access key'),
  status: z.enum(requestStatusClasses).optional().describe('Only answers of this class: 2xx, 4xx or 5xx'),
  route: text()
    .max(REQUEST_LOG_ROUTE_MAX)
    .regex(ROUTE_PATTERN, 'invalid')
    .optional()
    .describe('Only calls of this route, as the reference writes it (`/v1/users/:id`)'),
  from: z.iso.datetime({ offset: true }).optional().describe('Calls at or after this instant (ISO 8601)'),
  to: z.iso.datetime({ offset: true }).optional().describe('Calls before this instant (ISO 8601)'),
});
export type RequestLogFilter = z.input<typeof requestLogFilter>;

export const requestLogQuery = requestLogFilter.extend({
  after: text()
    .max(REQUEST_LOG_CURSOR_MAX)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid')
    .optional()
    .describe('Where the page starts: the `next` of the previous page'),
  limit: z.coerce.number().int().min(1).max(REQUEST_LOG_PAGE_MAX).default(REQUEST_LOG_PAGE_SIZE).describe('Calls per page'),
});
export type RequestLogQuery = z.input<typeof requestLogQuery>;

/** One call as the log keeps it. */
export const requestLogEntry = z.object({
  id: z.uuid().describe('The entry’s id'),
  occurredAt: z
    .string()
    .describe('When the call arrived (ISO 8601)')
    .meta({ examples: ['2026-11-02T09:30:00.000Z'] }),
  accessKey: z.object({
    id: z.uuid().describe('The access key the call was made with'),
    name: z
      .string()
      .describe('Its name when the call was made')
      .meta({ examples: ['Nightly HR sync'] }),
  }),
  method: z.string().meta({ examples: ['POST'] }),
  route: z
    .string()
    .describe('The route called, its parameters left as names: never the ids or the query sent')
    .meta({ examples: ['/v1/users/:id/disable'] }),
  status: z
    .number()
    .int()
    .describe('The HTTP status answered')
    .meta({ examples: [200] }),
  durationMs: z
    .number()
    .describe('How long the answer took, in milliseconds')
    .meta({ examples: [12.4] }),
  requestId: z
    .string()
    .describe('The `x-request-id` header of the answer: quote it to support')
    .meta({ examples: ['6b1f0f8e-3c52-4a8e-9a51-0c0b9b1f7d2e'] }),
  ip: z.string().nullable().describe('The caller’s address'),
  userAgent: z.string().nullable().describe('The caller’s User-Agent, shortened'),
  errorCode: z
    .string()
    .nullable()
    .describe('The `code` of the error answered; null for a success')
    .meta({ examples: ['USER_EXISTS'] }),
});
export type RequestLogEntry = z.infer<typeof requestLogEntry>;

export const requestLogPage = z.object({
  requests: z.array(requestLogEntry).describe('Newest first'),
  next: z.string().nullable().describe('The `after` of the next page; null on the last page'),
});
export type RequestLogPage = z.infer<typeof requestLogPage>;

export const requestLogEntryParams = z.object({ id: z.uuid().describe('The entry’s id') });
export const requestLogEntryResponse = z.object({ request: requestLogEntry });

export const requestLogErrorCodes = {
  cursorInvalid: 'REQUEST_LOG_CURSOR_INVALID',
} as const;

/** The Request log screen's calls: an Organizational Admin's own organization. */
export const requestLogRoutes = {
  list: route({ method: 'GET', path: '/request-log', operationId: 'listRequestLog', query: requestLogQuery, response: requestLogPage }),
  get: route({
    method: 'GET',
    path: '/request-log/:id',
    operationId: 'getRequestLogEntry',
    params: requestLogEntryParams,
    response: requestLogEntryResponse,
  }),
};
