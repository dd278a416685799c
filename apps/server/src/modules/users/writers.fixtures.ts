/**
 * What the tests of every writer of users start from: a plan type for new organizations,
 * the staff organization, a customer organization with a SCIM token, its Organizational
 * Admin signed in, and a staff editor signed in for the Super area.
 */
import { afterAll, beforeAll } from 'vitest';
import * as schema from '../../db/schema.js';
import { createOrganization } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
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

/**
 * For a describe block: a fresh app with what every writer's test starts from, made before
 * its tests (this registers their beforeAll) and closed after them. The answer's fields are
 * filled in by then.
 */
export function everyWriterApp(): EveryWriter & { t: TestApp } {
  const scene = {} as EveryWriter & { t: TestApp };
  beforeAll(async () => {
    scene.t = await createTestApp();
    Object.assign(scene, await everyWriter(scene.t));
  });
  afterAll(() => scene.t.close());
  return scene;
}
