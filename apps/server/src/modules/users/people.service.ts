/**
 * The People screen (docs/product.md, "People"): the directory of the caller's organization,
 * for its Organizational Admins, who may also send a person's invitation again (identity's
 * invitations make and e-mail it, as for every other writer). Staff never appear in a
 * customer's list: they are users of the staff organization, and every read here is scoped
 * to the caller's.
 *
 * A page ends with `next`, an opaque cursor (base64url of the last row's name without case
 * and id) that the next call sends as `after`: the list is walked by its index whatever the
 * depth, and no total is counted (a million users would make every page pay for it).
 */
import {
  type InvitationRefusal,
  isStorableText,
  type OrgRole,
  PERSON_GROUPS_SHOWN,
  type PeopleResponse,
  type PersonInvitation,
  type PersonInvitationState,
  type PersonStatus,
  type PersonView,
  peopleErrorCodes,
  type ResendInvitationResponse,
  type UserSource,
} from '@console/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { PeopleFilter, PeopleRepository } from './people.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(after: { sortName: string; id: string }): string {
  return Buffer.from(JSON.stringify([after.sortName, after.id])).toString('base64url');
}

/** The row a page starts after; a cursor this server did not make is a 400. */
export function decodeCursor(cursor: string): { sortName: string; id: string } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    !isStorableText(value[0]) ||
    typeof value[1] !== 'string' ||
    !UUID.test(value[1])
  ) {
    throw new ValidationError(
      'This is not a cursor of the people list: start from the first page.',
      undefined,
      peopleErrorCodes.cursorInvalid,
    );
  }
  return { sortName: value[0], id: value[1] };
}

const lastChange = (row: { createdAt: Date; updatedAt: Date | null }) => (row.updatedAt ?? row.createdAt).toISOString();

type InvitationFacts = NonNullable<Awaited<ReturnType<PeopleRepository['invitationFacts']>>>;

/** The state of the latest invitation, as of `now` (see `invitationStates` in the contracts). */
function stateOf(facts: InvitationFacts, now: Date): PersonInvitationState {
  const { latest } = facts;
  if (facts.hasPassword) return 'accepted';
  if (facts.queued) return 'queued';
  if (!latest || latest.usedAt) return 'not_sent';
  if (latest.expiresAt <= now) return 'expired';
  if (latest.sentAt) return 'sent';
  // Made and not yet e-mailed: being sent now, unless its e-mail failed.
  return latest.sendError ? 'not_sent' : 'queued';
}

/** Why no invitation may be sent to the person now; undefined when one may. */
function refusalOf(
  facts: InvitationFacts,
  state: PersonInvitationState,
  isStaffAddress: (email: string) => boolean,
): InvitationRefusal | undefined {
  if (facts.deactivated) return 'deactivated';
  if (!facts.email) return 'no_email';
  if (facts.allowedRoleTypes.length > 0 || isStaffAddress(facts.email)) return 'staff';
  if (state === 'accepted' || state === 'queued') return state;
  return undefined;
}

/** The person's invitation as People shows it. */
function invitationView(facts: InvitationFacts, now: Date, isStaffAddress: (email: string) => boolean): PersonInvitation {
  const state = stateOf(facts, now);
  const refusal = refusalOf(facts, state, isStaffAddress) ?? null;
  const { latest } = facts;
  const acceptedAt = state === 'accepted' ? (latest?.usedAt ?? facts.passwordSetAt) : null;
  return {
    state,
    sentAt: latest?.sentAt?.toISOString() ?? null,
    expiresAt: latest?.expiresAt.toISOString() ?? null,
    acceptedAt: acceptedAt?.toISOString() ?? null,
    sendFailed: !!latest && !latest.sentAt && !!latest.sendError && state === 'not_sent',
    canResend: refusal === null,
    refusal,
  };
}

const refusalMessages: Record<InvitationRefusal, string> = {
  accepted: 'This person has already set a password: there is no invitation to send. They can reset it from the sign-in page.',
  queued: 'This person’s invitation is still queued to be sent: wait until it has gone out.',
  deactivated: 'This person is deactivated: an invitation would not let them in.',
  no_email: 'This person has no e-mail address to send an invitation to.',
  staff: 'This person is of the provider’s staff, who sign in without a password of the console.',
};

export interface PeopleServiceDeps {
  repo: PeopleRepository;
  db: Db;
  clock: Clock;
  isStaffAddress: (email: string) => boolean;
  /** Identity's invitations: made in the caller's transaction (an earlier link stops working)... */
  createInvitation: (request: { userId: string; invitedBy: string | null; now?: Date }, tx: Db) => Promise<{ id: string; token: string }>;
  /** ...and e-mailed after its commit; a failure is recorded on the invitation and thrown. */
  sendInvitation: (delivery: { userId: string; invitationId: string; token: string; invitedBy?: string | null }) => Promise<unknown>;
}

export function createPeopleService(deps: PeopleServiceDeps) {
  const { repo, db, clock, isStaffAddress } = deps;
  const notFound = () => new NotFound('This person is not one of your organization’s users.', peopleErrorCodes.notFound);

  const invitationNow = async (organizationId: string, id: string) => {
    const facts = await repo.invitationFacts(organizationId, id);
    if (!facts) throw notFound();
    return invitationView(facts, clock.now(), isStaffAddress);
  };

  return {
    async list(
      auth: AuthContext,
      query: { q?: string; status?: PersonStatus; source?: UserSource; after?: string; limit: number },
    ): Promise<PeopleResponse> {
      const filter: PeopleFilter = {
        q: query.q || undefined,
        status: query.status,
        source: query.source,
        after: query.after ? decodeCursor(query.after) : undefined,
        limit: query.limit,
      };
      const rows = await repo.page(auth.organizationId, filter);
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        people: shown.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          role: r.role as OrgRole,
          status: r.status,
          source: r.source as UserSource,
          updatedAt: lastChange(r),
        })),
        next: rows.length > query.limit && last ? encodeCursor({ sortName: last.sortName, id: last.id }) : null,
      };
    },

    async get(auth: AuthContext, id: string): Promise<{ person: PersonView }> {
      const row = await repo.person(auth.organizationId, id);
      if (!row) throw notFound();
      const [groups, workspaces, skills, invitation] = await Promise.all([
        repo.belongings('teams', auth.organizationId, id, PERSON_GROUPS_SHOWN),
        repo.belongings('workspaces', auth.organizationId, id, PERSON_GROUPS_SHOWN),
        repo.belongings('skills', auth.organizationId, id, PERSON_GROUPS_SHOWN),
        invitationNow(auth.organizationId, id),
      ]);
      const named = (rows: { id: string; name: string }[]) => rows.map((r) => ({ id: r.id, name: r.name }));
      const more = (rows: { total: number }[]) => Math.max(0, (rows[0]?.total ?? 0) - rows.length);
      const { managerId, managerName, createdAt, updatedAt, lastLoginAt, ...profile } = row;
      return {
        person: {
          ...profile,
          role: row.role as OrgRole,
          source: row.source as UserSource,
          manager: managerId && managerName !== null ? { id: managerId, name: managerName } : null,
          createdAt: createdAt.toISOString(),
          updatedAt: lastChange(row),
          lastLoginAt: lastLoginAt?.toISOString() ?? null,
          groups: named(groups),
          moreGroups: more(groups),
          workspaces: named(workspaces),
          moreWorkspaces: more(workspaces),
          skills: named(skills),
          moreSkills: more(skills),
          invitation,
        },
      };
    },

    /**
     * POST person/:id/invitation: a new invitation for a person who has not set a password,
     * made with its event in one transaction under the person's row lock (two admins at once
     * send one after the other), e-mailed after the commit so the link works when it arrives.
     * A failed e-mail is reported, not undone: the invitation exists and can be sent again.
     */
    async resendInvitation(auth: AuthContext, id: string): Promise<ResendInvitationResponse> {
      const invitation = await db.transaction(async (tx) => {
        const facts = await repo.invitationFacts(auth.organizationId, id, tx, { lock: true });
        if (!facts) throw notFound();
        const now = clock.now();
        const before = invitationView(facts, now, isStaffAddress);
        if (before.refusal) {
          throw new Conflict(refusalMessages[before.refusal], peopleErrorCodes.invitationNotResendable, { reason: before.refusal });
        }
        const made = await deps.createInvitation({ userId: id, invitedBy: auth.userId, now }, tx);
        await recordEvent(tx, {
          action: 'user.invitation_sent',
          organizationId: auth.organizationId,
          actor: actorOf(auth),
          targets: [{ type: 'user', id, name: facts.displayName }],
          data: { previousState: before.state },
        });
        return made;
      });
      let invitationEmail: ResendInvitationResponse['invitationEmail'] = 'sent';
      try {
        await deps.sendInvitation({ userId: id, invitationId: invitation.id, token: invitation.token, invitedBy: auth.userId });
      } catch {
        invitationEmail = 'failed';
      }
      return { invitation: await invitationNow(auth.organizationId, id), invitationEmail };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
