/** SQL of workflow imports: the look-ups, the import and its items, the copy. Every function takes a Db (or a transaction). */
import { DEFAULT_SOURCE_ENV, WORKFLOW_AUTHOR_ROLES, type WorkflowImportCounts, type WorkflowImportItemStatus } from '@console/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, sqlRows } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { organizations, users, workflowImportItems, workflowImports, workflowSteps, workflows, workspaces } from '../../db/schema.js';

export interface Page {
  page: number;
  limit: number;
}

const paged = async <T extends { total: number }>(rows: T[], page: Page, count: () => Promise<number>) => ({
  rows: rows.map(({ total: _t, ...r }) => r),
  total: await pageTotal(rows, page, count),
});

/** Active organizations by name (without case), then id; only one when `organizationId` is given. */
export async function sourceOrganizations(db: Db, filter: { q?: string; organizationId?: string }, page: Page) {
  const where = and(
    isNull(organizations.disabledAt),
    filter.q ? ilike(organizations.name, containsPattern(filter.q)) : undefined,
    filter.organizationId ? eq(organizations.id, filter.organizationId) : undefined,
  );
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, total: totalOver() })
    .from(organizations)
    .where(where)
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  return paged(rows, page, () => db.$count(organizations, where));
}

export async function findOrganization(db: Db, id: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, disabledAt: organizations.disabledAt })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
}

/** The organization's row, locked against a concurrent disabling until the transaction ends. */
export async function lockOrganizationForShare(db: Db, id: string) {
  const [row] = await db
    .select({ id: organizations.id, disabledAt: organizations.disabledAt })
    .from(organizations)
    .where(eq(organizations.id, id))
    .for('share');
  return row;
}

const workspaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  workspaceGroupName: workspaces.workspaceGroupName,
  private: workspaces.private,
};

export async function organizationWorkspaces(db: Db, organizationId: string, filter: { q?: string; private?: boolean }, page: Page) {
  const where = and(
    eq(workspaces.organizationId, organizationId),
    filter.q ? ilike(workspaces.name, containsPattern(filter.q)) : undefined,
    filter.private === undefined ? undefined : eq(workspaces.private, filter.private),
  );
  const rows = await db
    .select({ ...workspaceColumns, total: totalOver() })
    .from(workspaces)
    .where(where)
    .orderBy(sql`lower(${workspaces.name})`, asc(workspaces.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  return paged(rows, page, () => db.$count(workspaces, where));
}

/** The workspace, if it is one of the organization's. */
export async function findWorkspace(db: Db, organizationId: string, workspaceId: string) {
  const [row] = await db
    .select(workspaceColumns)
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, organizationId)));
  return row;
}

export async function workspaceWorkflows(db: Db, workspaceId: string, filter: { q?: string }, page: Page) {
  const where = and(eq(workflows.workspaceId, workspaceId), filter.q ? ilike(workflows.title, containsPattern(filter.q)) : undefined);
  const rows = await db
    .select({
      id: workflows.id,
      title: workflows.title,
      stage: workflows.stage,
      hasSourceVideo: sql<boolean>`${workflows.sourceVideoKey} is not null`,
      stepsCount: sql<number>`(select count(*) from workflow_steps s where s.workflow_id = "workflows"."id")`.mapWith(Number),
      createdAt: workflows.createdAt,
      total: totalOver(),
    })
    .from(workflows)
    .where(where)
    .orderBy(sql`lower(${workflows.title})`, asc(workflows.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  return paged(rows, page, () => db.$count(workflows, where));
}

/** Which of these ids are workflows of the workspace. */
export async function workflowIdsInWorkspace(db: Db, workspaceId: string, ids: string[]) {
  const rows = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.workspaceId, workspaceId), inArray(workflows.id, ids)));
  return new Set(rows.map((r) => r.id));
}

const mayAuthor = (organizationId: string) =>
  and(eq(users.organizationId, organizationId), isNull(users.disabledAt), inArray(users.role, [...WORKFLOW_AUTHOR_ROLES]));

/** Enabled users of the organization who may author, by name. */
export async function organizationAuthors(db: Db, organizationId: string, filter: { q?: string }, page: Page) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(mayAuthor(organizationId), pattern ? or(ilike(users.displayName, pattern), ilike(users.email, pattern)) : undefined);
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email, role: users.role, total: totalOver() })
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.displayName})`, asc(users.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  return paged(rows, page, () => db.$count(users, where));
}

export async function findAuthor(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), mayAuthor(organizationId)));
  return row;
}

export async function createImport(db: Db, values: typeof workflowImports.$inferInsert, workflowIds: string[]) {
  const [row] = await db.insert(workflowImports).values(values).returning({ id: workflowImports.id });
  await db.insert(workflowImportItems).values(workflowIds.map((sourceWorkflowId) => ({ importId: row.id, sourceWorkflowId })));
  return row.id;
}

const sourceOrg = alias(organizations, 'source_org');
const sourceWs = alias(workspaces, 'source_ws');
const targetWs = alias(workspaces, 'target_ws');
const author = alias(users, 'author');
const creator = alias(users, 'creator');

const importColumns = {
  id: workflowImports.id,
  sourceEnv: workflowImports.sourceEnv,
  sourceOrganizationId: workflowImports.sourceOrganizationId,
  sourceOrganizationName: sourceOrg.name,
  sourceWorkspaceId: workflowImports.sourceWorkspaceId,
  sourceWorkspaceName: sourceWs.name,
  targetOrganizationId: workflowImports.targetOrganizationId,
  targetWorkspaceId: workflowImports.targetWorkspaceId,
  targetWorkspaceName: targetWs.name,
  targetAuthorId: workflowImports.targetAuthorId,
  targetAuthorName: author.displayName,
  createdBy: creator.displayName,
  createdAt: workflowImports.createdAt,
  finishedAt: workflowImports.finishedAt,
};

function importsSelect(db: Db, extra: Record<string, SQL.Aliased<number> | SQL<number>> = {}) {
  return (
    db
      .select({ ...importColumns, ...extra })
      .from(workflowImports)
      // Names of a source in another environment are read there (the service fills them in).
      .leftJoin(sourceOrg, and(eq(sourceOrg.id, workflowImports.sourceOrganizationId), eq(workflowImports.sourceEnv, DEFAULT_SOURCE_ENV)))
      .leftJoin(sourceWs, and(eq(sourceWs.id, workflowImports.sourceWorkspaceId), eq(workflowImports.sourceEnv, DEFAULT_SOURCE_ENV)))
      .innerJoin(targetWs, eq(targetWs.id, workflowImports.targetWorkspaceId))
      .innerJoin(author, eq(author.id, workflowImports.targetAuthorId))
      .leftJoin(creator, eq(creator.id, workflowImports.createdBy))
  );
}

export type ImportRow = Awaited<ReturnType<typeof findImport>> & {};

export async function findImport(db: Db, importId: string) {
  const [row] = await importsSelect(db).where(eq(workflowImports.id, importId));
  return row;
}

/** The organization's imports, newest first. */
export async function organizationImports(db: Db, organizationId: string, page: Page) {
  const where = eq(workflowImports.targetOrganizationId, organizationId);
  const rows = await importsSelect(db, { total: totalOver() })
    .where(where)
    .orderBy(desc(workflowImports.createdAt), desc(workflowImports.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  return paged(rows as ((typeof rows)[number] & { total: number })[], page, () => db.$count(workflowImports, where));
}

/** Item counts of these imports: one grouped query over the items' import index. */
export async function importCounts(db: Db, importIds: string[]): Promise<Map<string, WorkflowImportCounts>> {
  const counts = new Map<string, WorkflowImportCounts>();
  if (importIds.length === 0) return counts;
  const n = (status: string) => sql<number>`count(*) filter (where ${workflowImportItems.status} = ${status})`.mapWith(Number);
  const rows = await db
    .select({
      importId: workflowImportItems.importId,
      total: sql<number>`count(*)`.mapWith(Number),
      scheduled: n('scheduled'),
      pending: n('pending'),
      completed: n('completed'),
      failed: n('failed'),
    })
    .from(workflowImportItems)
    .where(inArray(workflowImportItems.importId, importIds))
    .groupBy(workflowImportItems.importId);
  for (const { importId, ...r } of rows) counts.set(importId, { ...r, remaining: r.scheduled + r.pending });
  return counts;
}

/** The import's items; titles are joined from this database (`withTitles`: the source is here). */
export async function importItems(db: Db, importId: string, withTitles = true) {
  return db
    .select({
      sourceWorkflowId: workflowImportItems.sourceWorkflowId,
      title: workflows.title,
      status: sql<WorkflowImportItemStatus>`${workflowImportItems.status}`,
      workflowId: workflowImportItems.targetWorkflowId,
      failedReason: workflowImportItems.failedReason,
      attempts: workflowImportItems.attempts,
    })
    .from(workflowImportItems)
    .leftJoin(workflows, and(eq(workflows.id, workflowImportItems.sourceWorkflowId), sql`${withTitles}`))
    .where(eq(workflowImportItems.importId, importId))
    .orderBy(sql`lower(${workflows.title}) nulls last`, asc(workflowImportItems.id));
}

/** Unfinished imports (a stopped process may have left them). */
export async function unfinishedImportIds(db: Db) {
  const rows = await db.select({ id: workflowImports.id }).from(workflowImports).where(isNull(workflowImports.finishedAt));
  return rows.map((r) => r.id);
}

/** The next item to copy, locked for the transaction; others running the same import skip it. */
export async function claimNextItem(db: Db, importId: string, maxAttempts: number) {
  const [row] = await db
    .select({ id: workflowImportItems.id, sourceWorkflowId: workflowImportItems.sourceWorkflowId, attempts: workflowImportItems.attempts })
    .from(workflowImportItems)
    .where(
      and(
        eq(workflowImportItems.importId, importId),
        inArray(workflowImportItems.status, ['scheduled', 'pending']),
        sql`${workflowImportItems.attempts} < ${maxAttempts}`,
      ),
    )
    .orderBy(asc(workflowImportItems.attempts), asc(workflowImportItems.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Copies the workflow (if it is still in the source workspace) and its steps; answers the copy's id. */
export async function copyWorkflow(
  db: Db,
  source: { workflowId: string; workspaceId: string },
  target: { organizationId: string; workspaceId: string; authorId: string },
): Promise<string | undefined> {
  // The video is not copied: the copy refers to the same blob by its key.
  const [copy] = await sqlRows<{ id: string }>(
    db,
    sql`insert into ${workflows} (organization_id, workspace_id, author_id, title, description, stage, source_video_key, duration_seconds, imported_from_id)
        select ${target.organizationId}::uuid, ${target.workspaceId}::uuid, ${target.authorId}::uuid, title, description, stage, source_video_key, duration_seconds, id
        from ${workflows} where id = ${source.workflowId}::uuid and workspace_id = ${source.workspaceId}::uuid
        returning id`,
  );
  if (!copy) return undefined;
  await db.execute(sql`
    insert into ${workflowSteps} (workflow_id, position, title, text, start_ms, end_ms)
    select ${copy.id}::uuid, position, title, text, start_ms, end_ms from ${workflowSteps} where workflow_id = ${source.workflowId}::uuid`);
  return copy.id;
}

export async function completeItem(db: Db, itemId: string, targetWorkflowId: string) {
  await db
    .update(workflowImportItems)
    .set({
      status: 'completed',
      targetWorkflowId,
      failedReason: null,
      attempts: sql`${workflowImportItems.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(workflowImportItems.id, itemId));
}

/** A failed try: pending while tries are left, else failed; the reason is kept either way. */
export async function failItem(db: Db, itemId: string, reason: string, final: boolean) {
  await db
    .update(workflowImportItems)
    .set({
      status: final ? 'failed' : 'pending',
      failedReason: reason,
      attempts: sql`${workflowImportItems.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(workflowImportItems.id, itemId));
}

/** Fails every item still to do (the target organization was disabled). */
export async function failRemainingItems(db: Db, importId: string, reason: string) {
  await db
    .update(workflowImportItems)
    .set({ status: 'failed', failedReason: reason, updatedAt: sql`now()` })
    .where(and(eq(workflowImportItems.importId, importId), inArray(workflowImportItems.status, ['scheduled', 'pending'])));
}

/** Items left over whose tries are used up (a process died during their last try) fail. */
export async function failExhaustedItems(db: Db, importId: string, maxAttempts: number, reason: string) {
  await db
    .update(workflowImportItems)
    .set({ status: 'failed', failedReason: sql`coalesce(${workflowImportItems.failedReason}, ${reason})`, updatedAt: sql`now()` })
    .where(
      and(
        eq(workflowImportItems.importId, importId),
        inArray(workflowImportItems.status, ['scheduled', 'pending']),
        sql`${workflowImportItems.attempts} >= ${maxAttempts}`,
      ),
    );
}

/** Marks the import finished when no item is left to do; answers whether it is finished. */
export async function finishIfDone(db: Db, importId: string): Promise<boolean> {
  const rows = await db
    .update(workflowImports)
    .set({ finishedAt: sql`now()` })
    .where(
      and(
        eq(workflowImports.id, importId),
        isNull(workflowImports.finishedAt),
        sql`not exists (select 1 from ${workflowImportItems} where ${workflowImportItems.importId} = ${importId}::uuid and ${workflowImportItems.status} in ('scheduled', 'pending'))`,
      ),
    )
    .returning({ finishedAt: workflowImports.finishedAt });
  return rows.length > 0;
}

export async function importTarget(db: Db, importId: string) {
  const [row] = await db
    .select({
      sourceEnv: workflowImports.sourceEnv,
      sourceWorkspaceId: workflowImports.sourceWorkspaceId,
      targetOrganizationId: workflowImports.targetOrganizationId,
      targetWorkspaceId: workflowImports.targetWorkspaceId,
      targetAuthorId: workflowImports.targetAuthorId,
      finishedAt: workflowImports.finishedAt,
    })
    .from(workflowImports)
    .where(eq(workflowImports.id, importId));
  return row;
}

/** Names by id (organizations or workspaces of a source environment). */
export async function organizationNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function workspaceNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(inArray(workspaces.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function workflowTitles(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: workflows.id, title: workflows.title }).from(workflows).where(inArray(workflows.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** A workflow of the workspace and its steps, read from (another environment's) database. */
export async function readWorkflow(db: Db, workflowId: string, workspaceId: string) {
  const [workflow] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.workspaceId, workspaceId)));
  if (!workflow) return undefined;
  const steps = await db
    .select({
      position: workflowSteps.position,
      title: workflowSteps.title,
      text: workflowSteps.text,
      startMs: workflowSteps.startMs,
      endMs: workflowSteps.endMs,
    })
    .from(workflowSteps)
    .where(eq(workflowSteps.workflowId, workflowId));
  return { workflow, steps };
}

/** Writes a copy read from another environment; answers its id. */
export async function insertCopy(
  db: Db,
  source: NonNullable<Awaited<ReturnType<typeof readWorkflow>>>,
  target: { organizationId: string; workspaceId: string; authorId: string },
) {
  const w = source.workflow;
  const [copy] = await db
    .insert(workflows)
    .values({
      organizationId: target.organizationId,
      workspaceId: target.workspaceId,
      authorId: target.authorId,
      title: w.title,
      description: w.description,
      stage: w.stage,
      sourceVideoKey: w.sourceVideoKey,
      durationSeconds: w.durationSeconds,
      importedFromId: w.id,
    })
    .returning({ id: workflows.id });
  if (source.steps.length > 0) await db.insert(workflowSteps).values(source.steps.map((step) => ({ ...step, workflowId: copy.id })));
  return copy.id;
}
