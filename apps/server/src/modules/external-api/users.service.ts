/**
 * POST /api/v1/users: a new user of the caller's organization, invited by e-mail to set a
 * password (identity's invitations). The user and the invitation are written together; the
 * e-mail goes after, and a failed send is reported (`invitationSent: false`), not undone:
 * the invitation can be sent again. An address of another organization's user spends the
 * organization's daily checks (users/foreign-emails.ts).
 */
import { type CreateApiUserBody, externalApiErrorCodes } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict } from '../../http/errors.js';
import type { InvitationsService } from '../auth/invitations.service.js';
import { actorOf, recordEvent } from '../events/record.js';
import { type ForeignEmailRule, HeldElsewhere } from '../users/foreign-emails.js';
import type { UsersService } from '../users/users.service.js';
import type { ExternalApiRepository } from './external-api.repository.js';
import { requireRole, toApiUser } from './external-api.service.js';

/** What the invitation e-mail needs: the new user, the invitation and its secret, and who invited. */
export interface InvitationToSend {
  userId: string;
  invitationId: string;
  token: string;
  /** Null when a key acting on its own created the user: the e-mail then names the organization, no person. */
  invitedBy: string | null;
}

export function createApiUsersService(deps: {
  db: Db;
  repo: ExternalApiRepository;
  clock: Clock;
  /** The users module: the user is made through it. */
  users: UsersService;
  /** Identity's invitations, made in the user's transaction. */
  createInvitation: InvitationsService['create'];
  /** E-mails an invitation (identity's invitations), in the user's language. */
  sendInvitation: (invitation: InvitationToSend) => Promise<unknown>;
  /** The daily budget of other organizations' addresses every writer of users shares (decision 020). */
  foreignEmails: ForeignEmailRule;
}) {
  const { db, repo, clock } = deps;

  return {
    async create(auth: AuthContext, body: CreateApiUserBody, log: FastifyBaseLogger) {
      requireRole(auth, ['org_admin']);
      deps.users.refuseStaffAddress(body.email);
      const now = clock.now();
      let created: InvitationToSend;
      try {
        created = await db.transaction(async (tx) => {
          await deps.foreignEmails.admit(auth.organizationId, await deps.users.findByEmail(body.email, tx), tx);
          const userId = await deps.users.create(
            {
              organizationId: auth.organizationId,
              email: body.email,
              displayName: body.displayName,
              role: body.role,
              source: 'external_api',
              employeeId: body.employeeId ?? null,
              locale: body.locale,
              createdBy: auth.userId,
            },
            tx,
          );
          const invitation = await deps.createInvitation({ userId, invitedBy: auth.userId, now }, tx);
          await recordEvent(tx, {
            action: 'user.created',
            organizationId: auth.organizationId,
            actor: actorOf(auth),
            targets: [{ type: 'user', id: userId, name: body.displayName }],
            data: { role: body.role, via: 'external_api' },
          });
          return { userId, invitationId: invitation.id, token: invitation.token, invitedBy: auth.userId };
        });
      } catch (err) {
        if (err instanceof HeldElsewhere) {
          const write = { organizationId: auth.organizationId, actor: actorOf(auth), via: 'external_api' as const };
          throw (
            (await deps.foreignEmails.settle(err, write)) ??
            new Conflict('A user with this e-mail already exists.', externalApiErrorCodes.userExists)
          );
        }
        if (!isUniqueViolation(err)) throw err;
        // The constraint's name only: a wrapped error's message holds the whole statement.
        const what = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? '').includes('employee')
          ? 'A user with this employee ID already exists.'
          : 'A user with this e-mail already exists.';
        throw new Conflict(what, externalApiErrorCodes.userExists);
      }

      let invitationSent = true;
      try {
        await deps.sendInvitation(created);
      } catch (err) {
        invitationSent = false;
        log.warn({ err: (err as Error).message, userId: created.userId }, 'invitation e-mail not sent');
      }
      const row = await repo.findUser(auth.organizationId, created.userId);
      return { user: toApiUser(row!), invitationSent };
    },
  };
}

export type ApiUsersService = ReturnType<typeof createApiUsersService>;
