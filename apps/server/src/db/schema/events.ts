/** Events (modules/events): the one stream of every change. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { stampedNow } from './columns.js';
import { organizations } from './organizations.js';

/**
 * The one stream of events (docs/decisions/045-events.md): every change a person, an access
 * key, a SCIM token or the system makes, recorded in the change's own transaction by the
 * events module (modules/events/record.ts), the one writer. The actor's and targets' names
 * are kept as they were at the time: an event outlives what it names (no foreign keys but
 * the organization's, whose deletion keeps nothing).
 */
export const events = pgTable(
  'events',
  {
    /** Time-ordered (uuid_v7() of migration 0005): new events are appended to every index. */
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    /** Null only for an event of no organization (a sign-in refused for an unknown e-mail). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** One of the contracts' eventActions (packages/contracts/src/events.ts). */
    action: text('action').notNull(),
    /** user | access_key | scim_token | system */
    actorType: text('actor_type').notNull(),
    /** The user's, key's or token's id; null for the system (and for a person the old audit log had lost). */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorIp: text('actor_ip'),
    actorUserAgent: text('actor_user_agent'),
    /** [{ type, id, name }]: what the event acted on, with names as they were. */
    targets: jsonb('targets').notNull().default([]),
    /** What changed (before and after for settings), counts of a bulk write. */
    data: jsonb('data').notNull().default({}),
    occurredAt: stampedNow('occurred_at'),
    /**
     * The targets' names as they were, lower-cased, one a line (event_target_names() of
     * migration 0015): what the trail's search of target names reads, folded (search_fold(),
     * db/like.ts) through the trigram index on the folded names (migration 0031).
     */
    targetNames: text('target_names').generatedAlwaysAs(sql`event_target_names(targets)`),
  },
  // The trail reads an organization's events newest first (keyset on occurred_at, id), all
  // of them or those of one action or one actor: one index each, so every page is a range scan.
  // Events naming a thing (`targets @> [{"id": …}]`) and words of target names are found by
  // GIN indexes (docs/decisions/052-audit-trail-and-events-api.md says why and what they cost).
  (t) => [
    index('events_org_occurred_idx').on(t.organizationId, t.occurredAt, t.id),
    index('events_org_action_occurred_idx').on(t.organizationId, t.action, t.occurredAt, t.id),
    index('events_org_actor_occurred_idx').on(t.organizationId, t.actorId, t.occurredAt, t.id),
    index('events_targets_idx').using('gin', sql`${t.targets} jsonb_path_ops`),
    index('events_target_names_trgm_idx').using('gin', sql`search_fold(${t.targetNames}) gin_trgm_ops`),
  ],
);
