/**
 * What the tests of every writer of users start from: a plan type for new organizations,
 * the staff organization, a customer organization with a SCIM token, its Organizational
 * Admin signed in, and a staff editor signed in for the Super area.
 */
import * as schema from '../../db/schema.js';
import { createOrganization } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff } from '../../test/sign-in.js';
import type { TestApp } from '../../test/test-app.js';
import { scimOrganization } from '../provisioning/scim.fixtures.js';

export interface EveryWriter {
  acme: Awaited<ReturnType<typeof scimOrganization>>;
  admin: SignedIn;
  editor: SignedInStaff;
}

export async function everyWriter(t: TestApp): Promise<EveryWriter> {
  await t.database.db.insert(schema.planTypes).values({ name: 'Team' });
  await createOrganization(t.database.db, { name: 'Workframe Staff', isStaff: true });
  const acme = await scimOrganization(t);
  const admin = await signIn(t, acme.admin.email!);
  const editor = await signInStaff(t, { roles: ['read', 'update'] });
  return { acme, admin, editor };
}
