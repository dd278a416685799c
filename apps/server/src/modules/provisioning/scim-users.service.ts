/**
 * SCIM's Users of one organization (docs/decisions/036-scim-provisioning.md). The rules of
 * users are the console's own: a new user gets the provisioning defaults (role, workspaces)
 * and, when chosen, the invitation e-mail of identity's invitations; deactivating one is the
 * external API's disabling (the user's sessions end, the caches forget them). Every write,
 * and every refused one, is an event the Provisioning screen shows.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { InvitationDelivery, InvitationRequest } from '../auth/invitations.service.js';
import { type ForeignEmailRule, HeldElsewhere } from '../users/foreign-emails.js';
import type { UsersService } from '../users/users.service.js';
import type { ProvisioningRepository } from './provisioning.repository.js';
import type { ScimCaller } from './scim.auth.js';
import { paging } from './scim.input.js';
import { listResponse, MAX_RESULTS, ScimError } from './scim.protocol.js';
import { readUser, userResource } from './scim.resources.js';
import { userSchema } from './scim.schema.js';
import {
  applyChange,
  asUniqueness,
  checkVersion,
  known,
  type ListQuery,
  notFound,
  type ScimChange,
  type ScimEvents,
} from './scim.writes.js';
import type { ScimUsersRepository } from './scim-users.repository.js';
import { createScimUserWrites, outOfReach } from './scim-users.writes.js';

/** Addresses of the provider's staff are never provisioned into a customer organization. */
const staffAddress = (email: string) =>
  new ScimError(400, `${email} is an address of the provider's staff and cannot be provisioned into an organization.`, 'invalidValue');

export function createScimUsersService(deps: {
  db: Db;
  repo: ScimUsersRepository;
  /** What provisioning gives a new user, and whether it may touch Organizational Admins. */
  settings: ProvisioningRepository['config'];
  events: ScimEvents;
  /** The users module: every user is made and changed through it. */
  users: UsersService;
  clock: Clock;
  /** Identity's invitations: made in the user's transaction, e-mailed after it. */
  invitations: {
    create: (request: InvitationRequest, tx?: Db) => Promise<{ id: string; token: string }>;
    send: (delivery: InvitationDelivery) => Promise<unknown>;
  };
  /** The daily budget of other organizations' addresses every writer of users shares (decision 020). */
  foreignEmails: ForeignEmailRule;
}) {
  const { db, repo, clock, events } = deps;
  const { managerOf, checkReach, writeUser } = createScimUserWrites(deps);

  /**
   * A write that failed as SCIM answers it: another organization's address, 409 while the
   * day's checks allow telling, else their limit; a name taken, 409 uniqueness.
   */
  const refusal = async (caller: ScimCaller, err: unknown) =>
    err instanceof HeldElsewhere
      ? ((await deps.foreignEmails.settle(err, {
          organizationId: caller.organizationId,
          actor: caller.actor,
          via: 'scim',
        })) ?? new ScimError(409, 'A user with this userName already exists.', 'uniqueness'))
      : asUniqueness(err);

  /** The user's representation; `groups` when they are known (a user just made is in no team). */
  async function userView(caller: ScimCaller, id: string, baseUrl: string, tx: Db = db, groups?: { value: string; display: string }[]) {
    const row = await repo.findUser(caller.organizationId, known('User', id), {}, tx);
    if (!row) throw notFound('User', id);
    return userResource(row, groups ?? (await repo.groupsOf([id], tx)).get(id) ?? [], baseUrl);
  }

  async function sendInvitation(delivery: InvitationDelivery | undefined, log: FastifyBaseLogger) {
    if (!delivery) return;
    try {
      await deps.invitations.send(delivery);
    } catch (err) {
      log.warn({ err: (err as Error).message, userId: delivery.userId }, 'invitation e-mail not sent');
    }
  }

  return {
    async listUsers(caller: ScimCaller, query: ListQuery, baseUrl: string) {
      const where = repo.matching(query.filter);
      const page = paging(query, MAX_RESULTS);
      const { rows, total } = await repo.listUsers(caller.organizationId, where, page);
      const groups = await repo.groupsOf(rows.map((r) => r.id));
      return listResponse(
        rows.map((r) => userResource(r, groups.get(r.id) ?? [], baseUrl)),
        total,
        page.startIndex,
      );
    },

    getUser: (caller: ScimCaller, id: string, baseUrl: string) => userView(caller, id, baseUrl),

    /**
     * POST /Users. A userName taken in the organization by a user SCIM deleted takes that
     * user back (same id, training records kept); taken by anyone else: 409 uniqueness.
     */
    async createUser(caller: ScimCaller, body: unknown, baseUrl: string, log: FastifyBaseLogger) {
      const input = readUser(body);
      if (deps.users.isStaffAddress(input.email) || (input.profile.workEmail && deps.users.isStaffAddress(input.profile.workEmail)))
        throw staffAddress(input.email);
      const now = clock.now();
      const config = await deps.settings(caller.organizationId);
      let delivery: InvitationDelivery | undefined;
      let id: string;
      let made = false;
      try {
        id = await db.transaction(async (tx) => {
          const holder = await deps.users.findByEmail(input.email, tx);
          await deps.foreignEmails.admit(caller.organizationId, holder, tx);
          if (holder && !(holder.organizationId === caller.organizationId && holder.scimDeletedAt)) {
            throw new ScimError(409, 'A user with this userName already exists.', 'uniqueness');
          }
          const managerId = await managerOf(caller, input, tx);
          let userId: string;
          if (holder) {
            // Taking back a user SCIM deleted is bringing them back: an admin only where the organization allows it.
            const protection = deps.users.protection({ role: holder.role, email: input.email });
            if (protection === 'org_admin' && !config.managesAdmins) throw outOfReach(protection, 'reactivate');
            userId = holder.id;
            await deps.users.update(caller.organizationId, userId, { ...input.profile, managerId, restore: true }, tx);
            if (input.active) await deps.users.enable(caller.organizationId, userId, tx);
          } else {
            userId = await deps.users.create(
              {
                organizationId: caller.organizationId,
                email: input.email,
                ...input.profile,
                managerId,
                // Never an Organizational Admin: the provisioning defaults hold no such role.
                role: config.defaultRole === 'org_admin' ? 'viewer' : config.defaultRole,
                source: 'scim',
                disabledAt: input.active ? null : now,
              },
              tx,
            );
            made = true;
            await repo.addWorkspaces(caller.organizationId, userId, config.defaultWorkspaceIds, tx);
            if (config.sendInvitations && input.active) {
              const invitation = await deps.invitations.create({ userId, invitedBy: caller.tokenCreatedBy }, tx);
              delivery = { userId, invitationId: invitation.id, token: invitation.token, invitedBy: caller.tokenCreatedBy };
            }
          }
          await events.record(
            caller,
            { kind: 'created', resourceType: 'User', resourceId: userId, resourceName: input.email, method: 'POST', status: 201 },
            tx,
          );
          return userId;
        });
      } catch (err) {
        throw await refusal(caller, err);
      }
      await sendInvitation(delivery, log);
      return userView(caller, id, baseUrl, db, made ? [] : undefined);
    },

    /** PUT /Users/{id} (replace) and PATCH /Users/{id} (operations on the current representation). */
    async changeUser(caller: ScimCaller, id: string, change: ScimChange, ifMatch: string | undefined, baseUrl: string) {
      await applyChange(
        db,
        {
          type: 'User',
          schema: userSchema,
          id,
          find: (userId, tx) => repo.findUser(caller.organizationId, userId, { lock: true }, tx),
          current: (row) => userResource(row, [], baseUrl),
          write: async (row, next, method, tx) => {
            const input = readUser(next);
            await checkReach(caller, row, { current: () => readUser(userResource(row, [], baseUrl)), next: input }, tx);
            const newAddress = input.email.toLowerCase() !== row.email?.toLowerCase();
            if (newAddress && deps.users.isStaffAddress(input.email)) throw staffAddress(input.email);
            if (input.profile.workEmail && deps.users.isStaffAddress(input.profile.workEmail)) throw staffAddress(input.profile.workEmail);
            const holder = newAddress ? await deps.users.findByEmail(input.email, tx) : undefined;
            if (newAddress) await deps.foreignEmails.admit(caller.organizationId, holder, tx);
            if (holder) throw new ScimError(409, 'A user with this userName already exists.', 'uniqueness');
            const kind = await writeUser(caller, row, input, tx);
            await events.record(caller, { kind, resourceType: 'User', resourceId: id, resourceName: input.email, method, status: 200 }, tx);
          },
          refusal: (err) => refusal(caller, err),
        },
        change,
        ifMatch,
      );
      return userView(caller, id, baseUrl);
    },

    /** DELETE /Users/{id}: disabled and no longer a SCIM resource; the user and their records stay. */
    async deleteUser(caller: ScimCaller, id: string, ifMatch: string | undefined, baseUrl: string) {
      await db.transaction(async (tx) => {
        const row = await repo.findUser(caller.organizationId, known('User', id), { lock: true }, tx);
        if (!row) throw notFound('User', id);
        checkVersion(ifMatch, userResource(row, [], baseUrl));
        await checkReach(caller, row, 'delete', tx);
        if (row.disabledAt === null) await deps.users.disable(caller.organizationId, [id], tx);
        await deps.users.markScimDeleted(caller.organizationId, id, tx);
        await events.record(
          caller,
          { kind: 'deleted', resourceType: 'User', resourceId: id, resourceName: row.email, method: 'DELETE', status: 204 },
          tx,
        );
      });
    },
  };
}

export type ScimUsersService = ReturnType<typeof createScimUsersService>;
