/** Organizations (modules/organizations): their plan types, and their settings. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';

export const planTypes = pgTable('plan_types', {
  id: id(),
  name: text('name').notNull().unique(),
});

/** The owning organization's id: rows go with their organization. */
export function organizationIdColumn() {
  return uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
}

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    planTypeId: uuid('plan_type_id').references(() => planTypes.id),
    defaultGroup: text('default_group'),
    /** Chosen once by staff; lowercase letters and digits; never changes once set. */
    clientKey: text('client_key').unique(),
    locale: text('locale').notNull().default('en'),
    /** Where its people who do not use this console sign in (the platform's app); null: PLATFORM_APP_URL. */
    platformAppUrl: text('platform_app_url'),
    /** Staff organizations hold the provider's own people (the Super area). */
    isStaff: boolean('is_staff').notNull().default(false),
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    index('organizations_name_trgm_idx').using('gin', sql`search_fold(${t.name}) gin_trgm_ops`),
    index('organizations_plan_type_idx').on(t.planTypeId),
  ],
);

/** Feature switches and their values, one row per organization and setting key. */
export const organizationSettings = pgTable(
  'organization_settings',
  {
    organizationId: organizationIdColumn(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: stampedNow('updated_at'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] })],
);
