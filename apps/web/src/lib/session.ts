/**
 * The readable `userInfo` cookie (display data, set by the server with the HttpOnly
 * session cookie) tells the app whether someone is signed in before any call. It is
 * only a hint for routing: the server decides on every call.
 */

import type { UserInfoCookie } from '@console/contracts/auth';
import { USER_INFO_COOKIE } from '@console/contracts/auth-constants';
import type { OrgRole } from '@console/contracts/roles';
import { useSyncExternalStore } from 'react';
import { deleteCookie, readCookie } from './cookies';

/** The cookie's content; `role` is null in a cookie written before it carried the role. */
export type SessionInfo = Omit<UserInfoCookie, 'role'> & { role: OrgRole | null };

const ORG_ROLES: readonly string[] = ['org_admin', 'workspace_admin', 'publisher', 'viewer'] satisfies OrgRole[];

export function parseUserInfo(raw: string | undefined, now = Date.now()): SessionInfo | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw.startsWith('j:') ? raw.slice(2) : raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.displayName !== 'string' || typeof v.expirationTime !== 'string') return null;
  const expires = Date.parse(v.expirationTime);
  if (Number.isNaN(expires) || expires <= now) return null;
  return {
    displayName: v.displayName,
    email: typeof v.email === 'string' ? v.email : null,
    allowedRoleTypes: Array.isArray(v.allowedRoleTypes)
      ? (v.allowedRoleTypes.filter((r) => r === 'read' || r === 'update') as SessionInfo['allowedRoleTypes'])
      : [],
    role: typeof v.role === 'string' && ORG_ROLES.includes(v.role) ? (v.role as OrgRole) : null,
    signInProvider: (typeof v.signInProvider === 'string' ? v.signInProvider : 'password') as SessionInfo['signInProvider'],
    isStaff: v.isStaff === true,
    expirationTime: v.expirationTime,
  };
}

/** Staff by the rule of docs/product.md, "Roles and access": the server's verdict, and never with a password sign-in or no role type. */
export function isStaffSession(info: Pick<SessionInfo, 'isStaff' | 'allowedRoleTypes' | 'signInProvider'> | null): boolean {
  return !!info && info.isStaff && info.allowedRoleTypes.length > 0 && info.signInProvider !== 'password';
}

let lastRaw: string | undefined;
let lastInfo: SessionInfo | null = null;
const listeners = new Set<() => void>();

export function readSession(): SessionInfo | null {
  const raw = readCookie(USER_INFO_COOKIE);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastInfo = parseUserInfo(raw);
  }
  // The cookie may outlive its expiry by a clock skew; re-check it every time.
  if (lastInfo && Date.parse(lastInfo.expirationTime) <= Date.now()) lastInfo = null;
  return lastInfo;
}

/** Tell subscribers that the session cookie changed (after sign-in or sign-out). */
export function sessionChanged(): void {
  for (const listener of listeners) listener();
}

/** Forget the session on this side (the server clears its own cookies). */
export function clearLocalSession(): void {
  deleteCookie(USER_INFO_COOKIE);
  sessionChanged();
}

export function useSession(): SessionInfo | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readSession);
}
