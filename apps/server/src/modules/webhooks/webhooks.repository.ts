/**
 * SQL of webhook endpoints, the one writer of `webhook_endpoints`: the Webhooks screen's
 * calls and the external API's (through the service), and what the delivery module reads and
 * marks (the endpoints an event goes to, an endpoint's secrets, its failures). Every method
 * takes an optional transaction.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countForCreate } from '../../db/organization-cap.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { webhookEndpoints as endpoints, users } from '../../db/schema.js';

const viewColumns = {
  id: endpoints.id,
  organizationId: endpoints.organizationId,
  url: endpoints.url,
  description: endpoints.description,
  eventTypes: endpoints.eventTypes,
  enabled: endpoints.enabled,
  disabledReason: endpoints.disabledReason,
  disabledAt: endpoints.disabledAt,
  failingSince: endpoints.failingSince,
  secretLast4: sql<string>`right(${endpoints.secret}, 4)`,
  previousSecretExpiresAt: endpoints.previousSecretExpiresAt,
  createdAt: endpoints.createdAt,
  updatedAt: endpoints.updatedAt,
  creatorId: users.id,
  creatorName: users.displayName,
  creatorEmail: users.email,
};

export interface EndpointValues {
  url: string;
  description: string;
  /** Null: every event type. */
  eventTypes: string[] | null;
  enabled: boolean;
}

export function createWebhooksRepository(root: Db) {
  const selectViews = (db: Db) => db.select(viewColumns).from(endpoints).leftJoin(users, eq(users.id, endpoints.createdBy));
  const own = (organizationId: string, id: string) => and(eq(endpoints.organizationId, organizationId), eq(endpoints.id, id));

  const repo = {
    /** A page of the organization's endpoints, oldest first (the order they were added in). */
    async list(organizationId: string, page: { page: number; limit: number }, db: Db = root) {
      const rows = await db
        .select({ ...viewColumns, total: totalOver() })
        .from(endpoints)
        .leftJoin(users, eq(users.id, endpoints.createdBy))
        .where(eq(endpoints.organizationId, organizationId))
        .orderBy(asc(endpoints.createdAt), asc(endpoints.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => repo.count(organizationId, db)) };
    },

    async count(organizationId: string, db: Db = root) {
      return db.$count(endpoints, eq(endpoints.organizationId, organizationId));
    },

    /**
     * The organization's endpoints counted by state, in one pass over its few rows (an
     * organization holds at most WEBHOOKS_PER_ORGANIZATION_MAX): failing is enabled with every
     * attempt failing since `failing_since`, as the healing sets and clears it.
     */
    async stateCounts(organizationId: string, db: Db = root) {
      const [row] = await db
        .select({
          endpoints: sql<number>`count(*)::int`,
          failing: sql<number>`(count(*) filter (where ${endpoints.enabled} and ${endpoints.failingSince} is not null))::int`,
          disabled: sql<number>`(count(*) filter (where not ${endpoints.enabled}))::int`,
          disabledForFailing: sql<number>`(count(*) filter (where not ${endpoints.enabled} and ${endpoints.disabledReason} = 'failing'))::int`,
        })
        .from(endpoints)
        .where(eq(endpoints.organizationId, organizationId));
      return row ?? { endpoints: 0, failing: 0, disabled: 0, disabledForFailing: 0 };
    },

    /** The organization's endpoints, counted for its cap (db/organization-cap.ts). */
    async countForCreate(organizationId: string, db: Db = root) {
      return countForCreate(db, endpoints, organizationId);
    },

    async findById(organizationId: string, id: string, db: Db = root) {
      const [row] = await selectViews(db).where(own(organizationId, id));
      return row;
    },

    async insert(values: EndpointValues & { organizationId: string; secret: string; createdBy: string | null; now: Date }, db: Db = root) {
      const { now, enabled, ...rest } = values;
      const [row] = await db
        .insert(endpoints)
        .values({ ...rest, enabled, disabledAt: enabled ? null : now, createdAt: now, updatedAt: now })
        .returning({ id: endpoints.id });
      return row.id;
    },

    /**
     * Changes the fields given. Enabling clears a disabling and its reason, and the failure
     * the console disabled it for; disabling stamps when, by a person (no reason).
     */
    async update(organizationId: string, id: string, values: Partial<EndpointValues> & { now: Date }, db: Db = root) {
      const { now, enabled, ...fields } = values;
      const rows = await db
        .update(endpoints)
        .set({
          ...fields,
          ...(enabled === true && {
            enabled: true,
            disabledReason: null,
            disabledAt: null,
            failingSince: sql`case when ${endpoints.enabled} then ${endpoints.failingSince} else null end`,
          }),
          ...(enabled === false && {
            enabled: false,
            disabledReason: sql`case when ${endpoints.enabled} then null else ${endpoints.disabledReason} end`,
            disabledAt: sql`case when ${endpoints.enabled} then ${now.toISOString()}::timestamptz else ${endpoints.disabledAt} end`,
          }),
          updatedAt: now,
        })
        .where(own(organizationId, id))
        .returning({ id: endpoints.id });
      return rows.length > 0;
    },

    async remove(organizationId: string, id: string, db: Db = root) {
      const rows = await db.delete(endpoints).where(own(organizationId, id)).returning({ id: endpoints.id });
      return rows.length > 0;
    },

    /**
     * Swaps in a new secret; the current one becomes the previous, signing too until
     * `previousSecretExpiresAt`. Only the latest previous secret is kept: rolling again in a
     * grace period ends the older one.
     */
    async replaceSecret(
      organizationId: string,
      id: string,
      values: { secret: string; previousSecretExpiresAt: Date; now: Date },
      db: Db = root,
    ) {
      const rows = await db
        .update(endpoints)
        .set({
          previousSecret: sql`${endpoints.secret}`,
          previousSecretExpiresAt: values.previousSecretExpiresAt,
          secret: values.secret,
          updatedAt: values.now,
        })
        .where(own(organizationId, id))
        .returning({ id: endpoints.id });
      return rows.length > 0;
    },

    /* The delivery module's marks. */

    /** An attempt failed: the endpoint is failing since `at`, unless it already was. */
    async markFailing(id: string, at: Date, db: Db = root) {
      await db
        .update(endpoints)
        .set({ failingSince: at })
        .where(and(eq(endpoints.id, id), isNull(endpoints.failingSince)));
    },

    /** An attempt succeeded: the endpoint is no longer failing. */
    async clearFailing(id: string, db: Db = root) {
      await db
        .update(endpoints)
        .set({ failingSince: null })
        .where(and(eq(endpoints.id, id), sql`${endpoints.failingSince} is not null`));
    },

    /**
     * Disables an endpoint that has failed every attempt since before `failingBefore`, for
     * failing; true when this call disabled it (its admins are told once).
     */
    async disableFailing(id: string, failingBefore: Date, now: Date, db: Db = root) {
      const rows = await db
        .update(endpoints)
        .set({ enabled: false, disabledReason: 'failing', disabledAt: now, updatedAt: now })
        .where(
          and(
            eq(endpoints.id, id),
            eq(endpoints.enabled, true),
            sql`${endpoints.failingSince} <= ${failingBefore.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: endpoints.id });
      return rows.length > 0;
    },
  };
  return repo;
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
export type WebhookRow = NonNullable<Awaited<ReturnType<WebhooksRepository['findById']>>>;
