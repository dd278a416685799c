/**
 * How provisioning writes one user (scim-users.service.ts): the manager a client names, what
 * it may not change of the console's own accounts, and the write of a profile and `active`.
 */
import type { Db } from '../../db/client.js';
import type { UsersService } from '../users/users.service.js';
import type { ProvisioningRepository } from './provisioning.repository.js';
import type { ScimCaller } from './scim.auth.js';
import { ScimError, schemas } from './scim.protocol.js';
import type { ScimUserInput } from './scim.resources.js';
import type { ScimUserRow } from './scim-users.repository.js';

/**
 * What of a user a write would change that makes them someone else or lets them in or out:
 * their access, the addresses and names they are known by, the provider's id for them.
 * Answers the refusal's verb, or undefined when it changes none of these. A name left out
 * (null) is taken from the display name, which is compared itself.
 */
function reachingChange(current: ScimUserInput, next: ScimUserInput): string | undefined {
  const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
  const kept = (a: string | null, b: string | null) => b === null || a === b;
  if (current.active && !next.active) return 'deactivate';
  if (!current.active && next.active) return 'reactivate';
  if (!same(current.email, next.email) || !same(current.profile.workEmail, next.profile.workEmail)) return 'change the e-mail address of';
  if (!same(current.profile.userName, next.profile.userName)) return 'rename';
  const { displayName, givenName, familyName, formattedName } = next.profile;
  if (
    current.profile.displayName !== displayName ||
    !kept(current.profile.givenName, givenName) ||
    !kept(current.profile.familyName, familyName) ||
    !kept(current.profile.formattedName ?? current.profile.displayName, formattedName)
  )
    return 'change the name of';
  if (current.profile.scimExternalId !== next.profile.scimExternalId) return 'change the external ID of';
  return undefined;
}

/** What provisioning may not do to an Organizational Admin or a staff member, and why. */
export function outOfReach(protection: 'org_admin' | 'staff', change: string) {
  return new ScimError(
    403,
    protection === 'staff'
      ? `This user is staff of the provider: provisioning cannot ${change} them.`
      : `This user is an Organizational Admin of the console: provisioning cannot ${change} them unless the organization lets the identity provider manage Organizational Admins (Provisioning screen).`,
  );
}

export function createScimUserWrites(deps: {
  /** Whether provisioning may touch Organizational Admins. */
  settings: ProvisioningRepository['config'];
  /** The users module: every user is made and changed through it. */
  users: UsersService;
}) {
  /** The manager reference a provider sent for this user, as kept (null: none). */
  const sentManagerReference = (row: ScimUserRow) => {
    const enterprise = row.scimAttributes?.[schemas.enterpriseUser] as { manager?: { value?: unknown } } | undefined;
    return typeof enterprise?.manager?.value === 'string' ? enterprise.manager.value : null;
  };

  /** The manager a client named, as a user of the organization (null: none, or one the console does not know). */
  const managerOf = (caller: ScimCaller, input: ScimUserInput, tx: Db) =>
    input.managerReference === null
      ? Promise.resolve(null)
      : deps.users.findByReference(caller.organizationId, input.managerReference, tx).then((id) => id ?? null);

  /**
   * What provisioning may not do to the console's own accounts: change who they are or
   * whether they may sign in (staff never; Organizational Admins only where the organization
   * allows it). `change` is the user as they are and as the write would leave them; a write
   * that leaves them as they are still answers, as a provider's routine sync expects.
   */
  async function checkReach(
    caller: ScimCaller,
    row: ScimUserRow,
    change: { current: () => ScimUserInput; next: ScimUserInput } | 'delete',
    tx: Db,
  ) {
    const protection = deps.users.protection(row);
    if (!protection) return;
    // The organization's setting is read only for its own accounts: most changes are of other people.
    if (protection === 'org_admin' && (await deps.settings(caller.organizationId, tx)).managesAdmins) return;
    const refused = change === 'delete' ? 'delete' : reachingChange(change.current(), change.next);
    if (refused) throw outOfReach(protection, refused);
  }

  /** Writes a user's profile and `active`; says which kind of event the change was. */
  async function writeUser(caller: ScimCaller, row: ScimUserRow, input: ScimUserInput, tx: Db) {
    // The reference the provider sent last time, still the same: the manager it named stays (no look-up).
    const managerId =
      input.managerReference !== null && input.managerReference === sentManagerReference(row) && row.managerId !== null
        ? row.managerId
        : await managerOf(caller, input, tx);
    await deps.users.update(
      caller.organizationId,
      row.id,
      { email: input.email, ...input.profile, managerId: managerId === row.id ? null : managerId },
      tx,
    );
    const wasActive = row.disabledAt === null;
    if (wasActive && !input.active) {
      await deps.users.disable(caller.organizationId, [row.id], tx);
      return 'deactivated' as const;
    }
    if (!wasActive && input.active) {
      await deps.users.enable(caller.organizationId, row.id, tx);
      return 'reactivated' as const;
    }
    return 'updated' as const;
  }

  return { managerOf, checkReach, writeUser };
}
