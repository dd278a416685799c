/**
 * An organization's managers, for the Super area (docs/product.md, "Organizations": Managers
 * and invitations; decision 013): its Organizational Admins as staff list and add them, with
 * their invitations. The routes admit staff only (`update` for changes); staff act on any
 * organization. The organization and its first manager are made by the organizations service
 * (organization-creation.ts).
 */

import { type ManagerView, type managerCreateBody, organizationErrorCodes } from '@console/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import { type AuthContext, personOf } from '../../http/auth-context.js';
import { Conflict, NotFound } from '../../http/errors.js';
import type { Invitation, InvitationsService } from '../auth/invitations.service.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import { managerExists, organizationDisabled, organizationNotFound, uniquely } from './organization-errors.js';
import type { ManagerRow, OrganizationManagersRepository } from './organization-managers.repository.js';
import type { OrganizationsRepository } from './organizations.repository.js';

type ManagerBody = z.output<typeof managerCreateBody>;

export function toManagerView(row: ManagerRow): ManagerView {
  const invited = row.invitedAt !== null;
  const invitationState = row.pendingInvitation ? 'pending' : !invited ? 'none' : row.hasPassword ? 'accepted' : 'expired';
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    userId: row.userId,
    displayName: row.displayName,
    email: row.email,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    disabled: row.disabledAt !== null,
    pendingInvitation: row.pendingInvitation,
    invited,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    invitedBy: row.invitedBy,
    invitationState,
  };
}

/** E-mails an invitation (auth/invitations.service.ts, sendInvitationEmail); records the delivery and rethrows a failure. */
export type SendInvitation = (opts: { userId: string; invitationId: string; token: string; invitedBy?: string | null }) => Promise<unknown>;

/**
 * E-mails a manager's invitation after its commit (the link must work when it arrives): a
 * delivery failure is recorded on the invitation and reported, the manager stays. A manager
 * added later and an organization's first admin invited at its creation go this one way.
 */
export async function mailInvitation(
  send: SendInvitation,
  userId: string,
  invitation: Invitation,
  invitedBy: string,
): Promise<'sent' | 'failed'> {
  try {
    await send({ userId, invitationId: invitation.id, token: invitation.token, invitedBy });
    return 'sent';
  } catch {
    return 'failed';
  }
}

export function createOrganizationManagersService(deps: {
  db: Db;
  repo: OrganizationManagersRepository;
  /** The organizations' rows: their locks. */
  organizations: OrganizationsRepository;
  clock: Clock;
  /** The users module: new managers are made through it. */
  users: UsersService;
  sendInvitation: SendInvitation;
  /** Identity's invitations, made in the caller's transaction. */
  createInvitation: InvitationsService['create'];
}) {
  const { db, repo, organizations, clock } = deps;
  const now = () => clock.now();

  async function manager(id: string) {
    const row = await repo.manager(id, now());
    if (!row) throw new NotFound('Organization manager not found.', organizationErrorCodes.managerNotFound);
    return toManagerView(row);
  }

  return {
    async managers(organizationId: string, page: { page: number; limit: number }) {
      if (!(await organizations.exists(organizationId))) throw organizationNotFound();
      const { rows, total } = await repo.managers(organizationId, page, now());
      return { managers: rows.map(toManagerView), total };
    },

    manager,

    /**
     * Makes a person a manager (an Organizational Admin) of the organization: an existing user
     * of it is made org_admin; an e-mail that is no user yet becomes a new org_admin user of it
     * and is e-mailed an invitation in the chosen language. A user of another organization, a
     * disabled user, and a disabled organization are refused.
     */
    async addManager(auth: AuthContext, organizationId: string, body: ManagerBody) {
      deps.users.refuseStaffAddress(body.email);
      const at = now();
      const added = await uniquely(() =>
        db.transaction(async (tx) => {
          const org = await organizations.lock(organizationId, 'share', tx);
          if (!org) throw organizationNotFound();
          if (org.disabledAt) throw organizationDisabled();
          const existing = await repo.userByEmail(body.email, tx);
          if (existing && existing.organizationId !== organizationId) {
            throw new Conflict('This e-mail belongs to a user of another organization.', organizationErrorCodes.managerOtherOrganization);
          }
          if (existing?.disabledAt) throw new Conflict('This user is disabled.', organizationErrorCodes.managerUserDisabled);
          if (existing && (await repo.managerOf(organizationId, existing.id, tx))) throw managerExists();

          let userId: string;
          let invitation: Invitation | undefined;
          if (existing) {
            userId = existing.id;
            if (existing.role !== 'org_admin') await deps.users.setRole(organizationId, userId, 'org_admin', tx);
          } else {
            userId = await deps.users.create(
              {
                organizationId,
                email: body.email,
                displayName: body.displayName,
                role: 'org_admin',
                source: 'console',
                passwordHash: null,
                locale: body.locale,
                createdBy: auth.userId,
              },
              tx,
            );
            invitation = await deps.createInvitation({ userId, invitedBy: auth.userId, now: at }, tx);
          }
          const row = await repo.insertManager(
            {
              organizationId,
              userId,
              displayName: body.displayName,
              email: body.email,
              locale: existing ? (existing.locale ?? org.locale) : body.locale,
              createdBy: personOf(auth).userId,
            },
            tx,
          );
          if (!row) throw managerExists();
          await recordEvent(tx, {
            action: 'organization.manager.added',
            organizationId,
            actor: actorOf(auth),
            targets: [
              { type: 'user', id: userId, name: existing?.displayName ?? body.displayName },
              { type: 'organization', id: organizationId, name: org.name },
            ],
            data: { email: body.email, newUser: !existing, previousRole: existing?.role ?? null },
          });
          return { id: row.id, userId, invitation };
        }),
      );

      const invitationEmail = added.invitation
        ? await mailInvitation(deps.sendInvitation, added.userId, added.invitation, personOf(auth).userId)
        : ('none' as const);
      const view = await manager(added.id);
      return { pendingInvitation: view.pendingInvitation, invitationEmail, manager: view };
    },

    /**
     * A new invitation (14 days) for a manager who has not set a password yet (the invitation
     * is pending or expired); it replaces the old one, whose link stops working. E-mailed
     * after the commit, like addManager. Refused for a manager with an account (accepted, or
     * added as an existing user), a disabled user or a disabled organization.
     */
    async resendInvitation(auth: AuthContext, organizationId: string, managerId: string) {
      const at = now();
      const target = await db.transaction(async (tx) => {
        const org = await organizations.lock(organizationId, 'share', tx);
        if (!org) throw organizationNotFound();
        const row = await repo.manager(managerId, at, tx);
        if (!row || row.organizationId !== organizationId) {
          throw new NotFound('Organization manager not found.', organizationErrorCodes.managerNotFound);
        }
        if (org.disabledAt) throw organizationDisabled();
        const state = toManagerView(row).invitationState;
        if (state !== 'pending' && state !== 'expired') {
          throw new Conflict(
            'This manager already has an account: there is no invitation to resend.',
            organizationErrorCodes.managerInvitationAccepted,
          );
        }
        if (row.disabledAt) throw new Conflict('This user is disabled.', organizationErrorCodes.managerUserDisabled);
        const invitation = await deps.createInvitation({ userId: row.userId, invitedBy: auth.userId, now: at }, tx);
        await recordEvent(tx, {
          action: 'organization.manager.invitation_sent',
          organizationId,
          actor: actorOf(auth),
          targets: [
            { type: 'user', id: row.userId, name: row.displayName },
            { type: 'organization', id: organizationId, name: org.name },
          ],
          data: { managerId, previousState: state },
        });
        return { userId: row.userId, invitation };
      });
      const invitationEmail = await mailInvitation(deps.sendInvitation, target.userId, target.invitation, personOf(auth).userId);
      return { invitationEmail, manager: await manager(managerId) };
    },
  };
}

export type OrganizationManagersService = ReturnType<typeof createOrganizationManagersService>;
