/**
 * What the external API does for an authenticated caller (apiKey + idToken). Reads are
 * open to every API role, limited to their own workspaces below Organizational Admin;
 * user data is for Organizational and Workspace Admins; changing users is for
 * Organizational Admins (docs/decisions/ on the external API).
 */
import { externalApiErrorCodes, type OrgRole } from '@console/contracts';
import type { ChangeFeed } from '../../db/change-feed.js';
import { type Clock, systemClock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, Forbidden, NotFound } from '../../http/errors.js';
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

export function createExternalApiService(deps: {
  repo: ExternalApiRepository;
  publicUrl: string;
  clock: Clock;
  /** Told after a user is disabled, so this process's caches forget the user at once. */
  changes?: Pick<ChangeFeed, 'changed'>;
}) {
  const { repo } = deps;
  const { clock } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  async function userInOrganization(auth: AuthContext, id: string) {
    const row = await repo.findUser(auth.organizationId, id);
    if (!row) throw userNotFound();
    return row;
  }

  return {
    async listWorkflows(auth: AuthContext, query: Page & { q?: string; workspaceId?: string }) {
      const { rows, total } = await repo.listWorkflows(scopeOf(auth), query);
      return { workflows: rows.map(workflowSummary), total };
    },

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
      if (id === auth.userId) throw new Conflict('You cannot disable your own account.', 'CANNOT_DISABLE_SELF');
      await userInOrganization(auth, id);
      await repo.disableUser(auth.organizationId, id, clock.now());
      deps.changes?.changed(auth.organizationId);
      return { user: toApiUser(await userInOrganization(auth, id)) };
    },
  };
}

export type ExternalApiService = ReturnType<typeof createExternalApiService>;
