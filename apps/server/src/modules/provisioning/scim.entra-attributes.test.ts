/**
 * Microsoft Entra ID's SCIM validator, attribute by attribute, for Entra's default
 * attribute mappings of a user: userName (a user principal name, e-mail-like or not),
 * active, displayName, title, the work e-mail, preferredLanguage, the name's parts, the
 * work address, work and mobile phone, externalId and the enterprise extension
 * (employeeNumber, department, costCenter, division, organization, manager). Each is
 * round-tripped: what POST, PUT, PATCH with a path ("Add" and "Replace"), PATCH without a
 * path (keyed by attribute paths) send comes back on GET, and a filter on it finds the
 * user. The manager is sent as Entra sends it, `{"value": id}` and the bare id. On the
 * test's database kind.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, scimTestApp, USER_SCHEMA } from './scim.fixtures.js';

const E = ENTERPRISE_SCHEMA;

/** The values of Entra's default mappings for one user. */
interface Values {
  userName: string;
  active: boolean;
  displayName: string;
  title: string;
  workEmail: string;
  preferredLanguage: string;
  givenName: string;
  familyName: string;
  formatted: string;
  addressFormatted: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  workPhone: string;
  mobilePhone: string;
  externalId: string;
  employeeNumber: string;
  department: string;
  costCenter: string;
  division: string;
  organization: string;
  /** The manager's SCIM id. */
  manager: string;
}

type Resource = Record<string, unknown> & { id: string };
type Entry = { type?: string; value?: string; [key: string]: unknown };
const typed = (list: unknown, type: string) => ((list as Entry[] | undefined) ?? []).find((e) => e.type === type);
const enterprise = (r: Resource) => (r[E] ?? {}) as Record<string, unknown> & { manager?: { value?: string; displayName?: string } };

/** Each mapping: its path in Entra's PATCH, where a GET shows it, and the filter that finds it (when the service filters on it). */
const mappings: { key: keyof Values; path: string; read: (r: Resource) => unknown; filter?: string }[] = [
  { key: 'userName', path: 'userName', read: (r) => r.userName, filter: 'userName' },
  { key: 'active', path: 'active', read: (r) => r.active },
  { key: 'displayName', path: 'displayName', read: (r) => r.displayName, filter: 'displayName' },
  { key: 'title', path: 'title', read: (r) => r.title, filter: 'title' },
  {
    key: 'workEmail',
    path: 'emails[type eq "work"].value',
    read: (r) => typed(r.emails, 'work')?.value,
    filter: 'emails[type eq "work"].value',
  },
  { key: 'preferredLanguage', path: 'preferredLanguage', read: (r) => r.preferredLanguage },
  { key: 'givenName', path: 'name.givenName', read: (r) => (r.name as Entry).givenName, filter: 'name.givenName' },
  { key: 'familyName', path: 'name.familyName', read: (r) => (r.name as Entry).familyName, filter: 'name.familyName' },
  { key: 'formatted', path: 'name.formatted', read: (r) => (r.name as Entry).formatted, filter: 'name.formatted' },
  { key: 'addressFormatted', path: 'addresses[type eq "work"].formatted', read: (r) => typed(r.addresses, 'work')?.formatted },
  { key: 'streetAddress', path: 'addresses[type eq "work"].streetAddress', read: (r) => typed(r.addresses, 'work')?.streetAddress },
  { key: 'locality', path: 'addresses[type eq "work"].locality', read: (r) => typed(r.addresses, 'work')?.locality },
  { key: 'region', path: 'addresses[type eq "work"].region', read: (r) => typed(r.addresses, 'work')?.region },
  { key: 'postalCode', path: 'addresses[type eq "work"].postalCode', read: (r) => typed(r.addresses, 'work')?.postalCode },
  { key: 'country', path: 'addresses[type eq "work"].country', read: (r) => typed(r.addresses, 'work')?.country },
  {
    key: 'workPhone',
    path: 'phoneNumbers[type eq "work"].value',
    read: (r) => typed(r.phoneNumbers, 'work')?.value,
    filter: 'phoneNumbers[type eq "work"].value',
  },
  { key: 'mobilePhone', path: 'phoneNumbers[type eq "mobile"].value', read: (r) => typed(r.phoneNumbers, 'mobile')?.value },
  { key: 'externalId', path: 'externalId', read: (r) => r.externalId, filter: 'externalId' },
  { key: 'employeeNumber', path: `${E}:employeeNumber`, read: (r) => enterprise(r).employeeNumber, filter: `${E}:employeeNumber` },
  { key: 'department', path: `${E}:department`, read: (r) => enterprise(r).department, filter: `${E}:department` },
  { key: 'costCenter', path: `${E}:costCenter`, read: (r) => enterprise(r).costCenter, filter: `${E}:costCenter` },
  { key: 'division', path: `${E}:division`, read: (r) => enterprise(r).division, filter: `${E}:division` },
  { key: 'organization', path: `${E}:organization`, read: (r) => enterprise(r).organization, filter: `${E}:organization` },
  { key: 'manager', path: `${E}:manager`, read: (r) => enterprise(r).manager?.value, filter: `${E}:manager.value` },
];

/** A user as Entra's provisioning service creates one with every default mapping set. */
function entraUser(v: Values) {
  return {
    schemas: [USER_SCHEMA, E],
    externalId: v.externalId,
    userName: v.userName,
    active: v.active,
    displayName: v.displayName,
    title: v.title,
    emails: [{ primary: true, type: 'work', value: v.workEmail }],
    preferredLanguage: v.preferredLanguage,
    name: { formatted: v.formatted, familyName: v.familyName, givenName: v.givenName },
    addresses: [
      {
        type: 'work',
        formatted: v.addressFormatted,
        streetAddress: v.streetAddress,
        locality: v.locality,
        region: v.region,
        postalCode: v.postalCode,
        country: v.country,
        primary: false,
      },
    ],
    phoneNumbers: [
      { type: 'work', value: v.workPhone, primary: true },
      { type: 'mobile', value: v.mobilePhone, primary: false },
    ],
    [E]: {
      employeeNumber: v.employeeNumber,
      department: v.department,
      costCenter: v.costCenter,
      division: v.division,
      organization: v.organization,
      manager: { value: v.manager },
    },
    meta: { resourceType: 'User' },
  };
}

describe("Microsoft Entra ID's SCIM validator: every default attribute mapping round-tripped", () => {
  const app = scimTestApp();
  const { scim } = app;
  const stamp = Math.random().toString(36).slice(2, 8);
  const managers: { id: string; externalId: string; displayName: string }[] = [];
  const filter = (f: string) => `/Users?filter=${encodeURIComponent(f)}`;

  /** Values for a user; `n` makes each set different from the last in every attribute. */
  function values(n: number, userName: string, manager: number): Values {
    return {
      userName,
      active: true,
      displayName: `Dana Díaz ${n}`,
      title: `Welder ${n}`,
      workEmail: `dana.diaz.${n}.${stamp}@contoso.example`,
      preferredLanguage: ['en-US', 'es-MX', 'fr-CA', 'pt-BR'][n % 4],
      givenName: `Dana${n}`,
      familyName: `Díaz${n}`,
      formatted: `Ms. Dana${n} Díaz${n}`,
      addressFormatted: `${n} Harbor Way, Seattle, WA 9810${n}, US`,
      streetAddress: `${n} Harbor Way`,
      locality: `Seattle ${n}`,
      region: `WA ${n}`,
      postalCode: `9810${n}`,
      country: ['US', 'MX', 'CA', 'BR'][n % 4],
      workPhone: `+1 206 555 01${n}0`,
      mobilePhone: `+1 206 555 01${n}9`,
      externalId: `entra-object-${n}-${stamp}`,
      employeeNumber: `EMP-${n}-${stamp}`,
      department: `Fabrication ${n}`,
      costCenter: `CC-${n}`,
      division: `Marine ${n}`,
      organization: `Contoso ${n}`,
      manager: managers[manager].id,
    };
  }

  /** Every mapping of `v` is what the resource shows; the manager with their name and $ref. */
  function expectValues(resource: Resource, v: Values) {
    for (const m of mappings) expect(m.read(resource), m.path).toEqual(v[m.key]);
    const manager = managers.find((x) => x.id === v.manager);
    expect(enterprise(resource).manager).toEqual({
      value: v.manager,
      $ref: expect.stringMatching(new RegExp(`/scim/v2/Users/${v.manager}$`)),
      displayName: manager?.displayName,
    });
    expect(resource.schemas).toEqual([USER_SCHEMA, E]);
  }

  /** GET shows `v`, and each filter on a mapping finds the user alone; the values it replaced find no one. */
  async function expectRoundTrip(id: string, v: Values, replaced?: Values) {
    const { status, body } = await scim('GET', `/Users/${id}`);
    expect(status).toBe(200);
    expectValues(body, v);
    for (const m of mappings.filter((x) => x.filter)) {
      const found = await scim('GET', filter(`${m.filter} eq "${v[m.key]}"`));
      expect(found.status, m.filter).toBe(200);
      const ids = found.body.Resources.map((r: Resource) => r.id);
      // A manager has other reports; every other value is this user's alone.
      if (m.key === 'manager') expect(ids, `${m.filter} eq "${v[m.key]}"`).toContain(id);
      else expect(ids, `${m.filter} eq "${v[m.key]}"`).toEqual([id]);
      if (replaced && replaced[m.key] !== v[m.key] && m.key !== 'manager') {
        const gone = await scim('GET', filter(`${m.filter} eq "${replaced[m.key]}"`));
        expect(gone.body.totalResults, `${m.filter} eq "${replaced[m.key]}" (replaced)`).toBe(0);
      }
    }
    const all = await scim('GET', filter(`userName eq "${v.userName}" and active eq true and ${E}:department eq "${v.department}"`));
    expect(all.body.Resources.map((r: Resource) => r.id)).toEqual([id]);
    return body;
  }

  /** Where the user signs in, and the work e-mail kept apart from it. */
  async function addresses(id: string) {
    const [row] = await app.t.database.db.select({ email: users.email, workEmail: users.workEmail }).from(users).where(eq(users.id, id));
    return row;
  }

  beforeAll(async () => {
    for (const name of ['Morgan Manager', 'Noor Newlead']) {
      const externalId = `entra-manager-${managers.length}-${stamp}`;
      const userName = `${name.split(' ')[0].toLowerCase()}.${stamp}@contoso.example`;
      const { status, body } = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName,
        externalId,
        displayName: name,
        emails: [{ type: 'work', value: userName, primary: true }],
        active: true,
      });
      expect(status).toBe(201);
      managers.push({ id: body.id, externalId, displayName: name });
    }
  });

  for (const upn of ['e-mail-like', 'not an e-mail address'] as const) {
    describe(`userName as a user principal name that is ${upn}`, () => {
      const login = (n: number) => (upn === 'e-mail-like' ? `dana.${n}.${stamp}@contoso.onmicrosoft.example` : `CONTOSO-dana${n}-${stamp}`);
      // Each user's values apart from the other's (employee numbers are unique in the organization).
      const at = upn === 'e-mail-like' ? 0 : 10;
      let id = '';
      let current: Values;

      it('POST /Users with every mapping: all of it comes back, and each filter finds it', async () => {
        current = values(at + 1, login(1), 0);
        const { status, body } = await scim('POST', '/Users', entraUser(current));
        expect(status).toBe(201);
        id = body.id;
        expectValues(body, current);
        await expectRoundTrip(id, current);
        // The sign-in address: userName when it is an address, else the work e-mail.
        expect(await addresses(id)).toEqual(
          upn === 'e-mail-like' ? { email: current.userName, workEmail: current.workEmail } : { email: current.workEmail, workEmail: null },
        );
        expect((await scim('GET', filter('userName eq "nobody@contoso.example"'))).body.totalResults).toBe(0);
      });

      it('PUT /Users/{id} with every mapping changed', async () => {
        const next = values(at + 2, login(2), 1);
        const { status, body } = await scim('PUT', `/Users/${id}`, entraUser(next));
        expect(status).toBe(200);
        expectValues(body, next);
        await expectRoundTrip(id, next, current);
        current = next;
      });

      it('PATCH with a path, "Replace" of every mapping in one request (the manager as {"value": id})', async () => {
        const next = values(at + 3, login(3), 0);
        const { status, body } = await scim('PATCH', `/Users/${id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: mappings.map((m) => ({
            op: 'Replace',
            path: m.path,
            value: m.key === 'manager' ? { value: next.manager } : m.key === 'active' ? 'True' : next[m.key],
          })),
        });
        expect(status).toBe(200);
        expectValues(body, next);
        await expectRoundTrip(id, next, current);
        current = next;
      });

      it('PATCH without a path, keyed by attribute paths (the manager as the bare id)', async () => {
        const next = values(at + 4, login(4), 1);
        const { status, body } = await scim('PATCH', `/Users/${id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'Replace', value: Object.fromEntries(mappings.map((m) => [m.path, next[m.key]])) }],
        });
        expect(status).toBe(200);
        expectValues(body, next);
        await expectRoundTrip(id, next, current);
        current = next;
      });

      it('PATCH of emails[type eq "work"].value alone: the new work e-mail is shown and found, the old one finds no one', async () => {
        const next = { ...current, workEmail: `dana.moved.${stamp}.${upn.length}@contoso.example` };
        const { status, body } = await scim('PATCH', `/Users/${id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: next.workEmail }],
        });
        expect(status).toBe(200);
        expect(body.emails).toEqual([{ type: 'work', value: next.workEmail, primary: true }]);
        await expectRoundTrip(id, next, current);
        // A work e-mail beside an address userName is kept apart; without one, it is the sign-in address.
        expect(await addresses(id)).toEqual(
          upn === 'e-mail-like' ? { email: next.userName, workEmail: next.workEmail } : { email: next.workEmail, workEmail: null },
        );
        current = next;
      });

      it('PATCH "Replace" active "False" deactivates and the filter sees it; "True" reactivates', async () => {
        const off = await scim('PATCH', `/Users/${id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        });
        expect(off.body.active).toBe(false);
        expectValues(off.body, { ...current, active: false });
        const inactive = await scim('GET', filter(`active eq false and userName eq "${current.userName}"`));
        expect(inactive.body.Resources.map((r: Resource) => r.id)).toEqual([id]);
        const on = await scim('PATCH', `/Users/${id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
        });
        expect(on.body.active).toBe(true);
        await expectRoundTrip(id, current);
      });
    });
  }

  describe('a user created with the least Entra sends, then "Add" of each mapping with a path', () => {
    let id = '';
    it('every attribute added comes back and is found', async () => {
      const v = values(5, `lee.${stamp}@contoso.onmicrosoft.example`, 1);
      const created = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA, E],
        userName: v.userName,
        active: true,
        displayName: 'Lee',
        emails: [{ primary: true, type: 'work', value: v.userName }],
        externalId: 'first-object-id',
      });
      expect(created.status).toBe(201);
      id = created.body.id;
      expect(created.body).not.toHaveProperty('addresses');
      expect(created.body).not.toHaveProperty('phoneNumbers');
      expect(created.body.schemas).toEqual([USER_SCHEMA]);
      const { status, body } = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: mappings
          .filter((m) => m.key !== 'userName' && m.key !== 'active')
          .map((m) => ({ op: 'Add', path: m.path, value: m.key === 'manager' ? v.manager : v[m.key] })),
      });
      expect(status).toBe(200);
      expectValues(body, v);
      await expectRoundTrip(id, v);
    });

    it('"Remove" of title, an enterprise attribute and the manager: gone from GET and from filters', async () => {
      const { status, body } = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: 'Remove', path: 'title' },
          { op: 'Remove', path: `${E}:costCenter` },
          { op: 'Remove', path: `${E}:manager` },
        ],
      });
      expect(status).toBe(200);
      expect(body).not.toHaveProperty('title');
      expect(enterprise(body)).not.toHaveProperty('costCenter');
      expect(enterprise(body)).not.toHaveProperty('manager');
      expect((await scim('GET', `/Users/${id}`)).body).toEqual(body);
      const reports = await scim('GET', filter(`${E}:manager.value eq "${managers[1].id}"`));
      expect(reports.body.Resources.map((r: Resource) => r.id)).not.toContain(id);
      expect((await scim('GET', filter('title eq "Welder 5"'))).body.totalResults).toBe(0);
    });
  });

  describe('the manager', () => {
    let id = '';
    const reportUserName = `report.${stamp}@contoso.example`;
    const manager = () => managers[0];

    it('named in a POST by the provider’s own reference (externalId): resolved, shown with name and $ref', async () => {
      const { status, body } = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA, E],
        userName: reportUserName,
        active: true,
        displayName: 'Riley Report',
        [E]: { manager: { value: manager().externalId } },
      });
      expect(status).toBe(201);
      id = body.id;
      expect(enterprise(body).manager).toEqual({
        value: manager().externalId,
        $ref: expect.stringMatching(new RegExp(`/Users/${manager().id}$`)),
        displayName: manager().displayName,
      });
      const reports = await scim('GET', filter(`${E}:manager.value eq "${manager().id}"`));
      expect(reports.body.Resources.map((r: Resource) => r.id)).toContain(id);
    });

    for (const [form, value] of [
      ['{"value": id} with a path', (m: string) => ({ op: 'Add', path: `${E}:manager`, value: { value: m } })],
      ['the bare id with a path', (m: string) => ({ op: 'Replace', path: `${E}:manager`, value: m })],
      ['the bare id without a path', (m: string) => ({ op: 'Replace', value: { [`${E}:manager`]: m } })],
      ['the bare id inside the extension, without a path', (m: string) => ({ op: 'Add', value: { [E]: { manager: m } } })],
      ['manager.value with a path', (m: string) => ({ op: 'Replace', path: `${E}:manager.value`, value: m })],
    ] as const)
      it(`PATCH of the manager as ${form}`, async () => {
        for (const m of [managers[1], managers[0]]) {
          const { status, body } = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations: [value(m.id)] });
          expect(status, form).toBe(200);
          expect(enterprise(body).manager, form).toEqual({
            value: m.id,
            $ref: expect.stringMatching(new RegExp(`/Users/${m.id}$`)),
            displayName: m.displayName,
          });
          expect((await scim('GET', `/Users/${id}`)).body).toEqual(body);
          const found = await scim('GET', filter(`${E}:manager.value eq "${m.id}"`));
          expect(found.body.Resources.map((r: Resource) => r.id)).toContain(id);
        }
      });

    it('a manager named by a UUID that is not our id but the provider’s (an Entra object id as externalId)', async () => {
      const objectId = randomUUID();
      const lead = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: `lead.${stamp}@contoso.example`,
        externalId: objectId,
        displayName: 'Lena Lead',
      });
      const { body } = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', path: `${E}:manager`, value: objectId }],
      });
      expect(enterprise(body).manager).toEqual({
        value: objectId,
        $ref: expect.stringMatching(new RegExp(`/Users/${lead.body.id}$`)),
        displayName: 'Lena Lead',
      });
    });

    it('a manager the console does not know is kept as sent, without a name', async () => {
      const { body } = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', path: `${E}:manager`, value: 'not-provisioned-yet' }],
      });
      expect(enterprise(body).manager).toEqual({ value: 'not-provisioned-yet' });
    });
  });

  it('PATCH of displayName alone leaves the given and family name the provider sent', async () => {
    const userName = `ann.lee.${stamp}@contoso.example`;
    const created = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName,
      active: true,
      displayName: 'Ann Lee',
      name: { givenName: 'Ann', familyName: 'Lee' },
    });
    const { body } = await scim('PATCH', `/Users/${created.body.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'displayName', value: 'Ann Lee (Night Shift)' }],
    });
    expect(body.displayName).toBe('Ann Lee (Night Shift)');
    expect(body.name).toMatchObject({ givenName: 'Ann', familyName: 'Lee' });
    expect((await scim('GET', `/Users/${created.body.id}`)).body.name).toMatchObject({ givenName: 'Ann', familyName: 'Lee' });
  });

  it('filters on what is kept as sent but not filterable answer invalidFilter, never a wrong list', async () => {
    for (const f of [
      'preferredLanguage eq "en-US"',
      'addresses[type eq "work"].locality eq "Seattle 1"',
      'phoneNumbers[type eq "mobile"].value eq "+1"',
    ]) {
      const { status, body } = await scim('GET', filter(f));
      expect(status, f).toBe(400);
      expect(body.scimType, f).toBe('invalidFilter');
    }
  });
});
