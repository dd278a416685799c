/**
 * Reading the request log (docs/product.md, "Request log"; docs/decisions/071-request-log.md):
 * ONE organization's calls, which the caller's route decides (an Organizational Admin's own on
 * the screen, the access key's through the API), newest first in keyset pages, and one call;
 * and its retention, run by the hourly housekeeping: calls older than
 * REQUEST_LOG_RETENTION_DAYS days are deleted in short statements.
 */
import {
  REQUEST_LOG_RETENTION_DAYS,
  type RequestLogEntry,
  type RequestLogPage,
  requestLogErrorCodes,
  type requestLogQuery,
} from '@console/contracts';
import type { z } from 'zod';
import { decodeKeysetCursor, encodeKeysetCursor, isReadableInstant, type KeysetPosition } from '../../db/paging.js';
import type { Clock } from '../../deps.js';
import { NotFound, ValidationError } from '../../http/errors.js';
import type { RequestLogFilter, RequestLogRepository, RequestLogRow } from './request-log.repository.js';

type Query = z.output<typeof requestLogQuery>;

const DAY_MS = 86_400_000;
/** Calls per DELETE statement: a few milliseconds on either database. */
const PURGE_BATCH = 500;

const cursorInvalid = () =>
  new ValidationError('This is not a cursor of the request log: start from the first page.', undefined, requestLogErrorCodes.cursorInvalid);

/** An instant of the filter PostgreSQL can read, or a 400 naming the field. */
function instant(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value !== undefined && !isReadableInstant(value)) {
    throw new ValidationError('This is not a date and time.', { fieldErrors: { [field]: ['invalid'] } });
  }
  return value;
}

/** The query's filters as the repository takes them. */
function filterOf(query: Query): RequestLogFilter {
  return {
    accessKeyId: query.accessKeyId,
    statusClass: query.status ? Number(query.status[0]) : undefined,
    route: query.route,
    from: instant(query.from, 'from'),
    to: instant(query.to, 'to'),
  };
}

export function toRequestLogEntry(row: RequestLogRow): RequestLogEntry {
  return {
    id: row.id,
    occurredAt: new Date(row.at).toISOString(),
    accessKey: { id: row.accessKeyId, name: row.accessKeyName },
    method: row.method,
    route: row.route,
    status: row.status,
    durationMs: row.durationUs / 1000,
    requestId: row.requestId,
    ip: row.ip,
    userAgent: row.userAgent,
    errorCode: row.errorCode,
  };
}

export function createRequestLogService(deps: { repo: RequestLogRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /** A page of the organization's calls, newest first; `next` starts the next one. */
    async list(organizationId: string, query: Query): Promise<RequestLogPage> {
      let after: KeysetPosition | undefined;
      if (query.after) {
        after = decodeKeysetCursor(query.after);
        if (!after) throw cursorInvalid();
      }
      const rows = await repo.page(organizationId, filterOf(query), { after, limit: query.limit + 1 });
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        requests: shown.map(toRequestLogEntry),
        next: rows.length > query.limit && last ? encodeKeysetCursor({ at: last.at, id: last.id }) : null,
      };
    },

    /** One of the organization's calls; another organization's is not found. */
    async get(organizationId: string, id: string): Promise<{ request: RequestLogEntry }> {
      const row = await repo.find(organizationId, id);
      if (!row) throw new NotFound('No call of your organization has this id in the request log.');
      return { request: toRequestLogEntry(row) };
    },

    /** Deletes the calls older than the log keeps (the hourly housekeeping's); how many went. */
    purge(signal?: AbortSignal): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - REQUEST_LOG_RETENTION_DAYS * DAY_MS);
      return repo.deleteBefore(cutoff, PURGE_BATCH, signal);
    },
  };
}

export type RequestLogService = ReturnType<typeof createRequestLogService>;
