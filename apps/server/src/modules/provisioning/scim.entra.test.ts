/**
 * Microsoft Entra ID's SCIM validator scenarios, request by request as Entra's
 * provisioning service sends them: the enterprise extension, look-ups by userName and by
 * externalId, PATCH with capitalised operations ("Replace", "Add", "Remove") and booleans
 * as strings ("False"), path-less values keyed by attribute paths, DELETE, and groups read
 * with excludedAttributes=members and changed by PATCH of members. On the test's database kind.
 */
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, scimTestApp, USER_SCHEMA, uniqueEmail } from './scim.fixtures.js';

describe("Microsoft Entra ID's SCIM validator scenarios", () => {
  const { scim } = scimTestApp();
  const userName = uniqueEmail('entra');
  const externalId = 'a1b2c3d4-entra-object-id';
  let userId = '';
  const filter = (f: string) => `?filter=${encodeURIComponent(f)}`;

  it('creates a user with the enterprise extension', async () => {
    const { status, body } = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
      externalId,
      userName,
      active: true,
      displayName: 'Entra Validator',
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Entra Validator', familyName: 'Validator', givenName: 'Entra' },
      roles: [],
      [ENTERPRISE_SCHEMA]: { employeeNumber: 'E-1001', department: 'Assembly', manager: { value: '' } },
    });
    expect(status).toBe(201);
    expect(body.schemas).toEqual([USER_SCHEMA, ENTERPRISE_SCHEMA]);
    expect(body[ENTERPRISE_SCHEMA]).toEqual({ employeeNumber: 'E-1001', department: 'Assembly' });
    userId = body.id;
  });

  it('finds the user by userName, by externalId and by the work e-mail; a stranger by none', async () => {
    for (const f of [
      `userName eq "${userName}"`,
      `externalId eq "${externalId}"`,
      `emails[type eq "work"].value eq "${userName}"`,
      `userName eq "${userName}" and active eq true`,
    ]) {
      const { status, body } = await scim('GET', `/Users${filter(f)}`);
      expect(status, f).toBe(200);
      expect(
        body.Resources.map((r: { id: string }) => r.id),
        f,
      ).toEqual([userId]);
    }
    expect((await scim('GET', `/Users${filter('userName eq "nobody@scim.example"')}`)).body.totalResults).toBe(0);
    expect((await scim('GET', `/Users${filter(`externalId eq "${externalId.toUpperCase()}"`)}`)).body.totalResults).toBe(0);
  });

  it('refuses a filter on an attribute it does not keep, and one it cannot read, with invalidFilter', async () => {
    for (const f of ['nickName eq "Boss"', 'userName eq']) {
      const { status, body } = await scim('GET', `/Users${filter(f)}`);
      expect(status, f).toBe(400);
      expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'invalidFilter' });
    }
  });

  it('PATCH with capitalised operations and paths: displayName, name, employeeNumber, externalId', async () => {
    const { status, body } = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Entra Renamed' },
        { op: 'Replace', path: 'name.givenName', value: 'Renamed' },
        { op: 'Replace', path: `${ENTERPRISE_SCHEMA}:employeeNumber`, value: 'E-2002' },
        { op: 'Add', path: 'externalId', value: 'new-object-id' },
      ],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      displayName: 'Entra Renamed',
      name: { givenName: 'Renamed', familyName: 'Validator' },
      externalId: 'new-object-id',
    });
    expect(body[ENTERPRISE_SCHEMA]).toEqual({ employeeNumber: 'E-2002', department: 'Assembly' });
  });

  it('PATCH without a path, keyed by attribute paths, with a string boolean', async () => {
    const { status, body } = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', value: { displayName: 'Entra Pathless', 'name.familyName': 'Pathless', active: 'True' } }],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ displayName: 'Entra Pathless', name: { familyName: 'Pathless' }, active: true });
  });

  it('PATCH Remove of an attribute', async () => {
    const { body } = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: 'name.familyName' }],
    });
    expect(body.name.familyName).toBeUndefined();
    expect(body.name.givenName).toBe('Renamed');
  });

  it('PATCH active "False" deactivates; "True" reactivates', async () => {
    const off = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.body.active).toBe(false);
    const on = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.body.active).toBe(true);
  });

  it('refuses a bad value, a taken userName and a stale If-Match, changing nothing', async () => {
    const before = (await scim('GET', `/Users/${userId}`)).body;
    const bad = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }],
    });
    expect(bad).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    const notEmail = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'not-an-email' });
    expect(notEmail).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    const other = (await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: uniqueEmail('other'), active: true })).body;
    const taken = await scim('PATCH', `/Users/${other.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'userName', value: userName }],
    });
    expect(taken).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    const stale = await scim('PUT', `/Users/${userId}`, { ...before, displayName: 'Too late' }, { 'if-match': 'W/"stale"' });
    expect(stale.status).toBe(412);
    const matching = await scim('PUT', `/Users/${userId}`, { ...before, displayName: 'In time' }, { 'if-match': before.meta.version });
    expect(matching.body.displayName).toBe('In time');
    const unparsable = await scim('POST', '/Users', '{"userName": ');
    expect(unparsable).toMatchObject({ status: 400, body: { schemas: [ERROR_SCHEMA], scimType: 'invalidSyntax' } });
  });

  it('groups: create, filter by displayName without members, add and remove members, delete', async () => {
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      externalId: 'entra-group-1',
      displayName: 'Entra Group',
      members: [],
    });
    expect(created.status).toBe(201);
    const groupId = created.body.id;
    const found = await scim('GET', `/Groups?excludedAttributes=members${filter('displayName eq "Entra Group"').replace('?', '&')}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]).not.toHaveProperty('members');
    expect(found.body.Resources[0]).toMatchObject({ id: groupId, externalId: 'entra-group-1' });

    const added = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: userId }] }],
    });
    expect(added.status).toBe(200);
    expect(added.body.members.map((m: { value: string }) => m.value)).toEqual([userId]);
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: userId }] }],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.members ?? []).toEqual([]);
    expect((await scim('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`)).status).toBe(404);
  });

  it('DELETE: 204, then 404; the same userName provisioned again takes the user back', async () => {
    expect((await scim('DELETE', `/Users/${userId}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${userId}`)).status).toBe(404);
    expect((await scim('GET', `/Users${filter(`userName eq "${userName}"`)}`)).body.totalResults).toBe(0);
    const back = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName, displayName: 'Entra Back', active: true });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: userId, displayName: 'Entra Back', active: true });
  });
});
