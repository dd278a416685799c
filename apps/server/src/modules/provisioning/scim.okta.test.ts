/**
 * Okta's SCIM 2.0 test plan ("SCIM 2.0 Spec Test", the Runscope suite Okta publishes for
 * app submissions) and Okta's group push, request by request as Okta sends them: a
 * `userName eq` look-up before each create, PUT for profile changes, PATCH for
 * deactivation, groups pushed with PATCH of members. On the test's database kind.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, scimTestApp, USER_SCHEMA, uniqueEmail } from './scim.fixtures.js';

describe("Okta's SCIM 2.0 test plan", () => {
  const { scim } = scimTestApp();
  const userName = uniqueEmail('okta');
  let userId = '';

  it('1. GET /Users?count=1&startIndex=1: a list response with the organization admin', async () => {
    const { status, body, headers } = await scim('GET', '/Users?count=1&startIndex=1');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);
    expect(body.totalResults).toBe(1);
    expect(body.itemsPerPage).toBe(1);
    expect(body.startIndex).toBe(1);
    expect(body.Resources[0].userName).toMatch(/@example\.com$/);
  });

  it('2. GET /Users?filter=userName eq "<random>": nothing yet', async () => {
    const { status, body } = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`);
    expect(status).toBe(200);
    expect(body.totalResults).toBe(0);
    expect(body.Resources).toEqual([]);
  });

  it('3. POST /Users as Okta sends it: 201 with the user', async () => {
    const { status, body, headers } = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName,
      name: { givenName: 'Okta', familyName: 'Tester' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Okta Tester',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      userName,
      active: true,
      externalId: '00ujl29u0le5T6Aj10h7',
      name: { givenName: 'Okta', familyName: 'Tester' },
    });
    expect(body.emails).toEqual([{ value: userName, type: 'work', primary: true }]);
    expect(body.meta.resourceType).toBe('User');
    expect(headers.location).toBe(body.meta.location);
    expect(headers.etag).toBe(body.meta.version);
    userId = body.id;
  });

  it('4. GET /Users/{id}: the user', async () => {
    const { status, body } = await scim('GET', `/Users/${userId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: userId, userName, displayName: 'Okta Tester' });
  });

  it('5. the filter finds the user, whatever the case of userName', async () => {
    for (const name of [userName, userName.toUpperCase()]) {
      const { body } = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${name}"`)}`);
      expect(body.totalResults).toBe(1);
      expect(body.Resources[0].id).toBe(userId);
    }
  });

  it('pages with startIndex and count, and trims answers to attributes or without excludedAttributes', async () => {
    const all = (await scim('GET', '/Users')).body;
    expect(all.totalResults).toBe(2);
    const second = (await scim('GET', '/Users?startIndex=2&count=1')).body;
    expect(second).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(second.Resources[0].id).toBe(all.Resources[1].id);
    expect((await scim('GET', '/Users?count=0')).body).toMatchObject({ totalResults: 2, itemsPerPage: 0, Resources: [] });
    const slim = (await scim('GET', `/Users/${userId}?attributes=userName`)).body;
    expect(Object.keys(slim).sort()).toEqual(['id', 'schemas', 'userName']);
    const without = (await scim('GET', `/Users?excludedAttributes=groups,emails&filter=${encodeURIComponent(`userName eq "${userName}"`)}`))
      .body.Resources[0];
    expect(without).not.toHaveProperty('groups');
    expect(without).not.toHaveProperty('emails');
    expect(without.userName).toBe(userName);
  });

  it('6. POST the same userName again: 409 uniqueness', async () => {
    const { status, body } = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName,
      name: { givenName: 'Again', familyName: 'Tester' },
      active: true,
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness' });
  });

  it('7. PUT /Users/{id} with a new givenName: the change is kept', async () => {
    const current = (await scim('GET', `/Users/${userId}`)).body;
    const { status, body } = await scim('PUT', `/Users/${userId}`, {
      ...current,
      name: { givenName: 'Changed', familyName: 'Tester' },
      displayName: 'Changed Tester',
    });
    expect(status).toBe(200);
    expect(body.name).toMatchObject({ givenName: 'Changed', familyName: 'Tester' });
    expect(body.displayName).toBe('Changed Tester');
    expect(body.meta.version).not.toBe(current.meta.version);
  });

  it('8. PATCH active false (deactivation), then true (reactivation)', async () => {
    const off = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(
      (await scim('GET', `/Users?filter=${encodeURIComponent('active eq false')}`)).body.Resources.map((u: { id: string }) => u.id),
    ).toEqual([userId]);
    const on = await scim('PUT', `/Users/${userId}`, { ...off.body, active: true });
    expect(on.body.active).toBe(true);
  });

  it("9. GET /Users/{a fake id}: 404 in SCIM's error format", async () => {
    for (const id of ['010101', '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await scim('GET', `/Users/${id}`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
    }
  });

  it('group push: create, add a member, rename, remove the member, delete', async () => {
    const created = await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Okta Night Shift', members: [] });
    expect(created.status).toBe(201);
    const groupId = created.body.id;

    const added = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'add', path: 'members', value: [{ value: userId, display: userName }] }],
    });
    expect(added.status).toBe(200);
    expect(added.body.members).toEqual([{ value: userId, display: 'Changed Tester' }]);
    expect((await scim('GET', `/Users/${userId}`)).body.groups).toEqual([{ value: groupId, display: 'Okta Night Shift' }]);

    const renamed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Okta Day Shift' } }],
    });
    expect(renamed.body.displayName).toBe('Okta Day Shift');
    expect(renamed.body.members).toHaveLength(1);

    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }],
    });
    expect(removed.body.members).toEqual([]);

    expect((await scim('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`)).status).toBe(404);
  });
});
