/**
 * Signing in from tests, through the real routes.
 * An Organizational Admin (createUser's default, with TEST_PASSWORD) signs in with `signIn`:
 *   const { headers } = await signIn(t, (await createUser(t.database.db, org.id)).email!);
 *   await t.app.inject({ method: 'POST', url: '/api/...', headers, payload });
 * Staff are made and signed in with `signInStaff`, in the one staff organization of the app:
 *   const editor = await signInStaff(t, { roles: ['read', 'update'] });
 *   const reader = await signInStaff(t, { roles: ['read'], email: 'rita@workframe.io' });
 * Another session of a user already made (staff signed in with a password, say): `signInWithProvider`.
 * `headers` carries the session cookie and the CSRF header, as the web app sends them.
 */
import { randomBytes } from 'node:crypto';
import {
  type AllowedRoleType,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ID_TOKEN_COOKIE,
  type OrgRole,
  type SignInProvider,
} from '@console/contracts';
import { eq } from 'drizzle-orm';
import { organizations, users } from '../db/schema.js';
import { createOrganization, createUser, TEST_PASSWORD } from './factories.js';
import type { TestApp } from './test-app.js';

export interface SignedIn {
  headers: { cookie: string; [CSRF_HEADER]: string };
  /** The opaque session secret of the id-token cookie. */
  sessionSecret: string;
  user: { uid: string; email: string | null; [key: string]: unknown };
}

/** A staff member made by `signInStaff`, signed in. */
export type SignedInStaff = SignedIn & { id: string; email: string; organizationId: string };

/** The web app's sign-in: password step for an idToken, then POST /api/auth for the session. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const signInRes = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (signInRes.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${signInRes.statusCode} ${signInRes.body}`);
  const { idToken } = signInRes.json() as { idToken: string };
  return openSessionFor(t, email, idToken);
}

async function openSessionFor(t: TestApp, email: string, idToken: string): Promise<SignedIn> {
  const sessionRes = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { idToken, email },
  });
  if (sessionRes.statusCode !== 200) throw new Error(`session of ${email} failed: ${sessionRes.statusCode} ${sessionRes.body}`);
  const cookie = sessionRes.cookies.find((c) => c.name === ID_TOKEN_COOKIE);
  if (!cookie) throw new Error('POST /api/auth set no id-token cookie');
  return {
    headers: { cookie: `${ID_TOKEN_COOKIE}=${cookie.value}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    sessionSecret: cookie.value,
    user: (sessionRes.json() as { user: SignedIn['user'] }).user,
  };
}

/**
 * An idToken for any user with a password (any role: the external API admits publishers
 * and workspace admins too), checked like a real sign-in.
 */
export async function idTokenFor(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  // From inject's default address, as the sign-in calls of these tests come.
  const principal = await t.app.services.auth.authenticatePassword(email, password, { ip: '127.0.0.1' });
  const { idToken } = await t.deps.idTokens.issue({ id: principal.userId, email: principal.email, displayName: principal.displayName });
  return idToken;
}

/**
 * A session as if signed in with another provider (`custom` by default: how staff sign in
 * on an installation without Google). For users without a password, staff above all.
 */
export async function signInWithProvider(t: TestApp, email: string, provider: SignInProvider = 'custom'): Promise<SignedIn> {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const { idToken } = await t.deps.idTokens.issue({ id: user.id, email: user.email, displayName: user.displayName }, provider);
  return openSessionFor(t, email, idToken);
}

/**
 * A new staff member, signed in: in the app's staff organization (made as 'Workframe Staff'
 * if there is none yet), with an address on STAFF_EMAIL_DOMAIN unless `email` is given.
 * An editor (`update`) is also that organization's Organizational Admin, as in the demo data,
 * a reader a viewer, unless `role` says otherwise. `provider` is how they sign in and the
 * provider on their row (`custom` by default).
 */
export async function signInStaff(
  t: TestApp,
  options: {
    roles: [AllowedRoleType, ...AllowedRoleType[]];
    email?: string;
    displayName?: string;
    role?: OrgRole;
    provider?: SignInProvider;
  },
): Promise<SignedInStaff> {
  const { roles, provider = 'custom' } = options;
  const db = t.database.db;
  const [staffOrg] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.isStaff, true)).limit(1);
  const organizationId = staffOrg?.id ?? (await createOrganization(db, { name: 'Workframe Staff', isStaff: true })).id;
  const user = await createUser(db, organizationId, {
    email: options.email ?? `staff.${randomBytes(4).toString('hex')}@${t.config.STAFF_EMAIL_DOMAIN}`,
    ...(options.displayName ? { displayName: options.displayName } : {}),
    role: options.role ?? (roles.includes('update') ? 'org_admin' : 'viewer'),
    allowedRoleTypes: roles,
    signInProvider: provider,
  });
  const email = user.email!;
  return { ...(await signInWithProvider(t, email, provider)), id: user.id, email, organizationId };
}

/** An access key made through the console as its Integrations screen makes one, by a signed-in admin's `headers`. */
export async function createAccessKey(t: TestApp, headers: SignedIn['headers'], name = 'Tests') {
  const res = await t.app.inject({ method: 'POST', url: '/api/integrations', headers, payload: { name, description: 'tests' } });
  if (res.statusCode !== 201) throw new Error(`key not made: ${res.statusCode} ${res.body}`);
  return res.json() as { integration: { id: string }; accessKey: string };
}
