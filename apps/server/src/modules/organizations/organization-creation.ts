/**
 * Creating an organization and giving it its client key, for the Super area (docs/product.md,
 * "Organizations": Create, Client key; decision 013): an organization with its first
 * Organizational Admin, who is its first manager, and its client key, set once. Part of the
 * organizations service.
 */
import {
  firstAdminAccessOf,
  type OrganizationView,
  type organizationCreateBody,
  organizationErrorCodes,
  reservedClientKeys,
} from '@console/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type AuthContext, personOf } from '../../http/auth-context.js';
import { Conflict } from '../../http/errors.js';
import type { Invitation, InvitationsService } from '../auth/invitations.service.js';
import { hashPassword } from '../auth/password.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import {
  clientKeyUnavailable,
  emailTaken,
  firstAdminPasswordOrInvite,
  organizationDisabled,
  organizationNotFound,
  planTypeUnknown,
  uniquely,
} from './organization-errors.js';
import type { OrganizationManagersRepository } from './organization-managers.repository.js';
import { mailInvitation, type SendInvitation } from './organization-managers.service.js';
import type { OrganizationsRepository } from './organizations.repository.js';

type CreateBody = z.output<typeof organizationCreateBody>;

export function createOrganizationCreation(deps: {
  db: Db;
  organizations: OrganizationsRepository;
  /** The first admin is the organization's first manager. */
  managers: OrganizationManagersRepository;
  /** The users module: an organization's first admin is made through it. */
  users: Pick<UsersService, 'create' | 'refuseStaffAddress'>;
  /** The organization as GET organization/{id} answers it. */
  organizationView: (id: string) => Promise<{ organization: OrganizationView }>;
  /** Identity's invitations, made in the caller's transaction: a first admin invited rather than given a password. */
  createInvitation: InvitationsService['create'];
  sendInvitation: SendInvitation;
}) {
  const { db, organizations, managers: repo } = deps;

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

  return {
    /**
     * A new organization with its first Organizational Admin and that admin as its first
     * manager, in one transaction. The admin signs in with the password staff chose, or,
     * invited, gets the invitation a manager added later gets, e-mailed after the commit.
     */
    async createOrganization(auth: AuthContext, body: CreateBody) {
      const access = firstAdminAccessOf(body);
      if (!access) throw firstAdminPasswordOrInvite(body.password !== undefined);
      const clientKey = body.clientKey || null;
      deps.users.refuseStaffAddress(body.email);
      // scrypt is slow on purpose: before the transaction, so the database is not held for it.
      const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
      const created = await uniquely(() =>
        db.transaction(async (tx) => {
          const plan = await organizations.planTypeByName(body.planType, tx);
          if (!plan) throw planTypeUnknown();
          if (await repo.userByEmail(body.email, tx)) throw emailTaken();
          if (clientKey) await checkClientKeyAvailable(clientKey, tx);
          const org = await organizations.insert(
            { name: body.name, planTypeId: plan.id, clientKey, locale: body.locale, createdBy: personOf(auth).userId },
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
          const invitation: Invitation | undefined =
            access === 'invite' ? await deps.createInvitation({ userId: admin.id, invitedBy: auth.userId }, tx) : undefined;
          await repo.insertManager(
            {
              organizationId: org.id,
              userId: admin.id,
              displayName: body.adminName,
              email: body.email,
              locale: body.locale,
              createdBy: personOf(auth).userId,
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
            data: { planType: body.planType, clientKey, firstAdminAccess: access },
          });
          return { id: org.id, adminId: admin.id, invitation };
        }),
      );
      const invitationEmail = created.invitation
        ? await mailInvitation(deps.sendInvitation, created.adminId, created.invitation, personOf(auth).userId)
        : ('none' as const);
      return { ...(await deps.organizationView(created.id)), invitationEmail };
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
  };
}
