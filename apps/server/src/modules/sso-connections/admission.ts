/**
 * Who a connection may sign in (docs/decisions/062-sso-connections-per-organization.md):
 * only people of its own organization; a person not yet known only when their address is on
 * one of the organization's verified domains and first arrival is on (and the organization
 * is not provisioned by SCIM, where the identity provider makes people and first arrival
 * only links them); never an address of the provider's staff; never an Organizational Admin
 * made by first arrival. Decided without writing, so "Test connection" shows what would be.
 */
import { NAME_FORBIDDEN_CHARACTERS, normalizeEmail, type SsoRefusalReason } from '@console/contracts';
import type { AuthService } from '../auth/auth.service.js';
import type { NewUser } from '../users/users.service.js';
import type { VerifiedDomains } from './verified-domains.js';

/** The person a session is opened for, as sign-in reads them (the auth module's). */
type Principal = Parameters<AuthService['startSession']>[0];
type SignInRow = Principal & { passwordHash: string | null; lockedUntil: Date | null };

/** A sign-in the connection refuses, in words an IT admin acts on (never a secret or a whole token). */
export class ConnectionRefusal extends Error {
  constructor(
    readonly reason: SsoRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export interface ConnectionRules {
  id: string;
  organizationId: string;
  jit: boolean;
  jitRole: string;
  groupRoles: { group: string; role: string }[];
}

/** The person the provider's claims describe, as the console would keep them. */
export interface MappedProfile {
  email: string;
  givenName: string | null;
  familyName: string | null;
  employeeId: string | null;
  displayName: string;
  role: string;
}

export type Admission =
  | { kind: 'existing'; principal: Principal; profile: MappedProfile }
  | { kind: 'create'; user: NewUser; profile: MappedProfile };

/** What a name may not hold (contracts' text.ts), NUL too: a claim is kept without it. */
const NOT_IN_NAMES = new RegExp(`[\u0000${NAME_FORBIDDEN_CHARACTERS}]`, 'g');

const claimText = (value: unknown, max = 200): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().replace(NOT_IN_NAMES, '').slice(0, max) : null;

/** The role first arrival gives: the first mapped group the person is in, else the connection's role; never Organizational Admin. */
export function roleFor(rules: Pick<ConnectionRules, 'jitRole' | 'groupRoles'>, groups: unknown): string {
  const held = new Set(Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : []);
  const role = rules.groupRoles.find((m) => held.has(m.group))?.role ?? rules.jitRole;
  return role === 'org_admin' ? 'viewer' : role;
}

export function mappedProfile(rules: ConnectionRules, email: string, claims: Record<string, unknown>): MappedProfile {
  const givenName = claimText(claims.given_name);
  const familyName = claimText(claims.family_name);
  const name = claimText(claims.name);
  return {
    email,
    givenName,
    familyName,
    employeeId: claimText(claims.employee_number ?? claims.employeeNumber ?? claims.employee_id, 100),
    displayName: name ?? ([givenName, familyName].filter(Boolean).join(' ') || email.slice(0, email.indexOf('@'))),
    role: roleFor(rules, claims.groups),
  };
}

export function createAdmission(deps: {
  findSignInUserByEmail: (email: string) => Promise<SignInRow | undefined>;
  isStaffAddress: (email: string) => boolean;
  domains: VerifiedDomains;
  /** Whether the organization is provisioned by SCIM (it holds a live SCIM token). */
  scimProvisioned: (organizationId: string) => Promise<boolean>;
}) {
  return async function admit(rules: ConnectionRules, claims: Record<string, unknown>): Promise<Admission> {
    if (typeof claims.email !== 'string' || claims.email_verified === false || !claims.email.includes('@')) {
      throw new ConnectionRefusal(
        'no_verified_email',
        'The identity provider gave no verified e-mail address: release the email claim, verified.',
      );
    }
    const email = normalizeEmail(claims.email);
    if (deps.isStaffAddress(email)) {
      throw new ConnectionRefusal(
        'staff_address',
        `${email} is an address of the console's staff, who never sign in through an organization's connection.`,
      );
    }
    const profile = mappedProfile(rules, email, claims);
    const row = await deps.findSignInUserByEmail(email);
    if (row) {
      if (row.organizationId !== rules.organizationId) {
        throw new ConnectionRefusal(
          'other_organization',
          `${email} belongs to another organization: this connection signs in only your own people.`,
        );
      }
      const { passwordHash: _p, lockedUntil: _l, ...principal } = row;
      return { kind: 'existing', principal, profile: { ...profile, role: principal.role } };
    }
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if ((await deps.domains.organizationForVerifiedDomain(domain)) !== rules.organizationId) {
      throw new ConnectionRefusal(
        'domain_not_verified',
        `${domain} is not one of your organization's verified domains, and ${email} is not one of your people.`,
      );
    }
    if (!rules.jit) {
      throw new ConnectionRefusal('unknown_person', `${email} is not one of your people, and first arrival is off for this connection.`);
    }
    if (await deps.scimProvisioned(rules.organizationId)) {
      throw new ConnectionRefusal(
        'scim_links_only',
        `${email} is not one of your people: your organization is provisioned by SCIM, so first arrival only links people your identity provider made.`,
      );
    }
    return {
      kind: 'create',
      profile,
      user: {
        organizationId: rules.organizationId,
        email,
        displayName: profile.displayName,
        givenName: profile.givenName,
        familyName: profile.familyName,
        employeeId: profile.employeeId,
        role: profile.role,
        source: 'console',
      },
    };
  };
}
