/**
 * What the external API does (docs/product.md, "External API"): the idToken for an API
 * user's password, then, for an authenticated caller (apiKey + idToken), reads open to
 * every API role, limited to their own workspaces below Organizational Admin; user data
 * for Organizational and Workspace Admins; changing users and importing them for
 * Organizational Admins.
 */
import { apiRoles, externalApiErrorCodes, type OrgRole } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { OrgCache } from '../../db/org-cache.js';
import type { AuthContext, RequestClient } from '../../http/auth-context.js';
import { Conflict, Forbidden, NotFound } from '../../http/errors.js';
import type { IdTokens } from '../auth/id-token.js';
import { actorOf, recordEvent } from '../events/record.js';
import { type UserImportService, unattendedUpload } from '../user-imports/user-imports.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  cachedWorkflowsPage,
  peekWorkflowsPage,
  serializeWorkflowsPage,
  type WorkflowsPage,
  type WorkflowsQuery,
} from './external-api.cache.js';
import type { ExternalApiRepository, Page, ReadScope, UserRow, WorkflowRow } from './external-api.repository.js';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

function workflowSummary(row: Omit<WorkflowRow, 'total'>) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    stage: row.stage,
    workspace: { id: row.workspaceId, name: row.workspaceName },
    author: row.authorId ? { id: row.authorId, displayName: row.authorName ?? '' } : null,
    durationSeconds: row.durationSeconds,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toApiUser(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    employeeId: row.employeeId,
    displayName: row.displayName,
    role: row.role as OrgRole,
    disabled: row.disabledAt !== null,
    createdAt: iso(row.createdAt),
    lastLoginAt: isoOrNull(row.lastLoginAt),
    invitedAt: isoOrNull(row.invitedAt),
  };
}

const roleNames: Record<OrgRole, string> = {
  org_admin: 'Organizational Admins',
  workspace_admin: 'Workspace Admins',
  publisher: 'Publishers',
  viewer: 'Viewers',
};

export function requireRole(auth: AuthContext, roles: OrgRole[]) {
  if (!roles.includes(auth.role)) {
    const who = roles.map((r) => roleNames[r]).join(' and ');
    throw new Forbidden(`Only ${who} can do this through the API.`, externalApiErrorCodes.roleNotAllowed);
  }
}

const scopeOf = (auth: AuthContext): ReadScope => ({
  organizationId: auth.organizationId,
  memberOf: auth.role === 'org_admin' ? undefined : auth.userId,
});

const userNotFound = () => new NotFound('User was not found', 'USER_NOT_FOUND');

/** Who a password belongs to, as the console's sign-in finds them (it refuses a wrong password, a locked account, …). */
export interface PasswordUser {
  userId: string;
  email: string | null;
  displayName: string;
  role: string;
}

export function createExternalApiService(deps: {
  db: Db;
  repo: ExternalApiRepository;
  publicUrl: string;
  /** The users module: disabling a user goes through it. */
  users: Pick<UsersService, 'disable'>;
  /** Serialised workflow pages (external-api.cache.ts); absent while no change feed runs. */
  workflowPages?: OrgCache<WorkflowsPage>;
  /** The console's password sign-in (auth), with its lockout per account and source (the caller's IP address). */
  authenticatePassword: (email: string, password: string, client: RequestClient) => Promise<PasswordUser>;
  idTokens: Pick<IdTokens, 'issue'>;
  /** The console's user imports: the API uploads and reads them through the same service. */
  userImports: Pick<UserImportService, 'createFromRequest' | 'get' | 'errors'>;
}) {
  const { repo, userImports } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  async function userInOrganization(auth: AuthContext, id: string) {
    const row = await repo.findUser(auth.organizationId, id);
    if (!row) throw userNotFound();
    return row;
  }

  async function listWorkflows(auth: AuthContext, query: WorkflowsQuery) {
    const { rows, total } = await repo.listWorkflows(scopeOf(auth), query);
    return { workflows: rows.map(workflowSummary), total };
  }

  /** User imports are for Organizational Admins. */
  const importer = (auth: AuthContext) => {
    requireRole(auth, ['org_admin']);
    return auth;
  };

  /**
   * Disables a user of the organization and ends their browser sessions, recording the
   * event (then this process's caches forget the organization's users at once, the others'
   * through the change feed). Nothing happens to a user already disabled.
   */
  async function disableMember(auth: AuthContext, user: UserRow) {
    await deps.db.transaction(async (tx) => {
      if ((await deps.users.disable(auth.organizationId, [user.id], tx)) === 0) return;
      await recordEvent(tx, {
        action: 'user.disabled',
        organizationId: auth.organizationId,
        actor: actorOf(auth),
        targets: [{ type: 'user', id: user.id, name: user.displayName }],
      });
    });
  }

  return {
    /** An idToken for the e-mail and password of an API user. */
    async issueToken(email: string, password: string, client: RequestClient) {
      const user = await deps.authenticatePassword(email, password, client);
      if (!apiRoles.includes(user.role as OrgRole)) {
        throw new Forbidden(
          'Only Organizational Admins, Workspace Admins and Publishers can use the API.',
          externalApiErrorCodes.roleNotAllowed,
        );
      }
      const token = await deps.idTokens.issue({ id: user.userId, email: user.email, displayName: user.displayName }, 'password', 'api');
      return { idToken: token.idToken, expiresIn: token.expiresIn };
    },

    /**
     * The serialised page of workflows from memory (cached per caller's scope and query,
     * external-api.cache.ts), or undefined: answered without a promise when it is there.
     */
    peekWorkflowsPage(auth: AuthContext, query: WorkflowsQuery): WorkflowsPage | undefined {
      return peekWorkflowsPage(deps.workflowPages, auth, query);
    },

    /** The serialised page of workflows, read (and cached) when it is not in memory. */
    workflowsPage(auth: AuthContext, query: WorkflowsQuery): Promise<WorkflowsPage> {
      return cachedWorkflowsPage(deps.workflowPages, auth, query, async () => serializeWorkflowsPage(await listWorkflows(auth, query)));
    },

    listWorkflows,

    async getWorkflow(auth: AuthContext, id: string) {
      const row = await repo.findWorkflow(scopeOf(auth), id);
      if (!row) throw new NotFound('Workflow not found.', 'WORKFLOW_NOT_FOUND');
      return { workflow: { ...workflowSummary(row), deepLink: `${base}/workflows/${row.id}`, steps: row.steps } };
    },

    async listWorkspaces(auth: AuthContext, page: Page) {
      const { rows, total } = await repo.listWorkspaces(scopeOf(auth), page);
      return { workspaces: rows.map(({ total: _, ...w }) => w), total };
    },

    async listSkills(auth: AuthContext, page: Page) {
      const { rows, total } = await repo.listSkills(auth.organizationId, page);
      return { skills: rows.map(({ total: _, ...s }) => s), total };
    },

    async userSkillProgress(auth: AuthContext, userId: string, page: Page) {
      requireRole(auth, ['org_admin', 'workspace_admin']);
      await userInOrganization(auth, userId);
      const { rows, total } = await repo.listUserSkills(userId, page);
      return {
        userId,
        skillProgress: rows.map((r) => ({
          skill: { id: r.skillId, name: r.skillName },
          progress: r.progress,
          assignedAt: iso(r.assignedAt),
          achievedAt: isoOrNull(r.achievedAt),
        })),
        total,
      };
    },

    async listUsers(auth: AuthContext, query: Page & { q?: string }) {
      requireRole(auth, ['org_admin', 'workspace_admin']);
      const { rows, total } = await repo.listUsers(auth.organizationId, query);
      return { users: rows.map(toApiUser), total };
    },

    async disableUser(auth: AuthContext, id: string) {
      requireRole(auth, ['org_admin']);
      // A key acting on its own is nobody's account: it has no self to disable.
      if (auth.userId !== null && id === auth.userId)
        throw new Conflict('You cannot disable your own account.', externalApiErrorCodes.cannotDisableSelf);
      await disableMember(auth, await userInOrganization(auth, id));
      return { user: toApiUser(await userInOrganization(auth, id)) };
    },

    /** Streams the request's CSV (multipart) into an import of the caller's organization. */
    async createUserImport(auth: AuthContext, request: FastifyRequest) {
      return { userImport: await userImports.createFromRequest(importer(auth), request, unattendedUpload) };
    },

    async getUserImport(auth: AuthContext, id: string) {
      return { userImport: await userImports.get(importer(auth), id) };
    },

    userImportErrors(auth: AuthContext, id: string, query: Parameters<UserImportService['errors']>[2]) {
      return userImports.errors(importer(auth), id, query);
    },
  };
}

export type ExternalApiService = ReturnType<typeof createExternalApiService>;
