/**
 * POST /api/v1/users: a new user of the caller's organization, invited by e-mail to set a
 * password (identity's invitations). The user and the invitation are written together; the
 * e-mail goes after, and a failed send is reported (`invitationSent: false`), not undone:
 * the invitation can be sent again.
 */

import type { createApiUserBody } from '@console/contracts';
import { externalApiErrorCodes } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { type AppDeps, systemClock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, Forbidden } from '../../http/errors.js';
import { createInvitation, sendInvitationEmail } from '../auth/invitations.js';
import { createExternalApiRepository } from './external-api.repository.js';
import { toApiUser } from './external-api.service.js';

export async function createApiUser(deps: AppDeps, auth: AuthContext, body: z.infer<typeof createApiUserBody>, log: FastifyBaseLogger) {
  if (auth.role !== 'org_admin') {
    throw new Forbidden('Only Organizational Admins can do this through the API.', externalApiErrorCodes.roleNotAllowed);
  }
  const { db } = deps.database;
  const now = deps.clock.now();
  let created: { userId: string; invitationId: string; token: string };
  try {
    created = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: auth.organizationId,
          email: body.email,
          displayName: body.displayName,
          role: body.role,
          employeeId: body.employeeId ?? null,
          locale: body.locale,
          signInProvider: 'password',
          createdBy: auth.userId,
          createdAt: now,
        })
        .returning({ id: users.id });
      const invitation = await createInvitation(tx, { userId: user.id, invitedBy: auth.userId, now });
      return { userId: user.id, invitationId: invitation.id, token: invitation.token };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const what = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? '').includes('employee')
      ? 'A user with this employee ID already exists.'
      : 'A user with this e-mail already exists.';
    throw new Conflict(what, externalApiErrorCodes.userExists);
  }

  let invitationSent = true;
  try {
    await sendInvitationEmail(deps, {
      userId: created.userId,
      invitationId: created.invitationId,
      token: created.token,
      invitedBy: auth.userId,
    });
  } catch (err) {
    invitationSent = false;
    log.warn({ err: (err as Error).message, userId: created.userId }, 'invitation e-mail not sent');
  }
  const row = await createExternalApiRepository(db).findUser(auth.organizationId, created.userId);
  return { user: toApiUser(row!), invitationSent };
}
