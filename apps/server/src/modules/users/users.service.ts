/**
 * The users module's service: the one way other modules make and change the people of an
 * organization (SCIM, the external API, organization managers), with the rules that hold
 * whoever writes: an address of the provider's staff domain belongs to staff and never to
 * a customer organization; Organizational Admins and staff are the console's own accounts,
 * which an identity provider may reach only where the organization allows it.
 */
import { isStaffDomainAddress, normalizeEmail } from '@console/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import { ValidationError } from '../../http/errors.js';
import type { NewUser, UserProfile, UsersRepository } from './users.repository.js';

export type { NewUser, UserProfile, UserSource } from './users.repository.js';

/** Why a user is out of an identity provider's reach: an Organizational Admin, or staff. */
export type Protection = 'org_admin' | 'staff';

/** The user's addresses as the console stores every address (normalizeEmail); those not given stay so. */
function withNormalAddresses<T extends { email?: string | null; workEmail?: string | null }>(user: T): T {
  return {
    ...user,
    ...(user.email && { email: normalizeEmail(user.email) }),
    ...(user.workEmail && { workEmail: normalizeEmail(user.workEmail) }),
  };
}

export function createUsersService(deps: {
  db: Db;
  repo: UsersRepository;
  clock: Clock;
  staffEmailDomain: string;
  /** Identity's sessions: a disabled user's end in the same transaction. */
  endSessionsOf: (userIds: string[], tx: Db) => Promise<void>;
}) {
  const { db, repo, clock } = deps;
  const isStaffAddress = (email: string) => isStaffDomainAddress(email, deps.staffEmailDomain);

  /** No writer gives a customer's user an address of the staff domain (staff are made apart). */
  function refuseStaffAddress(...emails: (string | null | undefined)[]) {
    const staff = emails.find((email) => email && isStaffAddress(email));
    if (staff)
      throw new ValidationError(
        `${staff} is an address of the provider's staff and cannot belong to a user of an organization.`,
        undefined,
        'STAFF_EMAIL',
      );
  }

  return {
    isStaffAddress,
    /** Refuses (400 STAFF_EMAIL) an address of the staff domain: writers ask before they look the address up, so as to tell nothing of staff. */
    refuseStaffAddress,

    /** Whether the console protects this user from provisioning, and as what. */
    protection(user: { role: string; email: string | null; allowedRoleTypes?: string[] }): Protection | undefined {
      if ((user.allowedRoleTypes?.length ?? 0) > 0 || (user.email !== null && isStaffAddress(user.email))) return 'staff';
      if (user.role === 'org_admin') return 'org_admin';
      return undefined;
    },

    create: (user: NewUser, tx: Db = db) => {
      refuseStaffAddress(user.email, user.workEmail);
      return repo.insert(withNormalAddresses(user), clock.now(), tx);
    },
    update: (organizationId: string, id: string, change: Partial<UserProfile> & { email?: string; restore?: boolean }, tx: Db = db) => {
      refuseStaffAddress(change.email, change.workEmail);
      return repo.update(organizationId, id, withNormalAddresses(change), clock.now(), tx);
    },
    recordFailedSignIn: (userId: string, now: Date, policy: { max: number; windowMs: number; lockMs: number }, tx: Db = db) =>
      repo.recordFailedSignIn(userId, now, policy, tx),
    recordSignIn: (userId: string, now: Date) => repo.recordSignIn(userId, now),
    stampInvitation: (userId: string, invitedBy: string | null, now: Date, tx: Db = db) => repo.stampInvitation(userId, invitedBy, now, tx),
    setPasswordHash: (userId: string, passwordHash: string, tx: Db = db) => repo.setPasswordHash(userId, passwordHash, clock.now(), tx),
    revokeIdTokens: (userId: string, at: Date, tx: Db = db) => repo.revokeIdTokens(userId, at, tx),
    setRole: (organizationId: string, id: string, role: string, tx: Db = db) => repo.setRole(organizationId, id, role, tx),
    lockLocale: (userId: string, tx: Db = db) => repo.lockLocale(userId, tx),
    setLocale: (userId: string, locale: string, tx: Db = db) => repo.setLocale(userId, locale, tx),
    /**
     * Disables those of these users who are still enabled and ends their sessions, in one
     * transaction (the caller's, or its own); answers how many it disabled.
     */
    async disable(organizationId: string, ids: string[], tx?: Db, at: Date = clock.now()): Promise<number> {
      const run = async (t: Db) => {
        const disabled = await repo.disable(organizationId, ids, at, t);
        await deps.endSessionsOf(disabled, t);
        return disabled.length;
      };
      return tx ? run(tx) : db.transaction(run);
    },
    enable: (organizationId: string, id: string, tx: Db = db) => repo.enable(organizationId, id, clock.now(), tx),
    markScimDeleted: (organizationId: string, id: string, tx: Db = db) => repo.markScimDeleted(organizationId, id, clock.now(), tx),
    findByEmail: (email: string, tx: Db = db) => repo.findByEmail(email, tx),
    findByReference: (organizationId: string, reference: string, tx: Db = db) => repo.findByReference(organizationId, reference, tx),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
