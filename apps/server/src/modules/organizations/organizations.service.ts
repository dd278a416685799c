/**
 * Organizations for the Super area. The routes admit staff only (`read` for these reads,
 * `update` for changes); staff see every organization, so nothing here is scoped to the
 * caller's own.
 */
import {
  ORGANIZATION_ADMINS_SHOWN,
  type OrganizationListItem,
  type OrganizationsQuery,
  type OrganizationView,
  organizationErrorCodes,
} from '@console/contracts';
import { NotFound } from '../../http/errors.js';
import type { OrganizationRow, OrganizationsRepository, UserCounts } from './organizations.repository.js';

const noUsers: UserCounts = { regularUsersCount: 0, adminsCount: 0 };

export function toOrganizationListItem(row: OrganizationRow, counts: UserCounts = noUsers): OrganizationListItem {
  return {
    id: row.id,
    name: row.name,
    planType: row.planType,
    defaultGroup: row.defaultGroup,
    clientKey: row.clientKey,
    isStaff: row.isStaff,
    disabled: row.disabledAt !== null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...counts,
  };
}

export const organizationNotFound = () => new NotFound('Organization not found.', organizationErrorCodes.notFound);

export function createOrganizationsService(deps: { repo: OrganizationsRepository }) {
  const { repo } = deps;

  return {
    async list(query: OrganizationsQuery) {
      const filter = { q: query.q || undefined, includeDisabled: query.disabled === 'true' };
      const { rows, total } = await repo.list(filter, query);
      const counts = await repo.userCounts(rows.map((r) => r.id));
      return { organizations: rows.map((r) => toOrganizationListItem(r, counts.get(r.id))), total };
    },

    async get(id: string): Promise<{ organization: OrganizationView }> {
      const row = await repo.findById(id);
      if (!row) throw organizationNotFound();
      const [counts, workspacesCount, admins] = await Promise.all([
        repo.userCounts([id]),
        repo.workspacesCount(id),
        repo.admins(id, ORGANIZATION_ADMINS_SHOWN),
      ]);
      return {
        organization: {
          ...toOrganizationListItem(row, counts.get(id)),
          workspacesCount,
          admins: admins.map((a) => ({ id: a.id, displayName: a.displayName, email: a.email, disabled: a.disabledAt !== null })),
          moreAdmins: admins.length < ORGANIZATION_ADMINS_SHOWN ? 0 : (await repo.adminsCount(id)) - admins.length,
        },
      };
    },

    async planTypes() {
      return { planTypes: await repo.planTypes() };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
