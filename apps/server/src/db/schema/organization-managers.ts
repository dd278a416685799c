/** An organization's managers (modules/organizations, organization-managers.*): apart from organizations.ts, as they reference users. */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext, createdAt, id } from './columns.js';
import { organizationIdColumn } from './organizations.js';
import { userIdColumn, users } from './users.js';

export const organizationManagers = pgTable(
  'organization_managers',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
    displayName: text('display_name').notNull(),
    email: citext('email').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('organization_managers_org_user_uq').on(t.organizationId, t.userId),
    index('organization_managers_user_idx').on(t.userId),
    index('organization_managers_created_by_idx').on(t.createdBy),
  ],
);
