/**
 * Creating organizations and looking after their managers, for the Super area
 * (docs/product.md, "Organizations": Create, Client key, Managers and invitations; decision
 * 013): an organization with its first Organizational Admin, its client key (set once), and
 * its managers with their invitations. The routes admit staff only (`update` for changes);
 * staff act on any organization.
 */

import {
  CLIENT_KEY_UNAVAILABLE_MESSAGE,
  type ManagerView,
  type managerCreateBody,
  type OrganizationView,
  type organizationCreateBody,
  organizationErrorCodes,
  reservedClientKeys,
} from '@console/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound } from '../../http/errors.js';
import type { Invitation, InvitationsService } from '../auth/invitations.service.js';
import { hashPassword } from '../auth/password.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import type { ManagerRow, OrganizationManagersRepository } from './organization-managers.repository.js';
import type { OrganizationsRepository } from './organizations.repository.js';
import { organizationNotFound, planTypeUnknown } from './organizations.service.js';

type CreateBody = z.output<typeof organizationCreateBody>;
type ManagerBody = z.output<typeof managerCreateBody>;

const emailTaken = () => new Conflict('This e-mail already belongs to a user.', organizationErrorCodes.emailTaken);
const clientKeyUnavailable = () => new Conflict(CLIENT_KEY_UNAVAILABLE_MESSAGE, organizationErrorCodes.clientKeyUnavailable);
const organizationDisabled = () => new Conflict('A disabled organization cannot be changed.', organizationErrorCodes.disabled);
const managerExists = () => new Conflict('This person is already a manager of this organization.', organizationErrorCodes.managerExists);

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

export function createOrganizationManagersService(deps: {
  db: Db;
  repo: OrganizationManagersRepository;
  /** The organizations' rows: plan types, client keys, locks. */
  organizations: OrganizationsRepository;
  clock: Clock;
  /** The users module: an organization's first admin and new managers are made through it. */
  users: UsersService;
  /** The organization as GET organization/{id} answers it. */
  organizationView: (id: string) => Promise<{ organization: OrganizationView }>;
  sendInvitation: SendInvitation;
  /** Identity's invitations, made in the caller's transaction. */
  createInvitation: InvitationsService['create'];
}) {
  const { db, repo, organizations, clock } = deps;
  const now = () => clock.now();

  async function isClientKeyUnavailable(key: string, tx: Db): Promise<boolean> {
    return reservedClientKeys.includes(key) || (await organizations.clientKeyTaken(key, tx));
  }

  async function checkClientKeyAvailable(key: string, tx: Db) {
    if (await isClientKeyUnavailable(key, tx)) throw clientKeyUnavailable();
  }

  /** A key once set never changes, and a disabled organization takes none. */
  function refuseClientKeyChange(org: { clientKey: string | null; disabledAt: Date | null }) {
    if (org.clientKey !== null) {
      throw new Conflict('The client key of an organization cannot be changed once set.', organizationErrorCodes.clientKeySet);
    }
    if (org.disabledAt) throw organizationDisabled();
  }

  /** Runs `work`, turning a lost race on a unique key into the same answer as the check before it. */
  async function uniquely<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'client_key')) throw clientKeyUnavailable();
      if (isUniqueViolation(err, 'users_email')) throw emailTaken();
      if (isUniqueViolation(err, 'organization_managers_org_user')) throw managerExists();
      throw err;
    }
  }

  /** E-mails an invitation after its commit; a delivery failure is recorded on it and reported. */
  async function mailInvitation(userId: string, invitation: Invitation, invitedBy: string): Promise<'sent' | 'failed'> {
    try {
      await deps.sendInvitation({ userId, invitationId: invitation.id, token: invitation.token, invitedBy });
      return 'sent';
    } catch {
      return 'failed';
    }
  }

  async function manager(id: string) {
    const row = await repo.manager(id, now());
    if (!row) throw new NotFound('Organization manager not found.', organizationErrorCodes.managerNotFound);
    return toManagerView(row);
  }

  return {
    /**
     * A new organization with its first Organizational Admin (who signs in with the password
     * staff chose) and that admin as its first manager, in one transaction.
     */
    async createOrganization(auth: AuthContext, body: CreateBody) {
      const clientKey = body.clientKey || null;
      deps.users.refuseStaffAddress(body.email);
      // scrypt is slow on purpose: before the transaction, so the database is not held for it.
      const passwordHash = await hashPassword(body.password);
      const id = await uniquely(() =>
        db.transaction(async (tx) => {
          const plan = await organizations.planTypeByName(body.planType, tx);
          if (!plan) throw planTypeUnknown();
          if (await repo.userByEmail(body.email, tx)) throw emailTaken();
          if (clientKey) await checkClientKeyAvailable(clientKey, tx);
          const org = await organizations.insert(
            { name: body.name, planTypeId: plan.id, clientKey, locale: body.locale, createdBy: auth.userId },
            tx,
          );
          const admin = {
            id: await deps.users.create(
              {
                organizationId: org.id,
                email: body.email,
                displayName: body.adminName,
                role: 'org_admin',
                source: 'console',
                passwordHash,
                locale: null,
                createdBy: auth.userId,
              },
              tx,
            ),
          };
          await repo.insertManager(
            {
              organizationId: org.id,
              userId: admin.id,
              displayName: body.adminName,
              email: body.email,
              locale: body.locale,
              createdBy: auth.userId,
            },
            tx,
          );
          await recordEvent(tx, {
            action: 'organization.created',
            organizationId: org.id,
            actor: actorOf(auth),
            targets: [
              { type: 'organization', id: org.id, name: body.name },
              { type: 'user', id: admin.id, name: body.adminName },
            ],
            data: { planType: body.planType, clientKey },
          });
          return org.id;
        }),
      );
      return deps.organizationView(id);
    },

    /**
     * Whether setClientKey would take `key`, asked before the console's irreversible step: the
     * same refusals, nothing written. The set call checks again (another may take it between).
     */
    async clientKeyAvailability(id: string, key: string) {
      const org = await organizations.findById(id);
      if (!org) throw organizationNotFound();
      if (org.clientKey === key) return { available: true };
      refuseClientKeyChange(org);
      return { available: !(await isClientKeyUnavailable(key, db)) };
    },

    /** Sets the client key of an organization that has none; a key once set never changes. */
    async setClientKey(auth: AuthContext, id: string, key: string) {
      await uniquely(() =>
        db.transaction(async (tx) => {
          const org = await organizations.lock(id, 'update', tx);
          if (!org) throw organizationNotFound();
          if (org.clientKey === key) return;
          refuseClientKeyChange(org);
          await checkClientKeyAvailable(key, tx);
          await organizations.setClientKey(id, key, tx);
          await recordEvent(tx, {
            action: 'organization.client_key.set',
            organizationId: id,
            actor: actorOf(auth),
            targets: [{ type: 'organization', id, name: org.name }],
            data: { clientKey: key },
          });
        }),
      );
      return deps.organizationView(id);
    },

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
              createdBy: auth.userId,
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

      // The e-mail goes after the commit: the link must work when it arrives. A delivery
      // failure is recorded on the invitation and reported; the manager stays added.
      const invitationEmail = added.invitation ? await mailInvitation(added.userId, added.invitation, auth.userId) : ('none' as const);
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
      const invitationEmail = await mailInvitation(target.userId, target.invitation, auth.userId);
      return { invitationEmail, manager: await manager(managerId) };
    },
  };
}

export type OrganizationManagersService = ReturnType<typeof createOrganizationManagersService>;
