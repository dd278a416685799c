/** Analytics (modules/analytics): the completions it reports on, the reports and their generations. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';
import { organizationIdColumn } from './organizations.js';
import { userIdColumn, users } from './users.js';
import { workflows } from './workflow-imports.js';

export const completions = pgTable(
  'completions',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    completedAt: ts('completed_at').notNull(),
    timeSpentSeconds: integer('time_spent_seconds').notNull(),
    score: real('score'),
  },
  (t) => [
    index('completions_org_completed_idx').on(t.organizationId, t.completedAt),
    index('completions_user_idx').on(t.userId),
    index('completions_workflow_idx').on(t.workflowId),
  ],
);

/** Generated analytics CSV files for LMS import (docs/decisions/007-analytics-reports.md). */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    /** completions | users | skill-progress: the prefix of the name. */
    type: text('type').notNull(),
    /** `<type>-<YYYY-MM-DD>.csv`: a second generation on one day replaces the first. */
    name: text('name').notNull(),
    blobKey: text('blob_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    generatedAt: createdAt(),
  },
  (t) => [
    index('reports_org_generated_idx').on(t.organizationId, t.generatedAt),
    uniqueIndex('reports_org_name_uq').on(t.organizationId, t.name),
    index('reports_generated_idx').on(t.generatedAt),
  ],
);

/**
 * One generation of an organization's reports (daily or on demand), for the screen's
 * progress. At most one is queued or running per organization at a time.
 */
export const reportGenerations = pgTable(
  'report_generations',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued | running | completed | failed */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    requestedAt: stampedNow('requested_at'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('report_generations_org_requested_idx').on(t.organizationId, t.requestedAt),
    index('report_generations_requested_by_idx').on(t.requestedBy),
    uniqueIndex('report_generations_org_active_uq').on(t.organizationId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
