/**
 * What the signed-in person may use, in one place (decision 046): the menu, the guards, the
 * dashboard's cards and every screen's buttons ask here, so that nobody is offered what the
 * server would refuse. Read from the session's readable cookie (session.ts); the server
 * still decides on every call (docs/product.md, "Roles and access").
 */
import { isStaffSession, type SessionInfo, useSession } from './session';

export interface Permissions {
  /** The regular area (people, keys, provisioning, imports, analytics, API docs): Organizational Admins. */
  adminArea: boolean;
  /** The Super area: staff. */
  superArea: boolean;
  /** The spec's View button of the organization list: staff with `read`. */
  superView: boolean;
  /** Every change in the Super area: staff with `update`. */
  superChanges: boolean;
}

export type Permission = keyof Permissions;

export function permissionsOf(info: SessionInfo | null): Permissions {
  const staff = isStaffSession(info);
  return {
    // A cookie written before it carried the role: as before, the screens show and the server decides.
    adminArea: !!info && (info.role === null || info.role === 'org_admin'),
    superArea: staff,
    superView: staff && !!info?.allowedRoleTypes.includes('read'),
    superChanges: staff && !!info?.allowedRoleTypes.includes('update'),
  };
}

export function usePermissions(): Permissions {
  return permissionsOf(useSession());
}
