import { z } from 'zod';
import { isStaffDomainAddress } from './email-domain.js';

/** Organization roles (docs/product.md, "Roles and access"). */
export const orgRoles = ['org_admin', 'workspace_admin', 'publisher', 'viewer'] as const;
export const orgRole = z.enum(orgRoles);
export type OrgRole = z.infer<typeof orgRole>;

/** Roles whose people use this console (staff aside): everyone else uses the platform's app. */
export const consoleRoles: readonly OrgRole[] = ['org_admin'];

/** Roles that may use the external API. */
export const apiRoles: readonly OrgRole[] = ['org_admin', 'workspace_admin', 'publisher'];

/** Staff permissions in the Super area. */
export const allowedRoleType = z.enum(['read', 'update']);
export type AllowedRoleType = z.infer<typeof allowedRoleType>;

export const signInProviders = ['password', 'google', 'microsoft', 'oidc', 'custom', 'other'] as const;
export const signInProvider = z.enum(signInProviders);
export type SignInProvider = z.infer<typeof signInProvider>;

/**
 * Providers a staff member may have signed in with to use the Super area: every one but a
 * password (single sign-on with Google, Microsoft or the generic OpenID Connect issuer, and a
 * one-time sign-in link), so staff prove who they are through an identity provider or their
 * mailbox, never with a password the console keeps (decision 027).
 */
export const staffSignInProviders: readonly SignInProvider[] = signInProviders.filter((p) => p !== 'password');

/**
 * The spec's rule for showing the Super menu; the server applies the same rule. The address
 * is read as every writer of users reads it (isStaffDomainAddress: the staff domain or a
 * subdomain, any case, Unicode or a trailing dot), so who is staff at sign-in and which
 * addresses customers are refused cannot disagree (decision 027).
 */
export function isStaffUser(
  user: { email: string | null; allowedRoleTypes: readonly string[]; signInProvider: string },
  staffEmailDomain: string,
): boolean {
  return (
    user.allowedRoleTypes.length > 0 &&
    !!user.email &&
    isStaffDomainAddress(user.email, staffEmailDomain) &&
    staffSignInProviders.includes(user.signInProvider as SignInProvider)
  );
}
