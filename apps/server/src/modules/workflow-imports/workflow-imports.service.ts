/**
 * Workflow imports for the Super area (decision 015). The routes admit staff only (`read`
 * for the look-ups and the status, `update` to schedule). Scheduling checks everything,
 * then writes the import and its items in one transaction and queues the job that copies
 * them (run.ts).
 */
import {
  workflowImportErrorCodes as codes,
  DEFAULT_SOURCE_ENV,
  type ImportWorkflowItem,
  workflowImportErrorMessages as messages,
  organizationErrorCodes,
  type WorkflowImportBody,
  type WorkflowImportCounts,
  type WorkflowImportView,
  type WorkflowProcessingStage,
} from '@console/contracts';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { sourceEnvsOf, sourceEnvUnknown } from './source-envs.js';
import * as repo from './workflow-imports.repository.js';

export const WORKFLOW_IMPORT_JOB = 'workflow-import';

const noCounts: WorkflowImportCounts = { total: 0, remaining: 0, completed: 0, scheduled: 0, pending: 0, failed: 0 };

export function toImportView(row: repo.ImportRow, counts: WorkflowImportCounts = noCounts): WorkflowImportView {
  return {
    ...row,
    status: row.finishedAt ? (counts.failed > 0 ? 'error' : 'completed') : 'processing',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts,
  };
}

/** Imports write only into this installation: a target is always in "default". */
function checkTargetEnv(env: string) {
  if (env !== DEFAULT_SOURCE_ENV) throw sourceEnvUnknown('targetEnv');
}

const invalid = (key: keyof typeof messages, path: string, details: Record<string, unknown> = {}) =>
  new ValidationError(messages[key], [{ path, message: key, ...details }], codes[key as keyof typeof codes]);

const organizationNotFound = () => new NotFound('Organization not found.', organizationErrorCodes.notFound);
const workspaceNotFound = () => new NotFound(messages.workspaceNotFound, codes.workspaceNotFound);

export async function sendImportJob(deps: Pick<AppDeps, 'jobs'>, importId: string) {
  await deps.jobs?.send(WORKFLOW_IMPORT_JOB, { importId });
}

export function createWorkflowImportsService(deps: AppDeps) {
  const db = deps.database.db;
  // Looked up at each call: tests give the dependencies environments of their own after the app is built.
  const envs = { names: () => sourceEnvsOf(deps).names(), db: (name: string) => sourceEnvsOf(deps).db(name) };

  async function organization(id: string, from: Db = db) {
    const org = await repo.findOrganization(from, id);
    if (!org) throw organizationNotFound();
    return org;
  }

  async function workspace(organizationId: string, workspaceId: string, from: Db = db) {
    await organization(organizationId, from);
    const ws = await repo.findWorkspace(from, organizationId, workspaceId);
    if (!ws) throw workspaceNotFound();
    return ws;
  }

  /** Source names of imports from other environments, read there (two queries per environment). */
  async function withSourceNames(rows: repo.ImportRow[]): Promise<repo.ImportRow[]> {
    const byEnv = new Map<string, repo.ImportRow[]>();
    for (const r of rows) if (r.sourceEnv !== DEFAULT_SOURCE_ENV) byEnv.set(r.sourceEnv, [...(byEnv.get(r.sourceEnv) ?? []), r]);
    const named = new Map<string, { org?: string; ws?: string }>();
    for (const [env, list] of byEnv) {
      if (!envs.names().includes(env)) continue;
      const from = await envs.db(env);
      const orgs = await repo.organizationNames(from, [...new Set(list.map((r) => r.sourceOrganizationId))]);
      const wss = await repo.workspaceNames(from, [...new Set(list.map((r) => r.sourceWorkspaceId))]);
      for (const r of list) named.set(r.id, { org: orgs.get(r.sourceOrganizationId), ws: wss.get(r.sourceWorkspaceId) });
    }
    return rows.map((r) => {
      const n = named.get(r.id);
      return n ? { ...r, sourceOrganizationName: n.org ?? null, sourceWorkspaceName: n.ws ?? null } : r;
    });
  }

  async function view(importId: string) {
    const row = await repo.findImport(db, importId);
    if (!row) throw new NotFound(messages.importNotFound, codes.importNotFound);
    const counts = await repo.importCounts(db, [importId]);
    const [named] = await withSourceNames([row]);
    return toImportView(named, counts.get(importId));
  }

  return {
    environments() {
      return { environments: envs.names() };
    },

    async sourceOrganizations(query: { q?: string; sourceEnv: string; organizationId?: string; page: number; limit: number }) {
      const from = await envs.db(query.sourceEnv);
      const { rows, total } = await repo.sourceOrganizations(
        from,
        { q: query.q || undefined, organizationId: query.organizationId },
        query,
      );
      return { organizations: rows, total };
    },

    async workspaces(
      organizationId: string,
      query: {
        q?: string;
        source: '0' | '1';
        sourceEnv: string;
        targetEnv: string;
        private?: 'true' | 'false';
        page: number;
        limit: number;
      },
    ) {
      if (query.source === '0') checkTargetEnv(query.targetEnv);
      const from = query.source === '1' ? await envs.db(query.sourceEnv) : db;
      await organization(organizationId, from);
      const filter = { q: query.q || undefined, private: query.private === undefined ? undefined : query.private === 'true' };
      const { rows, total } = await repo.organizationWorkspaces(from, organizationId, filter, query);
      return { workspaces: rows, total };
    },

    async workflows(organizationId: string, workspaceId: string, query: { q?: string; sourceEnv: string; page: number; limit: number }) {
      const from = await envs.db(query.sourceEnv);
      await workspace(organizationId, workspaceId, from);
      const { rows, total } = await repo.workspaceWorkflows(from, workspaceId, { q: query.q || undefined }, query);
      const list: ImportWorkflowItem[] = rows.map((r) => ({
        ...r,
        stage: r.stage as WorkflowProcessingStage,
        createdAt: r.createdAt.toISOString(),
      }));
      return { workflows: list, total };
    },

    async authors(organizationId: string, workspaceId: string, query: { q?: string; page: number; limit: number }) {
      await workspace(organizationId, workspaceId);
      const { rows, total } = await repo.organizationAuthors(db, organizationId, { q: query.q || undefined }, query);
      return { authors: rows.map((r) => ({ ...r, role: r.role as 'org_admin' | 'workspace_admin' | 'publisher' })), total };
    },

    /**
     * Checks the whole request (spec section 5 and the rules of decision 015), then writes the
     * import and its items in one transaction, with the target organization locked against
     * being disabled meanwhile, and queues the copy.
     */
    async schedule(auth: AuthContext, path: { id: string; workspaceId: string }, body: WorkflowImportBody) {
      const from = await envs.db(body.sourceEnv);
      const sameEnv = body.sourceEnv === DEFAULT_SOURCE_ENV;
      if (body.targetOrganizationId !== path.id) throw invalid('targetMismatch', '/targetOrganizationId');
      if (body.targetWorkspaceId !== path.workspaceId) throw invalid('targetMismatch', '/targetWorkspaceId');
      const target = await organization(path.id);
      if (target.disabledAt) throw new Conflict('A disabled organization cannot be changed.', organizationErrorCodes.disabled);
      const source = await repo.findOrganization(from, body.sourceOrganizationId);
      if (!source || source.disabledAt) throw invalid('sourceOrganizationUnknown', '/sourceOrganizationId');
      const sourceWs = await repo.findWorkspace(from, body.sourceOrganizationId, body.sourceWorkspaceId);
      if (!sourceWs) throw invalid('sourceWorkspaceUnknown', '/sourceWorkspaceId');
      const targetWs = await repo.findWorkspace(db, path.id, path.workspaceId);
      if (!targetWs) throw invalid('targetWorkspaceUnknown', '/targetWorkspaceId');
      if (sameEnv && sourceWs.id === targetWs.id) throw invalid('sameWorkspace', '/targetWorkspaceId');
      if (sourceWs.private !== targetWs.private) {
        throw invalid('privacyMismatch', '/targetWorkspaceId', { sourcePrivate: sourceWs.private, targetPrivate: targetWs.private });
      }
      if (!(await repo.findAuthor(db, path.id, body.targetAuthorId))) throw invalid('authorInvalid', '/targetAuthorId');
      const workflowIds = [...new Set(body.workflows)];
      const known = await repo.workflowIdsInWorkspace(from, sourceWs.id, workflowIds);
      const unknown = workflowIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw invalid('workflowsUnknown', '/workflows', { workflows: unknown });

      const importId = await db.transaction(async (tx) => {
        const locked = await repo.lockOrganizationForShare(tx, path.id);
        if (!locked || locked.disabledAt) throw new Conflict('A disabled organization cannot be changed.', organizationErrorCodes.disabled);
        const id = await repo.createImport(
          tx,
          {
            sourceEnv: body.sourceEnv,
            sourceOrganizationId: source.id,
            sourceWorkspaceId: sourceWs.id,
            targetOrganizationId: path.id,
            targetWorkspaceId: targetWs.id,
            targetAuthorId: body.targetAuthorId,
            createdBy: auth.userId,
          },
          workflowIds,
        );
        await tx.insert(auditLog).values({
          organizationId: path.id,
          actorUserId: auth.userId,
          action: 'workflow_import.schedule',
          targetType: 'workflow_import',
          targetId: id,
          details: { sourceOrganizationId: source.id, sourceWorkspaceId: sourceWs.id, workflows: workflowIds.length },
        });
        return id;
      });
      await sendImportJob(deps, importId);
      return { workflowImport: await view(importId) };
    },

    async list(organizationId: string, page: { page: number; limit: number }) {
      await organization(organizationId);
      const { rows, total } = await repo.organizationImports(db, organizationId, page);
      const counts = await repo.importCounts(
        db,
        rows.map((r) => r.id),
      );
      const named = await withSourceNames(rows);
      return { workflowImports: named.map((r) => toImportView(r, counts.get(r.id))), total };
    },

    async get(organizationId: string, importId: string) {
      const found = await view(importId);
      if (found.targetOrganizationId !== organizationId) throw new NotFound(messages.importNotFound, codes.importNotFound);
      const here = found.sourceEnv === DEFAULT_SOURCE_ENV;
      let items = await repo.importItems(db, importId, here);
      if (!here && envs.names().includes(found.sourceEnv)) {
        const titles = await repo.workflowTitles(
          await envs.db(found.sourceEnv),
          items.map((i) => i.sourceWorkflowId),
        );
        items = items
          .map((i) => ({ ...i, title: titles.get(i.sourceWorkflowId) ?? null }))
          .sort((a, b) => (a.title ?? '\uffff').localeCompare(b.title ?? '\uffff'));
      }
      return { workflowImport: { ...found, items } };
    },
  };
}
