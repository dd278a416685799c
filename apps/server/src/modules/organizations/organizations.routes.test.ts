import { ORGANIZATION_ADMINS_SHOWN } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('organizations routes (Super area)', () => {
  let t: TestApp;
  let staff: SignedInStaff;
  let updateOnlyStaff: SignedIn;
  let ids: { acme: string; acmeNorth: string; initech: string; staffOrg: string };
  const emails = { orgAdmin: '', noRoleStaff: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const plans = await db
      .insert(schema.planTypes)
      .values(['Team', 'Enterprise', 'Business'].map((name) => ({ name })))
      .returning();
    const plan = (name: string) => plans.find((p) => p.name === name)!.id;

    staff = await signInStaff(t, { roles: ['read', 'update'] });
    updateOnlyStaff = await signInStaff(t, { roles: ['update'], role: 'viewer', provider: 'google' });
    const noRole = await createUser(db, staff.organizationId, { email: 'nora@workframe.io', role: 'viewer', signInProvider: 'custom' });
    emails.noRoleStaff = noRole.email!;
    const acme = await createOrganization(db, {
      name: 'Acme Manufacturing',
      planTypeId: plan('Enterprise'),
      defaultGroup: 'Operations',
      createdAt: new Date(Date.UTC(2026, 0, 15, 9, 30)),
    });
    const acmeNorth = await createOrganization(db, { name: 'ACME North', planTypeId: plan('Team') });
    const initech = await createOrganization(db, { name: 'Initech Foods', disabledAt: new Date(Date.UTC(2026, 5, 1)) });
    await createOrganization(db, { name: '100% Real_Foods' });
    for (let i = 1; i <= 23; i++) await createOrganization(db, { name: `Paging ${String(i).padStart(2, '0')}` });
    ids = { acme: acme.id, acmeNorth: acmeNorth.id, initech: initech.id, staffOrg: staff.organizationId };

    const admin = await createUser(db, acme.id, { displayName: 'Zoe Admin', email: 'zoe@acme.example' });
    emails.orgAdmin = admin.email!;
    await createUser(db, acme.id, { displayName: 'adam Admin', email: 'adam@acme.example' });
    await createUser(db, acme.id, { displayName: 'Gone Admin', disabledAt: new Date() });
    for (const role of ['viewer', 'publisher', 'workspace_admin']) await createUser(db, acme.id, { role });
    await createUser(db, acme.id, { role: 'viewer', disabledAt: new Date() });
    await createWorkspace(db, acme.id);
    await createWorkspace(db, acme.id);
    await createUser(db, initech.id, { disabledAt: new Date() });
  });
  afterAll(() => t.close());

  const get = (who: SignedIn, url: string) => t.app.inject({ url: `/api/${url}`, headers: who.headers });

  describe('who may read', () => {
    const urls = () => ['organizations?page=1&limit=20', `organization/${ids.acme}`, 'organization/planTypes'];

    it('lets staff with read (or update, which includes it) read every Super call', async () => {
      for (const url of urls()) {
        expect((await get(staff, url)).statusCode, url).toBe(200);
        expect((await get(updateOnlyStaff, url)).statusCode, url).toBe(200);
      }
    });

    it("refuses a customer organization's admin with 403", async () => {
      const admin = await signIn(t, emails.orgAdmin);
      for (const url of urls()) {
        const res = await get(admin, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Only staff can use the Super area.' });
      }
    });

    it('refuses staff without a role type, and staff signed in with a password', async () => {
      // No allowed role type: not staff by the spec's rule, and no Organizational Admin either.
      await expect(signInWithProvider(t, emails.noRoleStaff, 'custom')).rejects.toThrow(/403/);
      const withPassword = await signInWithProvider(t, staff.email, 'password');
      for (const url of urls()) expect((await get(withPassword, url)).statusCode, url).toBe(403);
    });

    it('refuses a caller without a session with 401', async () => {
      const res = await t.app.inject({ url: '/api/organizations' });
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    });
  });

  describe('the list', () => {
    it('pages by 20, by name without case, active organizations only by default', async () => {
      const p1 = (await get(staff, 'organizations?page=1&limit=20')).json();
      const p2 = (await get(staff, 'organizations?page=2&limit=20')).json();
      // 28 organizations, Initech disabled.
      expect(p1.total).toBe(27);
      expect(p2.total).toBe(27);
      expect(p1.organizations).toHaveLength(20);
      expect(p2.organizations).toHaveLength(7);
      const names = [...p1.organizations, ...p2.organizations].map((o: { name: string }) => o.name);
      expect(names.slice(0, 3)).toEqual(['100% Real_Foods', 'Acme Manufacturing', 'ACME North']);
      expect(names.at(-1)).toBe('Workframe Staff');
      expect(new Set(names).size).toBe(27);
      expect(names).not.toContain('Initech Foods');
      expect((await get(staff, 'organizations')).json().organizations).toHaveLength(20);
    });

    it('shows each organization with its plan, staff flag and counts of enabled users', async () => {
      const { organizations } = (await get(staff, 'organizations?q=acme%20manu')).json();
      expect(organizations).toEqual([
        {
          id: ids.acme,
          name: 'Acme Manufacturing',
          planType: 'Enterprise',
          defaultGroup: 'Operations',
          clientKey: expect.any(String),
          isStaff: false,
          disabled: false,
          disabledAt: null,
          createdAt: '2026-01-15T09:30:00.000Z',
          locale: 'en',
          platformAppUrl: null,
          adminsCount: 2,
          regularUsersCount: 3,
        },
      ]);
      const staffOrg = (await get(staff, 'organizations?q=workframe')).json().organizations[0];
      expect(staffOrg).toMatchObject({ id: ids.staffOrg, isStaff: true, planType: null, adminsCount: 1, regularUsersCount: 2 });
    });

    it('filters by a part of the name without case; wildcards in the text are plain characters', async () => {
      const byName = async (q: string) =>
        (await get(staff, `organizations?q=${encodeURIComponent(q)}&disabled=true`))
          .json()
          .organizations.map((o: { name: string }) => o.name);
      expect(await byName('acMe')).toEqual(['Acme Manufacturing', 'ACME North']);
      expect(await byName('  north ')).toEqual(['ACME North']);
      expect(await byName('tech')).toEqual(['Initech Foods']);
      expect(await byName('%')).toEqual(['100% Real_Foods']);
      expect(await byName('l_f')).toEqual(['100% Real_Foods']);
      expect(await byName('_')).toEqual(['100% Real_Foods']);
      expect(await byName('nothing like it')).toEqual([]);
      const filtered = (await get(staff, 'organizations?q=paging&limit=20&page=2')).json();
      expect(filtered).toMatchObject({ total: 23 });
      expect(filtered.organizations.map((o: { name: string }) => o.name)).toEqual(['Paging 21', 'Paging 22', 'Paging 23']);
    });

    it('lists disabled organizations too with disabled=true, marked disabled', async () => {
      const all = (await get(staff, 'organizations?disabled=true&limit=100')).json();
      expect(all.total).toBe(28);
      const initech = all.organizations.find((o: { id: string }) => o.id === ids.initech);
      expect(initech).toMatchObject({ disabled: true, disabledAt: '2026-06-01T00:00:00.000Z', adminsCount: 0, regularUsersCount: 0 });
      expect((await get(staff, 'organizations?disabled=false&limit=100')).json().total).toBe(27);
    });

    it('answers a page past the end with its total, and refuses bad paging', async () => {
      expect((await get(staff, 'organizations?page=9')).json()).toEqual({ organizations: [], total: 27 });
      expect((await get(staff, 'organizations?q=zzz&page=2')).json()).toEqual({ organizations: [], total: 0 });
      for (const bad of ['limit=1000', 'page=0', 'disabled=yes', `q=${'x'.repeat(201)}`]) {
        const res = await get(staff, `organizations?${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('one organization', () => {
    it('has its admins by name (disabled ones marked), counts, workspaces, plan, group and creation date', async () => {
      const res = await get(staff, `organization/${ids.acme}`);
      expect(res.statusCode).toBe(200);
      const { organization } = res.json();
      expect(organization).toMatchObject({
        id: ids.acme,
        name: 'Acme Manufacturing',
        planType: 'Enterprise',
        defaultGroup: 'Operations',
        createdAt: '2026-01-15T09:30:00.000Z',
        disabled: false,
        workspacesCount: 2,
        adminsCount: 2,
        regularUsersCount: 3,
        moreAdmins: 0,
      });
      expect(
        organization.admins.map((a: { displayName: string; email: string; disabled: boolean }) => [a.displayName, a.disabled]),
      ).toEqual([
        ['adam Admin', false],
        ['Gone Admin', true],
        ['Zoe Admin', false],
      ]);
      expect(organization.admins[2]).toEqual({
        id: expect.any(String),
        displayName: 'Zoe Admin',
        email: 'zoe@acme.example',
        disabled: false,
      });
    });

    it(`shows at most ${ORGANIZATION_ADMINS_SHOWN} admins and says how many more there are`, async () => {
      const big = await createOrganization(t.database.db, { name: 'Many Admins' });
      const n = ORGANIZATION_ADMINS_SHOWN + 3;
      await t.database.db.insert(schema.users).values(
        Array.from({ length: n }, (_, i) => ({
          organizationId: big.id,
          email: `admin${String(i).padStart(3, '0')}@many.example`,
          displayName: `Admin ${String(i).padStart(3, '0')}`,
          role: 'org_admin',
        })),
      );
      const { organization } = (await get(staff, `organization/${big.id}`)).json();
      expect(organization.admins).toHaveLength(ORGANIZATION_ADMINS_SHOWN);
      expect(organization.admins[0].displayName).toBe('Admin 000');
      expect(organization).toMatchObject({ adminsCount: n, moreAdmins: 3 });
      await t.database.db.delete(schema.organizations).where(eq(schema.organizations.id, big.id));
    });

    it('shows a disabled organization too', async () => {
      const { organization } = (await get(staff, `organization/${ids.initech}`)).json();
      expect(organization).toMatchObject({
        name: 'Initech Foods',
        disabled: true,
        planType: null,
        workspacesCount: 0,
        admins: [expect.any(Object)],
      });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await get(staff, 'organization/00000000-0000-4000-8000-000000000000');
      expect(missing.json()).toMatchObject({ statusCode: 404, code: 'ORGANIZATION_NOT_FOUND' });
      expect((await get(staff, 'organization/not-an-id')).statusCode).toBe(400);
    });
  });

  it('lists the plan types by name', async () => {
    const { planTypes } = (await get(staff, 'organization/planTypes')).json();
    expect(planTypes.map((p: { name: string }) => p.name)).toEqual(['Business', 'Enterprise', 'Team']);
    expect(planTypes[0]).toEqual({ id: expect.any(String), name: 'Business' });
  });
});
