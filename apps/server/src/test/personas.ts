/**
 * The people of the authorization matrix (http/authorization-matrix.test.ts), each signed in
 * once: a console session (cookie + CSRF header) and external-API credentials (an access key
 * of their organization + a bearer idToken).
 *
 * Roles that the console refuses at sign-in (viewer, publisher, workspace admin) and people
 * refused later (a disabled user, a user of a disabled organization) still get a live
 * session here: they sign in as Organizational Admins and are then demoted or disabled. So
 * the matrix tests the guards of every route against a real session, not only the sign-in
 * form's refusal.
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE, type OrgRole } from '@console/contracts';
import { eq } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import { createOrganization, createUser } from './factories.js';
import { idTokenFor, signIn, signInWithProvider } from './sign-in.js';
import type { TestApp } from './test-app.js';

export const personaNames = [
  'anonymous',
  'viewer',
  'publisher',
  'workspaceAdmin',
  'orgAdmin',
  'otherOrgAdmin',
  'staffRead',
  'staffUpdate',
  'disabledUser',
  'disabledOrgUser',
] as const;
export type PersonaName = (typeof personaNames)[number];

/** Whose data a persona belongs to: `home` is the organization whose objects every probe names. */
export type PersonaOrg = 'home' | 'other' | 'staff' | 'disabled';

export interface Persona {
  name: PersonaName;
  /** Undefined for the anonymous caller. */
  userId?: string;
  org?: PersonaOrg;
  role?: OrgRole;
  staff?: 'read' | 'update';
  /** A disabled user, or a user of a disabled organization. */
  disabled: boolean;
  /** Headers of a console call (the session cookie and the CSRF header, as the web app sends them). */
  console: Record<string, string>;
  /** Headers of an external API call (`apiKey` and `Authorization: Bearer`). */
  api: Record<string, string>;
}

export interface PersonaWorld {
  personas: Record<PersonaName, Persona>;
  orgs: Record<PersonaOrg, typeof schema.organizations.$inferSelect>;
  /** The access key (id and secret) each organization's API callers use. */
  apiKeys: Partial<Record<PersonaOrg, { id: string; secret: string }>>;
}

const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

/** Creates the organizations and people, signs each in once, then demotes or disables those who must be. */
export async function createPersonas(t: TestApp): Promise<PersonaWorld> {
  const db = t.database.db;
  const orgs: PersonaWorld['orgs'] = {
    home: await createOrganization(db, { name: 'Matrix Home' }),
    other: await createOrganization(db, { name: 'Matrix Other' }),
    staff: await createOrganization(db, { name: 'Matrix Staff', isStaff: true }),
    disabled: await createOrganization(db, { name: 'Matrix Disabled' }),
  };
  const user = (org: PersonaOrg, local: string, values: Partial<typeof schema.users.$inferInsert> = {}) =>
    createUser(db, orgs[org].id, { email: `${local}@matrix.example`, displayName: local, ...values });

  // Everyone with a password starts as an org_admin so that they can sign in; roles are set below.
  const people = {
    viewer: await user('home', 'viewer'),
    publisher: await user('home', 'publisher'),
    workspaceAdmin: await user('home', 'workspace.admin'),
    orgAdmin: await user('home', 'org.admin'),
    otherOrgAdmin: await user('other', 'other.admin'),
    disabledUser: await user('home', 'disabled.user'),
    disabledOrgUser: await user('disabled', 'disabled.org.user'),
    staffRead: await user('staff', 'rita', {
      email: 'rita.matrix@workframe.io',
      role: 'viewer',
      allowedRoleTypes: ['read'],
      signInProvider: 'custom',
      passwordHash: null,
    }),
    // An org_admin of the staff organization too: the regular area then answers with the
    // staff organization's data only, which the matrix checks like another organization's admin.
    staffUpdate: await user('staff', 'sam', {
      email: 'sam.matrix@workframe.io',
      allowedRoleTypes: ['read', 'update'],
      signInProvider: 'custom',
      passwordHash: null,
    }),
  };

  const sessions: Partial<Record<PersonaName, Record<string, string>>> = {};
  const tokens: Partial<Record<PersonaName, string>> = {};
  for (const [name, row] of Object.entries(people) as [Exclude<PersonaName, 'anonymous'>, (typeof people)['viewer']][]) {
    if (name === 'staffRead' || name === 'staffUpdate') {
      const signed = await signInWithProvider(t, row.email!, 'custom');
      sessions[name] = signed.headers;
      tokens[name] = (await t.deps.idTokens.issue({ id: row.id, email: row.email, displayName: row.displayName }, 'custom')).idToken;
    } else {
      sessions[name] = (await signIn(t, row.email!)).headers;
      tokens[name] = await idTokenFor(t, row.email!);
    }
  }

  // One access key per organization, made through the real route by an org_admin of it.
  const apiKeys: PersonaWorld['apiKeys'] = {};
  const keyMakers: [PersonaOrg, PersonaName][] = [
    ['home', 'orgAdmin'],
    ['other', 'otherOrgAdmin'],
    ['staff', 'staffUpdate'],
    ['disabled', 'disabledOrgUser'],
  ];
  for (const [org, maker] of keyMakers) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: sessions[maker],
      payload: { name: `Matrix ${org}`, description: 'authorization matrix' },
    });
    if (res.statusCode !== 201) throw new Error(`access key of ${org}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { integration: { id: string }; accessKey: string };
    apiKeys[org] = { id: body.integration.id, secret: body.accessKey };
  }

  // Now the roles and refusals the matrix is about.
  const setRole = (id: string, role: OrgRole) => db.update(schema.users).set({ role }).where(eq(schema.users.id, id));
  await setRole(people.viewer.id, 'viewer');
  await setRole(people.publisher.id, 'publisher');
  await setRole(people.workspaceAdmin.id, 'workspace_admin');
  await db.update(schema.users).set({ disabledAt: new Date() }).where(eq(schema.users.id, people.disabledUser.id));
  await db.update(schema.organizations).set({ disabledAt: new Date() }).where(eq(schema.organizations.id, orgs.disabled.id));

  const orgOf: Record<Exclude<PersonaName, 'anonymous'>, PersonaOrg> = {
    viewer: 'home',
    publisher: 'home',
    workspaceAdmin: 'home',
    orgAdmin: 'home',
    otherOrgAdmin: 'other',
    disabledUser: 'home',
    disabledOrgUser: 'disabled',
    staffRead: 'staff',
    staffUpdate: 'staff',
  };
  const roleOf: Record<Exclude<PersonaName, 'anonymous'>, OrgRole> = {
    viewer: 'viewer',
    publisher: 'publisher',
    workspaceAdmin: 'workspace_admin',
    orgAdmin: 'org_admin',
    otherOrgAdmin: 'org_admin',
    disabledUser: 'org_admin',
    disabledOrgUser: 'org_admin',
    staffRead: 'viewer',
    staffUpdate: 'org_admin',
  };
  const anonymous: Persona = { name: 'anonymous', disabled: false, console: { ...csrf }, api: {} };
  const personas: Partial<Record<PersonaName, Persona>> = { anonymous };
  for (const name of Object.keys(people) as Exclude<PersonaName, 'anonymous'>[]) {
    const org = orgOf[name];
    personas[name] = {
      name,
      userId: people[name].id,
      org,
      role: roleOf[name],
      ...(name === 'staffRead' && { staff: 'read' as const }),
      ...(name === 'staffUpdate' && { staff: 'update' as const }),
      disabled: name === 'disabledUser' || name === 'disabledOrgUser',
      console: sessions[name]!,
      api: { apikey: apiKeys[org]!.secret, authorization: `Bearer ${tokens[name]}` },
    };
  }
  return { personas: personas as Record<PersonaName, Persona>, orgs, apiKeys };
}
