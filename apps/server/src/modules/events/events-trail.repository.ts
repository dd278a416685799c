/**
 * The reads of the events table (docs/decisions/052-audit-trail-and-events-api.md): an
 * organization's events in keyset pages on (occurred_at, id), newest or oldest first, for the
 * audit trail, its export and the events API. The recorder's one INSERT is events.repository.ts.
 *
 * A page is two statements: the ids and positions of the page (the filters, read from the
 * indexes), then those rows. Several actions are read as one ordered range each (a LATERAL
 * per action on events_org_action_occurred_idx, at most a page from each) merged by their
 * order: `action = ANY(…)` would read every event of those actions and sort them.
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { foldedContains } from '../../db/like.js';
import { events } from '../../db/schema.js';
import type { EventRow } from './events.repository.js';

/** Where a page starts: an event's exact instant (microseconds, UTC, as the database keeps it) and id. */
export interface TrailPosition {
  occurredAt: string;
  id: string;
}

export interface TrailFilter {
  actions?: readonly string[];
  actorId?: string;
  targetId?: string;
  /** Each must be in a target's name, anywhere, compared without case or accents. */
  words?: readonly string[];
  from?: string;
  to?: string;
}

export interface TrailPage {
  after?: TrailPosition;
  limit: number;
  order: 'newest' | 'oldest';
}

export type TrailRow = EventRow & { position: TrailPosition };

/** The instant as text that casts back to the same timestamptz, to the microsecond. */
const exactInstant = sql`to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Each word of the search in a target's name, anywhere in it, without case or accents (events_target_names_trgm_idx's expression). */
const wordConditions = (filter: TrailFilter): SQL[] => (filter.words ?? []).map((word) => foldedContains(sql`target_names`, word));

/**
 * How many of the newest events of a search's range are tested first, in the trail's order:
 * a word in a few percent of them (a common name, the file of the import that just ran)
 * fills a page in some milliseconds this way, whatever the planner's statistics say.
 */
export const SEARCH_WALK = 2_000;

type PositionRow = { id: string; position: string };

const toPositions = (rows: PositionRow[]): TrailPosition[] => rows.map((r) => ({ id: r.id, occurredAt: r.position }));

export function createEventsTrailRepository(root: Db, options: { searchWalk?: number } = {}) {
  const { searchWalk = SEARCH_WALK } = options;
  /** What every event of the page must meet but its action. */
  function conditions(organizationId: string, filter: TrailFilter, page: TrailPage): SQL[] {
    const where: SQL[] = [sql`organization_id = ${organizationId}::uuid`];
    if (filter.actorId) where.push(sql`actor_id = ${filter.actorId}::uuid`);
    if (filter.targetId) where.push(sql`targets @> ${JSON.stringify([{ id: filter.targetId }])}::jsonb`);
    where.push(...wordConditions(filter));
    if (filter.from) where.push(sql`occurred_at >= ${filter.from}::timestamptz`);
    if (filter.to) where.push(sql`occurred_at < ${filter.to}::timestamptz`);
    const { after } = page;
    if (after) {
      const beyond = page.order === 'newest' ? sql`<` : sql`>`;
      where.push(sql`(occurred_at, id) ${beyond} (${after.occurredAt}::timestamptz, ${after.id}::uuid)`);
    }
    return where;
  }

  /**
   * A search's page in two bounded steps (decision 056): the newest `searchWalk` events of the
   * range tested for the words; only when they hold less than a page, the rest of the range
   * after the last one tested, as the planner chooses (the trigram index for a word its
   * statistics find rare, the order walked for a common one). Either way alone is unbounded:
   * walking the order for a rare word reads the whole trail, the index for a common one reads
   * every event naming it and sorts them.
   */
  async function searched(organizationId: string, filter: TrailFilter, page: TrailPage, db: Db): Promise<TrailPosition[]> {
    const direction = page.order === 'newest' ? sql`DESC` : sql`ASC`;
    const backwards = page.order === 'newest' ? sql`ASC` : sql`DESC`;
    const [action] = filter.actions ?? [];
    const range = sql.join(conditions(organizationId, { ...filter, words: undefined }, page), sql` AND `);
    const words = sql.join(wordConditions(filter), sql` AND `);
    const walked = await sqlRows<PositionRow & { last: boolean }>(
      db,
      sql`WITH walked AS MATERIALIZED (
            SELECT id, occurred_at, target_names FROM ${events}
            WHERE ${action ? sql`action = ${action} AND ` : sql``}${range}
            ORDER BY occurred_at ${direction}, id ${direction} LIMIT ${searchWalk})
          SELECT id, position, last FROM (
            (SELECT id, occurred_at, ${exactInstant} AS position, false AS last FROM walked WHERE ${words}
             ORDER BY occurred_at ${direction}, id ${direction} LIMIT ${page.limit})
            UNION ALL
            (SELECT id, occurred_at, ${exactInstant}, true FROM walked WHERE (SELECT count(*) FROM walked) = ${searchWalk}
             ORDER BY occurred_at ${backwards}, id ${backwards} LIMIT 1)) found
          ORDER BY last, occurred_at ${direction}, id ${direction}`,
    );
    const found = toPositions(walked.filter((r) => !r.last));
    const last = walked.find((r) => r.last);
    // A full page, or a range of fewer events than the walk: nothing further to read.
    if (found.length >= page.limit || !last) return found;
    const after = { id: last.id, occurredAt: last.position };
    return [...found, ...(await ordered(organizationId, filter, { ...page, after, limit: page.limit - found.length }, db))];
  }

  /** The page's ids and positions, in order. */
  function positions(organizationId: string, filter: TrailFilter, page: TrailPage, db: Db): Promise<TrailPosition[]> {
    const actions = filter.actions ?? [];
    return filter.words && actions.length <= 1 ? searched(organizationId, filter, page, db) : ordered(organizationId, filter, page, db);
  }

  /** The page's ids and positions in one statement, as the planner reads them. */
  async function ordered(organizationId: string, filter: TrailFilter, page: TrailPage, db: Db): Promise<TrailPosition[]> {
    const direction = page.order === 'newest' ? sql`DESC` : sql`ASC`;
    const order = sql`ORDER BY occurred_at ${direction}, id ${direction}`;
    const where = sql.join(conditions(organizationId, filter, page), sql` AND `);
    const actions = filter.actions ?? [];
    const statement =
      actions.length > 1
        ? sql`SELECT p.id, p.position FROM unnest(ARRAY[${sql.join(
            actions.map((action) => sql`${action}`),
            sql`, `,
          )}]::text[]) AS a(action)
              CROSS JOIN LATERAL (
                SELECT id, occurred_at, ${exactInstant} AS position FROM ${events}
                WHERE action = a.action AND ${where} ${order} LIMIT ${page.limit}) p
              ORDER BY p.occurred_at ${direction}, p.id ${direction} LIMIT ${page.limit}`
        : sql`SELECT id, ${exactInstant} AS position FROM ${events}
              WHERE ${actions.length === 1 ? sql`action = ${actions[0]} AND ` : sql``}${where} ${order} LIMIT ${page.limit}`;
    return toPositions(await sqlRows<PositionRow>(db, statement));
  }

  return {
    /** At most `limit` events of the organization after `page.after`, in the page's order. */
    async page(organizationId: string, filter: TrailFilter, page: TrailPage, db: Db = root): Promise<TrailRow[]> {
      const found = await positions(organizationId, filter, page, db);
      if (found.length === 0) return [];
      const rows = await db
        .select()
        .from(events)
        .where(
          inArray(
            events.id,
            found.map((p) => p.id),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return found.flatMap((position) => {
        const row = byId.get(position.id);
        return row ? [{ ...row, position }] : [];
      });
    },

    /** The position of one of the organization's events (the events API's `after`), or undefined. */
    async position(organizationId: string, eventId: string, db: Db = root): Promise<TrailPosition | undefined> {
      const [row] = await sqlRows<{ id: string; position: string }>(
        db,
        sql`SELECT id, ${exactInstant} AS position FROM ${events} WHERE id = ${eventId}::uuid AND organization_id = ${organizationId}::uuid`,
      );
      return row && { id: row.id, occurredAt: row.position };
    },
  };
}

export type EventsTrailRepository = ReturnType<typeof createEventsTrailRepository>;
