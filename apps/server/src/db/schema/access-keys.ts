/** Access keys (modules/access-keys). */
import type { AccessKeyPermissions } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';
import { organizationIdColumn } from './organizations.js';
import { users } from './users.js';

/** Integration access keys. The secret is stored only as a hash. */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyLast4: text('key_last4').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** After a roll, the old secret keeps working until previous_key_expires_at. */
    previousKeyHash: text('previous_key_hash').unique(),
    previousKeyExpiresAt: ts('previous_key_expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: stampedNow('updated_at'),
    lastUsedAt: ts('last_used_at'),
    /** `"full"` (every key made before permissions, by the migration's default) or `{ area: level }` (decision 069). */
    permissions: jsonb('permissions').$type<AccessKeyPermissions>().notNull().default(sql`'"full"'::jsonb`),
    /** The key alone, with no person's idToken, is the credential: a service identity of its organization (decision 069). */
    actsAlone: boolean('acts_alone').notNull().default(false),
  },
  (t) => [index('integrations_org_idx').on(t.organizationId), index('integrations_created_by_idx').on(t.createdBy)],
);
