/**
 * Organizations for the Super area (docs/product.md, "Organizations"): the list, one
 * organization, its creation and client key (organization-creation.ts), its edit and disable. The routes admit staff only (`read` for these reads,
 * `update` for changes); staff see every organization, so nothing here is scoped to the
 * caller's own.
 */
import {
  type AccessCountsView,
  contentLocaleOf,
  ORGANIZATION_ADMINS_SHOWN,
  type OrganizationListItem,
  type OrganizationsQuery,
  type OrganizationUpdateBody,
  type OrganizationView,
  organizationErrorCodes,
} from '@console/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict } from '../../http/errors.js';
import type { InvitationsService } from '../auth/invitations.service.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import { createOrganizationCreation } from './organization-creation.js';
import { organizationNotFound, planTypeUnknown } from './organization-errors.js';
import type { OrganizationManagersRepository } from './organization-managers.repository.js';
import type { SendInvitation } from './organization-managers.service.js';
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
    locale: contentLocaleOf(row.locale),
    platformAppUrl: row.platformAppUrl,
    ...counts,
  };
}

/** Users are disabled this many per statement: short statements, so PGlite is never held for long. */
export const DISABLE_USERS_BATCH = 1000;

export function createOrganizationsService(deps: {
  db: Db;
  repo: OrganizationsRepository;
  clock: Clock;
  /** An organization is made with its first admin as its first manager. */
  managers: OrganizationManagersRepository;
  /** The users module: an organization's first admin is made through it, and one disabled for good disables its people through it. */
  users: Pick<UsersService, 'disable' | 'create' | 'refuseStaffAddress'>;
  /** Identity's invitations: an organization's first admin may be invited rather than given a password. */
  createInvitation: InvitationsService['create'];
  sendInvitation: SendInvitation;
  /** The database of a platform environment by name (the workflow imports' registry); an unknown name is a 400. */
  sourceDb: (name: string) => Promise<Db>;
  disableBatch?: number;
}) {
  const { db, repo, clock, sourceDb } = deps;
  const disableBatch = deps.disableBatch ?? DISABLE_USERS_BATCH;

  /**
   * Disables the organization's users that are still enabled, `disableBatch` at a time by
   * primary key (each batch a short transaction); answers how many.
   */
  async function disableUsers(id: string, now: Date): Promise<number> {
    const ids = await repo.enabledUserIds(id);
    let total = 0;
    for (let i = 0; i < ids.length; i += disableBatch)
      total += await deps.users.disable(id, ids.slice(i, i + disableBatch), undefined, now);
    return total;
  }

  async function get(id: string): Promise<{ organization: OrganizationView }> {
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
  }

  async function assertExists(id: string): Promise<void> {
    if (!(await repo.exists(id))) throw organizationNotFound();
  }

  return {
    ...createOrganizationCreation({
      db,
      organizations: repo,
      managers: deps.managers,
      users: deps.users,
      organizationView: get,
      createInvitation: deps.createInvitation,
      sendInvitation: deps.sendInvitation,
    }),

    async list(query: OrganizationsQuery) {
      const filter = { q: query.q || undefined, includeDisabled: query.disabled === 'true' };
      // Another environment holds the same tables: its organizations are read as ours are.
      const from = await sourceDb(query.sourceEnv);
      const { rows, total } = await repo.list(filter, query, from);
      const counts = await repo.userCounts(
        rows.map((r) => r.id),
        from,
      );
      return { organizations: rows.map((r) => toOrganizationListItem(r, counts.get(r.id))), total };
    },

    get,

    /** GET organization/{id}/accessCounts: what "SSO login only" or disabling would stop, for the confirmation (decision 047). */
    async accessCounts(id: string): Promise<{ accessCounts: AccessCountsView }> {
      await assertExists(id);
      return { accessCounts: await repo.accessCounts(id, clock.now()) };
    },

    /** Refuses (404) an organization that does not exist (its trail, which the events module reads). */
    assertExists,

    async planTypes() {
      return { planTypes: await repo.planTypes() };
    },

    /**
     * Renames, changes the plan type, or disables (for good) an organization. A disabled
     * organization cannot be changed; disabling it again only finishes disabling its users
     * (after a crash half way, say). The staff organization cannot be disabled: its people
     * would lose the Super area itself.
     */
    async update(auth: AuthContext, id: string, body: OrganizationUpdateBody) {
      const now = clock.now();
      const changes =
        body.name !== undefined || body.planType !== undefined || body.locale !== undefined || body.platformAppUrl !== undefined;
      const onlyDisable = body.disabled === true && !changes;
      const disabledAt = await db.transaction(async (tx) => {
        const org = await repo.lock(id, 'update', tx);
        if (!org) throw organizationNotFound();
        if (org.disabledAt) {
          if (onlyDisable) return org.disabledAt;
          throw new Conflict('A disabled organization cannot be changed.', organizationErrorCodes.disabled);
        }
        if (body.disabled && org.isStaff) throw new Conflict('The staff organization cannot be disabled.', organizationErrorCodes.staff);
        let planTypeId: string | undefined;
        if (body.planType !== undefined) {
          const plan = await repo.planTypeByName(body.planType, tx);
          if (!plan) throw planTypeUnknown();
          planTypeId = plan.id;
        }
        // The app's address is recorded only when it changes: the edit form sends it every time.
        const appUrlChanged = body.platformAppUrl !== undefined && body.platformAppUrl !== org.platformAppUrl;
        const platformAppUrl = appUrlChanged ? body.platformAppUrl : undefined;
        await repo.update(
          id,
          { name: body.name, planTypeId, locale: body.locale, platformAppUrl, disabledAt: body.disabled ? now : undefined },
          tx,
        );
        const event = {
          organizationId: id,
          actor: actorOf(auth),
          targets: [{ type: 'organization' as const, id, name: body.name ?? org.name }],
        };
        if (body.name !== undefined || body.planType !== undefined || body.locale !== undefined || appUrlChanged) {
          // What was set (each field only when given), and the name, language and app address it had.
          await recordEvent(tx, {
            ...event,
            action: 'organization.updated',
            data: {
              name: body.name,
              planType: body.planType,
              locale: body.locale,
              previousName: org.name,
              previousLocale: body.locale === undefined ? undefined : org.locale,
              ...(appUrlChanged && { platformAppUrl: body.platformAppUrl, previousPlatformAppUrl: org.platformAppUrl }),
            },
          });
        }
        if (body.disabled) await recordEvent(tx, { ...event, action: 'organization.disabled' });
        return body.disabled ? now : null;
      });
      // The organization's own disabled_at already keeps every one of its users out (its
      // people's cached sessions are read again now, and refused); the users follow in short
      // batches, each with the revocation of their sessions.
      const usersDisabled = disabledAt ? await disableUsers(id, disabledAt) : 0;
      return { ...(await get(id)), usersDisabled };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
