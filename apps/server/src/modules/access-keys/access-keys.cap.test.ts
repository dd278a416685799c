/** An organization may hold at most ACCESS_KEYS_PER_ORGANIZATION_MAX access keys, so its keys cannot grow without bound. */
import { accessKeyErrorCodes } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('access keys per organization', () => {
  let t: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ config: { ACCESS_KEYS_PER_ORGANIZATION_MAX: '2' } });
    const org = await createOrganization(t.database.db);
    const other = await createOrganization(t.database.db);
    admin = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    otherAdmin = await signIn(t, (await createUser(t.database.db, other.id)).email!);
  });
  afterAll(() => t.close());

  const create = (who: SignedIn, name: string) =>
    t.app.inject({ method: 'POST', url: '/api/integrations', headers: who.headers, payload: { name, description: 'tests' } });
  const count = async (who: SignedIn) => (await t.app.inject({ url: '/api/integrations', headers: who.headers })).json().total;

  it('refuses one key more than the limit with a clear code, and counts per organization', async () => {
    expect((await create(admin, 'One')).statusCode).toBe(201);
    expect((await create(admin, 'Two')).statusCode).toBe(201);
    const third = await create(admin, 'Three');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: accessKeyErrorCodes.limitReached, details: { max: 2 } });
    expect(await count(admin)).toBe(2);
    // Another organization has its own limit.
    expect((await create(otherAdmin, 'One')).statusCode).toBe(201);
  });

  it('allows a new key again once one is deleted', async () => {
    const list = (await t.app.inject({ url: '/api/integrations', headers: admin.headers })).json();
    const id = list.integrations[0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/integration/${id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await create(admin, 'Three')).statusCode).toBe(201);
  });

  it('holds under concurrent creations', async () => {
    const answers = await Promise.all([create(otherAdmin, 'A'), create(otherAdmin, 'B'), create(otherAdmin, 'C')]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(await count(otherAdmin)).toBe(2);
  });
});
