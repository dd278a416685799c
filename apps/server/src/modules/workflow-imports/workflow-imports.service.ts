/**
 * Workflow imports for the Super area (docs/product.md, "Workflow imports"; decision 015).
 * The routes admit staff only (`read` for the look-ups and the status, `update` to
 * schedule). Scheduling checks everything, then writes the import and its items in one
 * transaction and queues the job that copies them (run.ts).
 */
import {
  workflowImportErrorCodes as codes,
  DEFAULT_SOURCE_ENV,
  type ImportAuthorsQuery,
  type ImportWorkflowItem,
  type ImportWorkflowsQuery,
  type ImportWorkspacesQuery,
  workflowImportErrorMessages as messages,
  organizationErrorCodes,
  type PageQuery,
  type SourceOrganizationsQuery,
  type WorkflowImportBody,
  type WorkflowImportCounts,
  type WorkflowImportView,
  type WorkflowProcessingStage,
} from '@console/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import type { WorkflowImportJobs } from '../../jobs/job-names.js';
import type { JobSender } from '../../jobs/queue.js';
import { actorOf, recordEvent } from '../events/record.js';
import { type SourceEnvs, sourceEnvUnknown } from './source-envs.js';
import type { WorkflowImportPickersRepository } from './workflow-import-pickers.repository.js';
import type { ImportRow, WorkflowImportsRepository } from './workflow-imports.repository.js';

const noCounts: WorkflowImportCounts = { total: 0, remaining: 0, completed: 0, scheduled: 0, pending: 0, failed: 0 };

export function toImportView(row: ImportRow, counts: WorkflowImportCounts = noCounts): WorkflowImportView {
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
const organizationDisabled = () => new Conflict('A disabled organization cannot be changed.', organizationErrorCodes.disabled);
const workspaceNotFound = () => new NotFound(messages.workspaceNotFound, codes.workspaceNotFound);
const importNotFound = () => new NotFound(messages.importNotFound, codes.importNotFound);

export function createWorkflowImportsService(deps: {
  db: Db;
  pickers: WorkflowImportPickersRepository;
  imports: WorkflowImportsRepository;
  /** The environments sources are read from ("default": `db`). */
  envs: Pick<SourceEnvs, 'names' | 'db'>;
  jobs: JobSender<WorkflowImportJobs>;
}) {
  const { db, pickers, imports, envs } = deps;

  const sendImportJob = async (importId: string) => {
    await deps.jobs.send('workflow-import', { importId });
  };

  async function organization(id: string, from: Db = db) {
    const org = await pickers.findOrganization(id, from);
    if (!org) throw organizationNotFound();
    return org;
  }

  async function workspace(organizationId: string, workspaceId: string, from: Db = db) {
    await organization(organizationId, from);
    const ws = await pickers.findWorkspace(organizationId, workspaceId, from);
    if (!ws) throw workspaceNotFound();
    return ws;
  }

  /** Source names of imports from other environments, read there (two queries per environment). */
  async function withSourceNames(rows: ImportRow[]): Promise<ImportRow[]> {
    const byEnv = new Map<string, ImportRow[]>();
    for (const r of rows) if (r.sourceEnv !== DEFAULT_SOURCE_ENV) byEnv.set(r.sourceEnv, [...(byEnv.get(r.sourceEnv) ?? []), r]);
    const named = new Map<string, { org?: string; ws?: string }>();
    for (const [env, list] of byEnv) {
      if (!envs.names().includes(env)) continue;
      const from = await envs.db(env);
      const orgs = await pickers.organizationNames([...new Set(list.map((r) => r.sourceOrganizationId))], from);
      const wss = await pickers.workspaceNames([...new Set(list.map((r) => r.sourceWorkspaceId))], from);
      for (const r of list) named.set(r.id, { org: orgs.get(r.sourceOrganizationId), ws: wss.get(r.sourceWorkspaceId) });
    }
    return rows.map((r) => {
      const n = named.get(r.id);
      return n ? { ...r, sourceOrganizationName: n.org ?? null, sourceWorkspaceName: n.ws ?? null } : r;
    });
  }

  async function view(importId: string) {
    const row = await imports.findImport(importId);
    if (!row) throw importNotFound();
    const counts = await imports.importCounts([importId]);
    const [named] = await withSourceNames([row]);
    return toImportView(named, counts.get(importId));
  }

  return {
    environments() {
      return { environments: envs.names() };
    },

    async sourceOrganizations(query: SourceOrganizationsQuery) {
      const from = await envs.db(query.sourceEnv);
      const { rows, total } = await pickers.sourceOrganizations(
        { q: query.q || undefined, organizationId: query.organizationId },
        query,
        from,
      );
      return { organizations: rows, total };
    },

    async workspaces(organizationId: string, query: ImportWorkspacesQuery) {
      if (query.source === '0') checkTargetEnv(query.targetEnv);
      const from = query.source === '1' ? await envs.db(query.sourceEnv) : db;
      await organization(organizationId, from);
      const filter = { q: query.q || undefined, private: query.private === undefined ? undefined : query.private === 'true' };
      const { rows, total } = await pickers.organizationWorkspaces(organizationId, filter, query, from);
      return { workspaces: rows, total };
    },

    async workflows(organizationId: string, workspaceId: string, query: ImportWorkflowsQuery) {
      const from = await envs.db(query.sourceEnv);
      await workspace(organizationId, workspaceId, from);
      const { rows, total } = await pickers.workspaceWorkflows(workspaceId, { q: query.q || undefined }, query, from);
      const list: ImportWorkflowItem[] = rows.map((r) => ({
        ...r,
        stage: r.stage as WorkflowProcessingStage,
        createdAt: r.createdAt.toISOString(),
      }));
      return { workflows: list, total };
    },

    async authors(organizationId: string, workspaceId: string, query: ImportAuthorsQuery) {
      await workspace(organizationId, workspaceId);
      const { rows, total } = await pickers.organizationAuthors(organizationId, { q: query.q || undefined }, query);
      return { authors: rows.map((r) => ({ ...r, role: r.role as 'org_admin' | 'workspace_admin' | 'publisher' })), total };
    },

    /**
     * Checks the whole request (docs/product.md, "Workflow imports": what scheduling checks,
     * in that order), then writes the import and its items in one transaction, with the
     * target organization locked against being disabled meanwhile, and queues the copy.
     */
    async schedule(auth: AuthContext, path: { id: string; workspaceId: string }, body: WorkflowImportBody) {
      const from = await envs.db(body.sourceEnv);
      const sameEnv = body.sourceEnv === DEFAULT_SOURCE_ENV;
      if (body.targetOrganizationId !== path.id) throw invalid('targetMismatch', '/targetOrganizationId');
      if (body.targetWorkspaceId !== path.workspaceId) throw invalid('targetMismatch', '/targetWorkspaceId');
      const target = await organization(path.id);
      if (target.disabledAt) throw organizationDisabled();
      const source = await pickers.findOrganization(body.sourceOrganizationId, from);
      if (!source || source.disabledAt) throw invalid('sourceOrganizationUnknown', '/sourceOrganizationId');
      const sourceWs = await pickers.findWorkspace(body.sourceOrganizationId, body.sourceWorkspaceId, from);
      if (!sourceWs) throw invalid('sourceWorkspaceUnknown', '/sourceWorkspaceId');
      const targetWs = await pickers.findWorkspace(path.id, path.workspaceId);
      if (!targetWs) throw invalid('targetWorkspaceUnknown', '/targetWorkspaceId');
      if (sameEnv && sourceWs.id === targetWs.id) throw invalid('sameWorkspace', '/targetWorkspaceId');
      if (sourceWs.private !== targetWs.private) {
        throw invalid('privacyMismatch', '/targetWorkspaceId', { sourcePrivate: sourceWs.private, targetPrivate: targetWs.private });
      }
      if (!(await pickers.findAuthor(path.id, body.targetAuthorId))) throw invalid('authorInvalid', '/targetAuthorId');
      const workflowIds = [...new Set(body.workflows)];
      const known = await pickers.workflowIdsInWorkspace(sourceWs.id, workflowIds, from);
      const unknown = workflowIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw invalid('workflowsUnknown', '/workflows', { workflows: unknown });

      const importId = await db.transaction(async (tx) => {
        const locked = await imports.lockOrganizationForShare(path.id, tx);
        if (!locked || locked.disabledAt) throw organizationDisabled();
        const id = await imports.createImport(
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
          tx,
        );
        await recordEvent(tx, {
          action: 'workflow_import.scheduled',
          organizationId: path.id,
          actor: actorOf(auth),
          targets: [{ type: 'workflow_import', id, name: targetWs.name }],
          data: {
            sourceEnv: body.sourceEnv,
            sourceOrganizationId: source.id,
            sourceWorkspaceId: sourceWs.id,
            workflows: workflowIds.length,
          },
        });
        return id;
      });
      await sendImportJob(importId);
      return { workflowImport: await view(importId) };
    },

    async list(organizationId: string, page: PageQuery) {
      await organization(organizationId);
      const { rows, total } = await imports.organizationImports(organizationId, page);
      const counts = await imports.importCounts(rows.map((r) => r.id));
      const named = await withSourceNames(rows);
      return { workflowImports: named.map((r) => toImportView(r, counts.get(r.id))), total };
    },

    async get(organizationId: string, importId: string) {
      const found = await view(importId);
      if (found.targetOrganizationId !== organizationId) throw importNotFound();
      const here = found.sourceEnv === DEFAULT_SOURCE_ENV;
      let items = await imports.importItems(importId, here);
      if (!here && envs.names().includes(found.sourceEnv)) {
        const titles = await pickers.workflowTitles(
          items.map((i) => i.sourceWorkflowId),
          await envs.db(found.sourceEnv),
        );
        items = items
          .map((i) => ({ ...i, title: titles.get(i.sourceWorkflowId) ?? null }))
          .sort((a, b) => (a.title ?? '\uffff').localeCompare(b.title ?? '\uffff'));
      }
      return { workflowImport: { ...found, items } };
    },

    /** Queues a run of every import a stopped process left unfinished (when the workers start). */
    async resumeUnfinished() {
      for (const id of await imports.unfinishedImportIds()) await sendImportJob(id);
    },
  };
}

export type WorkflowImportsService = ReturnType<typeof createWorkflowImportsService>;
