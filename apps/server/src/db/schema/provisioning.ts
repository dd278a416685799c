/** Provisioning (modules/provisioning): SCIM tokens, what provisioning gives a user, and its events. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';
import { organizationIdColumn, organizations } from './organizations.js';
import { users } from './users.js';

/**
 * SCIM bearer tokens of an organization (docs/product.md, "Provisioning"): shown once,
 * stored as SHA-256 like access keys. Rolling one gives the old token an `expiresAt` (its
 * grace period); revoking sets `revokedAt`.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    /** What the admin called it ("Okta production"); migration 0033 named the tokens made before by their prefix and last four. */
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('scim_tokens_org_idx').on(t.organizationId), index('scim_tokens_created_by_idx').on(t.createdBy)],
);

/** What provisioning gives a user it creates: a role, workspaces, and whether to e-mail an invitation. */
export const scimConfigs = pgTable('scim_configs', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** workspace_admin | publisher | viewer (never org_admin: provisioning does not grant the console). */
  defaultRole: text('default_role').notNull().default('viewer'),
  defaultWorkspaceIds: uuid('default_workspace_ids').array().notNull().default(sql`'{}'::uuid[]`),
  sendInvitations: boolean('send_invitations').notNull().default(false),
  /** The identity provider may deactivate, delete, rename and change the e-mail of Organizational Admins (off: it cannot touch them). */
  managesAdmins: boolean('manages_admins').notNull().default(false),
  updatedAt: stampedNow('updated_at'),
});

/**
 * What provisioning did, newest first on the Provisioning screen: `kind` is created |
 * updated | deactivated | reactivated | deleted | refused (with `reason`); kept
 * SCIM_EVENTS_KEPT per organization by housekeeping.
 */
export const scimEvents = pgTable(
  'scim_events',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    organizationId: organizationIdColumn(),
    at: stampedNow('at'),
    kind: text('kind').notNull(),
    /** User | Group */
    resourceType: text('resource_type').notNull(),
    /** The user's or team's id; no foreign key: an event outlives what it names. */
    resourceId: uuid('resource_id'),
    /** userName or displayName, as sent. */
    resourceName: text('resource_name'),
    method: text('method').notNull(),
    status: integer('status').notNull(),
    reason: text('reason'),
  },
  (t) => [index('scim_events_org_at_idx').on(t.organizationId, t.at)],
);
