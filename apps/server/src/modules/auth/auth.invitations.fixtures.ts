/** The invitations' tests' world, shared by the console's invitations and the app's activations. */
import { afterAll, beforeAll } from 'vitest';
import type { organizations, users } from '../../db/schema.js';
import { testClock } from '../../test/clock.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createMailTestApp, type MailTestApp } from '../../test/mail-test-app.js';

/**
 * A mail test app on a clock at 2026-11-21 09:00 with one organization and the person who
 * invites its people, made before the enclosing describe's tests and closed after them; `t`,
 * `orgId` and `inviterId` are set once the tests run.
 */
export function invitingOrganization(options: {
  app: Omit<NonNullable<Parameters<typeof createMailTestApp>[0]>, 'clock'>;
  organization: Partial<typeof organizations.$inferInsert>;
  inviter: Partial<typeof users.$inferInsert>;
}) {
  const world = { clock: testClock('2026-11-21T09:00:00Z'), t: undefined as unknown as MailTestApp, orgId: '', inviterId: '' };
  beforeAll(async () => {
    world.t = await createMailTestApp({ ...options.app, clock: world.clock });
    world.orgId = (await createOrganization(world.t.database.db, options.organization)).id;
    world.inviterId = (await createUser(world.t.database.db, world.orgId, options.inviter)).id;
  });
  afterAll(() => world.t.close());
  return world;
}
