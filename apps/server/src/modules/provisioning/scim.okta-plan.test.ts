/**
 * Okta's SCIM 2.0 test plan (the "SCIM 2.0 Spec Test" Okta publishes for app submissions,
 * run in Runscope) step by step against an organization that already has people: made in
 * the console, imported from CSV (inserted as the import's apply inserts them, without
 * given or family name) and left from before the profile columns (their names filled by
 * migration 0010's own statement). "Test Users endpoint" must hold for every one of them,
 * not only the first. Then the users Okta provisions with its default attribute set
 * (names, work and second e-mail, phones, address, the enterprise extension with a
 * manager), looked up by userName, updated with PUT and PATCH, deactivated and reactivated.
 * On the test's database kind.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, PATCH_SCHEMA, SCIM, scimClient, scimOrganization, USER_SCHEMA } from './scim.fixtures.js';

const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** What Okta sends with every request (its Runscope suite sends the same). */
const OKTA_HEADERS = {
  'content-type': 'application/scim+json; charset=utf-8',
  accept: 'application/scim+json',
  'user-agent': 'Okta SCIM Client 1.0.0',
};

type Resource = Record<string, unknown> & {
  id: string;
  userName: string;
  name: { givenName?: string; familyName?: string };
  emails: { value: string }[];
  active: unknown;
};

/** The assertions of "Required Test: Test Users endpoint" and "Get Users/{{id}}", on one user. */
function expectOktaUser(user: Resource, who: string) {
  expect(user.id, who).toBeTruthy();
  expect(user.userName, who).toBeTruthy();
  expect(user.name?.givenName, who).toBeTruthy();
  expect(user.name?.familyName, who).toBeTruthy();
  expect(typeof user.active, who).toBe('boolean');
  expect(user.emails?.[0]?.value, who).toMatch(/@/);
}

describe("Okta's SCIM 2.0 test plan against an organization with people from before", () => {
  let t: TestApp;
  let scim: ReturnType<typeof scimClient>;
  let organizationId = '';
  let adminId = '';
  const stamp = Math.random().toString(36).slice(2, 8);
  const randomGivenName = `Runscope${stamp}`;
  const randomFamilyName = `Hfluaklab${stamp}`;
  const randomUserName = `Runscope${stamp}Hfluaklab@atko.example`;
  /** userName and the names of the people the organization had before Okta's first call. */
  const before = new Map<string, { givenName: string; familyName: string }>();
  const okta = (method: Parameters<ReturnType<typeof scimClient>>[0], path: string, body?: unknown) =>
    scim(method, path, body, OKTA_HEADERS);
  const filter = (f: string) => `filter=${encodeURIComponent(f)}`;

  /** A user as the import's apply inserts one (set-based/apply.ts): e-mail, employee ID, name, role; no given or family name. */
  async function imported(email: string | null, employeeId: string | null, name: string) {
    const [row] = await sqlRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO users (id, organization_id, email, employee_id, display_name, role, disabled_at, created_by)
          SELECT uuid_v7(), ${organizationId}, ${email}, ${employeeId}, ${name}, 'viewer', NULL, ${adminId}::uuid
          RETURNING id`,
    );
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const made = await scimOrganization(t);
    organizationId = made.org.id;
    adminId = made.admin.id;
    scim = scimClient(t, made.token);
    const { db } = t.database;
    before.set(made.admin.email as string, { givenName: 'Test', familyName: 'User' });

    // Made in the console: names of one word, of many, with stray spaces.
    for (const [displayName, givenName, familyName] of [
      ['Maria José da Silva', 'Maria', 'José da Silva'],
      ['Cher', 'Cher', 'Cher'],
      ['  Ana   Lopez  ', 'Ana', 'Lopez'],
    ]) {
      const user = await createUser(db, organizationId, { displayName, role: 'viewer' });
      before.set(user.email as string, { givenName, familyName });
    }

    // Imported from CSV, then renamed by a later import (set-based/apply.ts updates display_name alone).
    const importedEmail = `imported.${stamp}@acme.example`;
    const importedId = await imported(importedEmail, `EMP-${stamp}`, 'Imported Person');
    await sqlRows(
      db,
      sql`UPDATE users u SET display_name = coalesce(${'Imported Renamed'}, u.display_name) WHERE u.id = ${importedId}::uuid`,
    );
    before.set(importedEmail, { givenName: 'Imported', familyName: 'Renamed' });
    const singleEmail = `bjork.${stamp}@acme.example`;
    await imported(singleEmail, null, 'Björk');
    before.set(singleEmail, { givenName: 'Björk', familyName: 'Björk' });

    // From before migration 0010: no names, until its own statement fills them.
    const migration = fs.readFileSync(
      fs
        .readdirSync(migrationsFolder)
        .map((f) => `${migrationsFolder}/${f}`)
        .find((f) => /0010_[^/]*\.sql$/.test(f)) as string,
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .find((s) => s.startsWith('UPDATE users SET given_name')) as string;
    expect(backfill).toBeTruthy();
    const olderEmail = `older.${stamp}@acme.example`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE users DISABLE TRIGGER users_name_parts`);
      await sqlRows(
        tx,
        sql`INSERT INTO users (organization_id, email, display_name, role) VALUES (${organizationId}, ${olderEmail}, ${'Olga  van der Berg'}, 'viewer')`,
      );
      const [row] = await sqlRows<{ given_name: string | null }>(tx, sql`SELECT given_name FROM users WHERE email = ${olderEmail}`);
      expect(row.given_name).toBeNull();
      await tx.execute(sql.raw(backfill));
      await tx.execute(sql`ALTER TABLE users ENABLE TRIGGER users_name_parts`);
    });
    before.set(olderEmail, { givenName: 'Olga', familyName: 'van der Berg' });
  });
  afterAll(() => t.close());

  it('Required Test: Test Users endpoint (GET /Users?count=1&startIndex=1)', async () => {
    const { status, body, headers } = await okta('GET', '/Users?count=1&startIndex=1');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(body.schemas).toContain(LIST_SCHEMA);
    expect(body.Resources).toHaveLength(1);
    for (const key of ['itemsPerPage', 'startIndex', 'totalResults']) expect(Number.isInteger(body[key]), key).toBe(true);
    expect(body.totalResults).toBe(before.size);
    expectOktaUser(body.Resources[0], 'first user');
  });

  it('…and its checks hold for every user the organization had, page by page and by id', async () => {
    const seen: Resource[] = [];
    for (let start = 1; start <= before.size; start += 2) {
      const { body } = await okta('GET', `/Users?count=2&startIndex=${start}`);
      seen.push(...body.Resources);
    }
    expect(seen.map((u) => u.userName.toLowerCase()).sort()).toEqual([...before.keys()].map((e) => e.toLowerCase()).sort());
    for (const user of seen) {
      expectOktaUser(user, user.userName);
      expect(user.name, user.userName).toMatchObject(before.get(user.userName) as object);
      expect(user.emails[0], user.userName).toMatchObject({ value: user.userName, type: 'work', primary: true });
      expect(user.active, user.userName).toBe(true);
      // Required Test: Get Users/{{id}}
      const one = await okta('GET', `/Users/${user.id}`);
      expect(one.status).toBe(200);
      expectOktaUser(one.body, user.userName);
      expect(one.body.id).toBe(user.id);
      expect(one.body.name).toEqual(user.name);
    }
  });

  it('Required Test: Test invalid User by username, and by ID', async () => {
    const byName = await okta('GET', `/Users?${filter('userName eq "abcdefgh@example.com"')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.schemas).toContain(LIST_SCHEMA);
    expect(byName.body.totalResults).toBe(0);
    const byId = await okta('GET', '/Users/010101001010101011001010101011');
    expect(byId.status).toBe(404);
    expect(byId.body.schemas).toContain(ERROR_SCHEMA);
    expect(byId.body.detail).toBeTruthy();
    expect(byId.body.status).toBe('404');
  });

  let idUserOne = '';
  /** The user the plan creates, and then creates again. */
  const randomUser = {
    schemas: [USER_SCHEMA],
    userName: randomUserName,
    name: { givenName: randomGivenName, familyName: randomFamilyName },
    emails: [{ primary: true, value: randomUserName, type: 'work' }],
    displayName: `${randomGivenName} ${randomFamilyName}`,
    active: true,
  };
  it("Required Test: Make sure random user doesn't exist, then Create Okta user with realistic values", async () => {
    const absent = await okta('GET', `/Users?${filter(`userName eq "${randomUserName}"`)}`);
    expect(absent.body.totalResults).toBe(0);
    const { status, body } = await okta('POST', '/Users', randomUser);
    expect(status).toBe(201);
    expect(body.active).toBe(true);
    expect(body.schemas).toContain(USER_SCHEMA);
    expect(body.userName).toBe(randomUserName);
    expect(body.name).toMatchObject({ givenName: randomGivenName, familyName: randomFamilyName });
    expect(body.emails[0].value).toBe(randomUserName);
    idUserOne = body.id;
  });

  it('Required Test: Verify that user was created; Expect failure when recreating user with same values', async () => {
    const { body } = await okta('GET', `/Users/${idUserOne}`);
    expect(body.userName).toBe(randomUserName);
    expect(body.name).toMatchObject({ givenName: randomGivenName, familyName: randomFamilyName });
    const again = await okta('POST', '/Users', randomUser);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness' });
  });

  it('Required Test: Username Case Sensitivity Check', async () => {
    const { status, body } = await okta('GET', `/Users?${filter(`userName eq "${randomUserName.toUpperCase()}"`)}`);
    expect(status).toBe(200);
    expect(body.totalResults).toBe(1);
    expect(body.Resources[0].id).toBe(idUserOne);
  });

  it('Optional Test: Verify Groups endpoint; Required Test: Check status 401', async () => {
    const groups = await okta('GET', '/Groups');
    expect(groups.status).toBe(200);
    expect(Number.isInteger(groups.body.totalResults)).toBe(true);
    expect(Array.isArray(groups.body.Resources)).toBe(true);
    const anonymous = await t.app.inject({ method: 'GET', url: `${SCIM}/Users`, headers: { accept: 'application/scim+json' } });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('users Okta provisions with its default attribute set and the enterprise extension', () => {
    const managerLogin = `manager.${stamp}@atko.example`;
    const reportLogin = `report.${stamp}@atko.example`;
    const secondEmail = `report.${stamp}@home.example`;
    let managerId = '';
    let reportId = '';

    /** A user as Okta's SCIM 2.0 app sends one when every default mapping has a value. */
    const oktaUser = (userName: string, given: string, family: string, enterprise: Record<string, unknown>, extra = {}) => ({
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
      userName,
      name: { givenName: given, familyName: family, middleName: 'Q', honorificPrefix: 'Dr.', honorificSuffix: 'III' },
      emails: [
        { primary: true, value: userName, type: 'work' },
        { value: secondEmail, type: 'home' },
      ],
      displayName: `${given} ${family}`,
      nickName: given.toLowerCase(),
      profileUrl: `https://directory.atko.example/${given.toLowerCase()}`,
      title: 'Line Lead',
      userType: 'Employee',
      preferredLanguage: 'en-US',
      locale: 'en-US',
      timezone: 'America/Chicago',
      phoneNumbers: [
        { primary: true, value: '+1 312 555 0100', type: 'work' },
        { value: '+1 312 555 0199', type: 'mobile' },
      ],
      addresses: [
        {
          primary: true,
          type: 'work',
          streetAddress: '100 Plant Road',
          locality: 'Chicago',
          region: 'IL',
          postalCode: '60601',
          country: 'US',
        },
      ],
      externalId: `00u${given.toLowerCase()}${stamp}`,
      groups: [],
      password: 'Not-Kept-1!',
      active: true,
      [ENTERPRISE_SCHEMA]: enterprise,
      ...extra,
    });

    it('POST /Users: the manager first, then a report naming them by Okta login (managerId)', async () => {
      const manager = await okta(
        'POST',
        '/Users',
        oktaUser(managerLogin, 'Mona', 'Manager', {
          employeeNumber: `M-${stamp}`,
          costCenter: 'CC-100',
          organization: 'Acme Manufacturing',
          division: 'Operations',
          department: 'Assembly',
        }),
      );
      expect(manager.status).toBe(201);
      managerId = manager.body.id;

      const sent = oktaUser(reportLogin, 'Rita', 'Report', {
        employeeNumber: `R-${stamp}`,
        costCenter: 'CC-200',
        organization: 'Acme Manufacturing',
        division: 'Operations',
        department: 'Welding',
        manager: { value: managerLogin, displayName: 'Mona Manager' },
      });
      const { status, body } = await okta('POST', '/Users', sent);
      expect(status).toBe(201);
      reportId = body.id;
      const { password: _password, groups: _groups, schemas: _schemas, [ENTERPRISE_SCHEMA]: _enterprise, ...core } = sent;
      expect(body).toMatchObject({ ...core, name: { ...sent.name, formatted: 'Rita Report' }, active: true });
      expect(body).not.toHaveProperty('password');
      expect(body.emails).toEqual(sent.emails);
      expect(body.phoneNumbers).toEqual(sent.phoneNumbers);
      expect(body.addresses).toEqual(sent.addresses);
      expect(body.schemas).toEqual([USER_SCHEMA, ENTERPRISE_SCHEMA]);
      expect(body[ENTERPRISE_SCHEMA]).toEqual({
        employeeNumber: `R-${stamp}`,
        costCenter: 'CC-200',
        organization: 'Acme Manufacturing',
        division: 'Operations',
        department: 'Welding',
        manager: {
          value: managerLogin,
          $ref: expect.stringMatching(new RegExp(`/scim/v2/Users/${managerId}$`)),
          displayName: 'Mona Manager',
        },
      });
      expect((await okta('GET', `/Users/${reportId}`)).body).toEqual(body);
    });

    it('GET /Users?filter=userName eq: finds each, and every attribute Okta filters on finds the report', async () => {
      for (const [f, id] of [
        [`userName eq "${managerLogin}"`, () => managerId],
        [`userName eq "${reportLogin.toUpperCase()}"`, () => reportId],
        [`emails[type eq "work"].value eq "${reportLogin}"`, () => reportId],
        [`externalId eq "00urita${stamp}"`, () => reportId],
        [`name.givenName eq "Rita" and name.familyName eq "Report"`, () => reportId],
        [`title eq "Line Lead" and department eq "Welding"`, () => reportId],
        [`${ENTERPRISE_SCHEMA}:employeeNumber eq "R-${stamp}"`, () => reportId],
        [`${ENTERPRISE_SCHEMA}:manager.value eq "${managerId}"`, () => reportId],
      ] as const) {
        const { status, body } = await okta('GET', `/Users?${filter(f)}`);
        expect(status, f).toBe(200);
        expect(
          body.Resources.map((r: Resource) => r.id),
          f,
        ).toEqual([id()]);
      }
    });

    it('PUT /Users/{id}: Okta sends the whole user with the changed profile; every change is kept', async () => {
      const current = (await okta('GET', `/Users/${reportId}`)).body;
      const sent = {
        ...current,
        name: { givenName: 'Rita', familyName: 'Rivera', middleName: 'Q', honorificPrefix: 'Dr.', honorificSuffix: 'III' },
        displayName: 'Rita Rivera',
        title: 'Shift Supervisor',
        phoneNumbers: [{ primary: true, value: '+1 312 555 0111', type: 'work' }],
        emails: [{ primary: true, value: reportLogin, type: 'work' }],
        addresses: [
          {
            type: 'work',
            primary: true,
            streetAddress: '200 Plant Road',
            locality: 'Gary',
            region: 'IN',
            postalCode: '46401',
            country: 'US',
          },
        ],
        locale: 'es-US',
        [ENTERPRISE_SCHEMA]: { employeeNumber: `R-${stamp}`, department: 'Paint', costCenter: 'CC-300', manager: { value: managerId } },
        password: 'Not-Kept-2!',
      };
      const { status, body } = await okta('PUT', `/Users/${reportId}`, sent);
      expect(status).toBe(200);
      expect(body.name).toEqual({ ...sent.name, formatted: 'Rita Rivera' });
      expect(body).toMatchObject({ displayName: 'Rita Rivera', title: 'Shift Supervisor', locale: 'es-US' });
      expect(body.phoneNumbers).toEqual(sent.phoneNumbers);
      expect(body.emails).toEqual(sent.emails);
      expect(body.addresses).toEqual(sent.addresses);
      // What the PUT left out is gone (a PUT replaces the user).
      expect(body[ENTERPRISE_SCHEMA]).toEqual({
        employeeNumber: `R-${stamp}`,
        department: 'Paint',
        costCenter: 'CC-300',
        manager: { value: managerId, $ref: expect.stringContaining(managerId), displayName: 'Mona Manager' },
      });
      expect((await okta('GET', `/Users/${reportId}`)).body).toEqual(body);
      expect((await okta('GET', `/Users?${filter('name.familyName eq "Rivera" and department eq "Paint"')}`)).body.Resources).toHaveLength(
        1,
      );
      expect((await okta('GET', `/Users?${filter('department eq "Welding"')}`)).body.totalResults).toBe(0);
    });

    it('PATCH /Users/{id} replace without a path: the profile attributes given change, the others stay', async () => {
      const { status, body } = await okta('PATCH', `/Users/${reportId}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [
          {
            op: 'replace',
            value: {
              name: { familyName: 'Reyes' },
              displayName: 'Rita Reyes',
              title: 'Plant Manager',
              [ENTERPRISE_SCHEMA]: { department: 'Quality', division: 'Plants' },
            },
          },
        ],
      });
      expect(status).toBe(200);
      expect(body.name).toMatchObject({ givenName: 'Rita', familyName: 'Reyes', middleName: 'Q' });
      expect(body).toMatchObject({ displayName: 'Rita Reyes', title: 'Plant Manager', locale: 'es-US' });
      expect(body[ENTERPRISE_SCHEMA]).toMatchObject({
        employeeNumber: `R-${stamp}`,
        department: 'Quality',
        division: 'Plants',
        costCenter: 'CC-300',
      });
      expect(body[ENTERPRISE_SCHEMA].manager.value).toBe(managerId);
      expect((await okta('GET', `/Users/${reportId}`)).body).toEqual(body);
      expect((await okta('GET', `/Users?${filter('division eq "plants" and title eq "Plant Manager"')}`)).body.Resources[0].id).toBe(
        reportId,
      );
    });

    it('deactivation (PATCH replace active false), seen by filter; reactivation (PATCH active true)', async () => {
      const off = await okta('PATCH', `/Users/${reportId}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      expect(off.status).toBe(200);
      expect(off.body.active).toBe(false);
      expect(off.body.title).toBe('Plant Manager');
      const inactive = (await okta('GET', `/Users?${filter('active eq false')}`)).body.Resources.map((r: Resource) => r.id);
      expect(inactive).toEqual([reportId]);
      const on = await okta('PATCH', `/Users/${reportId}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', value: { active: true } }],
      });
      expect(on.body.active).toBe(true);
      expect((await okta('GET', `/Users?${filter('active eq false')}`)).body.totalResults).toBe(0);
    });

    it('the organization’s earlier people still pass "Test Users endpoint" beside the provisioned ones', async () => {
      const { body } = await okta('GET', '/Users?startIndex=1&count=100');
      expect(body.totalResults).toBe(before.size + 3);
      for (const user of body.Resources) expectOktaUser(user, user.userName);
    });
  });
});
