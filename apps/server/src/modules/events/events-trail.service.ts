/**
 * Reading the events (docs/product.md, "Audit trail"; docs/decisions/052-audit-trail-and-events-api.md):
 * the audit trail's pages, its export and the events API, each of ONE organization, which the
 * caller's route decides (an Organizational Admin's own, any for staff, the access key's).
 *
 * The trail's `next` is opaque: base64url of the last event's exact instant and id, so the next
 * page starts where the last ended however deep, and survives the deletion of that event. The
 * events API's `after` is an event's id, as integrators expect; its instant is looked up.
 */
import type { apiEventsQuery, EventsPage, EventView, eventsExportQuery, eventsQuery } from '@console/contracts';
import { eventsErrorCodes } from '@console/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { decodeKeysetCursor, encodeKeysetCursor, isReadableInstant } from '../../db/paging.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { attachment, csvLine } from '../../http/csv.js';
import { ValidationError } from '../../http/errors.js';
import { forCustomers, toEventView } from './event-view.js';
import type { EventsTrailRepository, TrailFilter, TrailPage, TrailPosition, TrailRow } from './events-trail.repository.js';
import { actorOf, recordEvent } from './record.js';

type TrailQuery = z.output<typeof eventsQuery>;
type TrailFilterQuery = Omit<TrailQuery, 'after' | 'limit'>;
type ExportQuery = z.output<typeof eventsExportQuery>;
type ApiQuery = z.output<typeof apiEventsQuery>;

/** How a reader is shown an event: an organization as `forCustomers` says, staff in the Super area whole (decision 059). */
type Reader = (row: TrailRow) => EventView;
const customer: Reader = (row) => forCustomers(toEventView(row));
const staff: Reader = toEventView;

/** Events read per statement by the export: its memory is one batch, whatever the trail's size. */
export const EXPORT_BATCH = 1_000;

const cursorInvalid = () =>
  new ValidationError('This is not a cursor of the audit trail: start from the first page.', undefined, eventsErrorCodes.cursorInvalid);

export function encodeTrailCursor(position: TrailPosition): string {
  return encodeKeysetCursor({ at: position.occurredAt, id: position.id });
}

/** The position a page starts after; a cursor this server did not make is a 400. */
export function decodeTrailCursor(cursor: string): TrailPosition {
  const position = decodeKeysetCursor(cursor);
  if (!position) throw cursorInvalid();
  return { occurredAt: position.at, id: position.id };
}

/**
 * An instant of the filter as sent (to the microsecond; the contracts checked it is ISO 8601 of
 * a real day), or a 400 for what PostgreSQL cannot read (db/paging.ts). Caught here, a CSV
 * export does not break off after its header.
 */
function instant(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value !== undefined && !isReadableInstant(value)) {
    throw new ValidationError('This is not a date and time.', { fieldErrors: { [field]: ['invalid'] } });
  }
  return value;
}

/** The query's filters as the repository takes them: words of the search, instants in UTC. */
export function trailFilter(query: TrailFilterQuery): TrailFilter {
  const words = [...new Set((query.q ?? '').split(/\s+/).filter((word) => word !== ''))];
  return {
    actions: query.actions && query.actions.length > 0 ? query.actions : undefined,
    actorId: query.actorId,
    targetId: query.targetId || undefined,
    words: words.length > 0 ? words : undefined,
    from: instant(query.from, 'from'),
    to: instant(query.to, 'to'),
  };
}

/** The export's columns: a target per line in the three target columns; data as JSON. */
export const EXPORT_COLUMNS = [
  'id',
  'occurred_at',
  'action',
  'actor_type',
  'actor_id',
  'actor_name',
  'actor_ip',
  'actor_user_agent',
  'target_types',
  'target_ids',
  'target_names',
  'data',
] as const;

export function csvRow(event: EventView): string {
  const { actor, targets } = event;
  return csvLine([
    event.id,
    event.occurredAt,
    event.action,
    actor.type,
    actor.id,
    actor.name,
    actor.ip,
    actor.userAgent,
    targets.map((t) => t.type).join('\n'),
    targets.map((t) => t.id).join('\n'),
    targets.map((t) => t.name).join('\n'),
    Object.keys(event.data).length > 0 ? JSON.stringify(event.data) : '',
  ]);
}

export interface TrailExport {
  filename: string;
  contentType: string;
  contentDisposition: string;
  /** The file's text, a batch of events at a time, read as it is sent. */
  chunks: AsyncIterable<string>;
}

/** What an export's event says was downloaded: its format and the filters sent (the ones left empty omitted). */
function exportedData(query: ExportQuery): { format: ExportQuery['format']; filter: Record<string, unknown> } {
  const { format, ...filters } = query;
  const filter = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
  return { format, filter };
}

export function createEventsTrailService(deps: {
  db: Db;
  repo: EventsTrailRepository;
  clock: Clock;
  /** Refuses (404) an organization that does not exist: staff name it in the path. */
  assertOrganization: (organizationId: string) => Promise<void>;
}) {
  const { repo, clock } = deps;

  async function page(organizationId: string, filter: TrailFilter, page: TrailPage): Promise<{ rows: TrailRow[]; more: boolean }> {
    const rows = await repo.page(organizationId, filter, { ...page, limit: page.limit + 1 });
    return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
  }

  /** Every event of the filter, newest first, EXPORT_BATCH at a time (each batch one keyset page). */
  async function* batches(organizationId: string, filter: TrailFilter, read: Reader): AsyncGenerator<EventView[]> {
    let after: TrailPosition | undefined;
    for (;;) {
      const { rows, more } = await page(organizationId, filter, { after, limit: EXPORT_BATCH, order: 'newest' });
      if (rows.length > 0) yield rows.map(read);
      const last = rows.at(-1);
      if (!more || !last) return;
      after = last.position;
    }
  }

  async function* csv(organizationId: string, filter: TrailFilter, read: Reader): AsyncGenerator<string> {
    // The BOM tells spreadsheets the file is UTF-8 (as the analytics reports).
    yield `\uFEFF${csvLine(EXPORT_COLUMNS)}`;
    for await (const events of batches(organizationId, filter, read)) yield events.map(csvRow).join('');
  }

  async function* jsonLines(organizationId: string, filter: TrailFilter, read: Reader): AsyncGenerator<string> {
    for await (const events of batches(organizationId, filter, read)) yield events.map((event) => `${JSON.stringify(event)}\n`).join('');
  }

  const trail = {
    async list(organizationId: string, query: TrailQuery, read: Reader): Promise<EventsPage> {
      const after = query.after ? decodeTrailCursor(query.after) : undefined;
      const { rows, more } = await page(organizationId, trailFilter(query), { after, limit: query.limit, order: 'newest' });
      const last = rows.at(-1);
      return { events: rows.map(read), next: more && last ? encodeTrailCursor(last.position) : null };
    },

    /**
     * The filtered trail as a file, read from the database as it is sent. The download is
     * accountable, so it is recorded first, in the trail it reads (its own event is the
     * file's newest when the filter lets it in): by whom, in which format, with which filters.
     */
    async export(auth: AuthContext, organizationId: string, query: ExportQuery, read: Reader): Promise<TrailExport> {
      const filter = trailFilter(query);
      await deps.db.transaction((tx) =>
        recordEvent(tx, {
          action: 'audit_trail.exported',
          organizationId,
          actor: actorOf(auth),
          targets: [],
          data: exportedData(query),
        }),
      );
      const filename = `audit-trail-${clock.now().toISOString().slice(0, 10)}.${query.format}`;
      return {
        filename,
        contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
        contentDisposition: attachment(filename),
        chunks: query.format === 'csv' ? csv(organizationId, filter, read) : jsonLines(organizationId, filter, read),
      };
    },
  };

  return {
    /** An Organizational Admin's own trail, and its export: as its organization sees its events. */
    list: (organizationId: string, query: TrailQuery) => trail.list(organizationId, query, customer),
    export: (auth: AuthContext, organizationId: string, query: ExportQuery) => trail.export(auth, organizationId, query, customer),

    /** The organization's newest events as its trail shows them (the dashboard's integration health): the trail's first page, short. */
    async latest(organizationId: string, limit: number): Promise<EventView[]> {
      const { rows } = await page(organizationId, {}, { limit, order: 'newest' });
      return rows.map(customer);
    },

    /** Staff's view of an organization's trail (404 for one that does not exist). */
    async listFor(organizationId: string, query: TrailQuery): Promise<EventsPage> {
      await deps.assertOrganization(organizationId);
      return trail.list(organizationId, query, staff);
    },
    async exportFor(auth: AuthContext, organizationId: string, query: ExportQuery): Promise<TrailExport> {
      await deps.assertOrganization(organizationId);
      return trail.export(auth, organizationId, query, staff);
    },

    /** GET /v1/events: `after` an event id of the organization, newest or oldest first. */
    async apiList(organizationId: string, query: ApiQuery): Promise<{ events: EventView[]; next: string | null }> {
      let after: TrailPosition | undefined;
      if (query.after) {
        after = await repo.position(organizationId, query.after);
        if (!after)
          throw new ValidationError(
            'No event of your organization has this id: start without `after`, or from an event the API gave you.',
            undefined,
            eventsErrorCodes.cursorInvalid,
          );
      }
      const filter: TrailFilter = { actions: query.types && query.types.length > 0 ? query.types : undefined };
      const { rows, more } = await page(organizationId, filter, { after, limit: query.limit, order: query.order });
      const last = rows.at(-1);
      return { events: rows.map(customer), next: more && last ? last.id : null };
    },
  };
}

export type EventsTrailService = ReturnType<typeof createEventsTrailService>;
