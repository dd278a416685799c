/** Workflows and their imports from another environment (modules/workflow-imports). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';
import { organizationIdColumn, organizations } from './organizations.js';
import { users, workspaces } from './users.js';

export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    /** copy | segmentation | step_editing | uploading | workflow_editing | published */
    stage: text('stage').notNull().default('published'),
    sourceVideoKey: text('source_video_key'),
    durationSeconds: integer('duration_seconds'),
    /** Set on a copy made by a workflow import. */
    importedFromId: uuid('imported_from_id'),
    createdAt: createdAt(),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [
    index('workflows_org_idx').on(t.organizationId),
    index('workflows_workspace_idx').on(t.workspaceId),
    index('workflows_author_idx').on(t.authorId),
    index('workflows_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: id(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    text: text('text'),
    startMs: integer('start_ms'),
    endMs: integer('end_ms'),
  },
  (t) => [uniqueIndex('workflow_steps_workflow_pos_uq').on(t.workflowId, t.position)],
);

export const workflowImports = pgTable(
  'workflow_imports',
  {
    id: id(),
    sourceEnv: text('source_env').notNull().default('default'),
    sourceOrganizationId: uuid('source_organization_id').notNull(),
    sourceWorkspaceId: uuid('source_workspace_id').notNull(),
    targetOrganizationId: uuid('target_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    targetWorkspaceId: uuid('target_workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    targetAuthorId: uuid('target_author_id')
      .notNull()
      .references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('workflow_imports_target_org_idx').on(t.targetOrganizationId),
    index('workflow_imports_target_ws_idx').on(t.targetWorkspaceId),
    index('workflow_imports_author_idx').on(t.targetAuthorId),
    index('workflow_imports_created_by_idx').on(t.createdBy),
  ],
);

export const workflowImportItems = pgTable(
  'workflow_import_items',
  {
    id: id(),
    importId: uuid('import_id')
      .notNull()
      .references(() => workflowImports.id, { onDelete: 'cascade' }),
    sourceWorkflowId: uuid('source_workflow_id').notNull(),
    /** scheduled | pending | completed | failed */
    status: text('status').notNull().default('scheduled'),
    targetWorkflowId: uuid('target_workflow_id').references(() => workflows.id, { onDelete: 'set null' }),
    failedReason: text('failed_reason'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [index('workflow_import_items_import_idx').on(t.importId), index('workflow_import_items_target_idx').on(t.targetWorkflowId)],
);
