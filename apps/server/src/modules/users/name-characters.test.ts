/**
 * A name cannot disguise itself: no writer stores a person's, a team's or an organization's
 * name holding a control character (NUL, TAB, CR, LF, C1) or a direction-changing one (the
 * marks, embeddings, overrides and isolates, the Arabic letter mark). Each refusal says why
 * and writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { createAccessKey, idTokenFor } from '../../test/sign-in.js';
import { GROUP_SCHEMA, scimClient, USER_SCHEMA } from '../provisioning/scim.fixtures.js';
import { importCsv, importErrors } from '../user-imports/user-imports.fixtures.js';
import { everyWriterApp } from './writers.fixtures.js';

/** Names that would read as others: a right-to-left override, an isolate, marks, controls and line breaks. */
const HOSTILE = [
  'Ann\u202Enimda',
  'Ann \u2067Admin\u2069',
  'Ann\u200F Admin',
  'Ann\u200E Admin',
  'Ann\u061C Admin',
  'Ann\u202A Admin',
  'Ann\tAdmin',
  'Ann\r\nAdmin',
  'Ann\u0000Admin',
  'Ann\u0085Admin',
  'Ann\u001BAdmin',
];

describe('names refuse control and direction-changing characters, on every writer', () => {
  const w = everyWriterApp();

  const count = async (table: typeof schema.users | typeof schema.organizations | typeof schema.teams) =>
    (await w.t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  it('SCIM: a user name of every kind and a group name answer 400 invalidValue', async () => {
    const scim = scimClient(w.t, w.acme.token);
    const [users, teams] = [await count(schema.users), await count(schema.teams)];
    const worker = (await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'worker@acme.example', displayName: 'Wes Worker' }))
      .body;
    for (const name of HOSTILE) {
      for (const body of [
        { displayName: name },
        { name: { givenName: name } },
        { name: { familyName: name } },
        { name: { formatted: name } },
        { name: { middleName: name } },
      ]) {
        const created = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'ann@acme.example', ...body });
        expect(created.status, JSON.stringify(body)).toBe(400);
        expect(created.body).toMatchObject({ scimType: 'invalidValue' });
        // NUL is refused first, as in any value.
        expect(created.body.detail).toMatch(/text-direction mark|NUL/);
        const patched = await scim('PATCH', `/Users/${worker.id}`, {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', value: body }],
        });
        expect(patched.status, JSON.stringify(body)).toBe(400);
      }
      const group = await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: name });
      expect(group.status, JSON.stringify(name)).toBe(400);
    }
    expect([await count(schema.users), await count(schema.teams)]).toEqual([users + 1, teams]);
    expect((await scim('GET', `/Users/${worker.id}`)).body.displayName).toBe('Wes Worker');
  });

  it('the external API: POST /v1/users answers 400 VALIDATION_ERROR on displayName', async () => {
    const key = (await createAccessKey(w.t, w.admin.headers)).accessKey;
    const token = await idTokenFor(w.t, w.acme.admin.email!);
    const before = await count(schema.users);
    for (const displayName of HOSTILE) {
      const response = await w.t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { apikey: key, authorization: `Bearer ${token}` },
        payload: { email: 'ann.api@acme.example', displayName },
      });
      expect(response.statusCode, JSON.stringify(displayName)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(response.json().details)).toContain('displayName');
    }
    expect(await count(schema.users)).toBe(before);
  });

  it('a user import: an error on each such row (name, or firstName and lastName), and no user made', async () => {
    const before = await count(schema.users);
    const named = await importCsv(
      w.t,
      w.admin.headers,
      'email,name\nr1@acme.example,"Ann\u202Enimda"\nr2@acme.example,"Ann\nAdmin"\nr3@acme.example,Ann \u2066Admin\u2069\nr4@acme.example,Ann Admin\n',
    );
    const errors = await importErrors(w.t, w.admin.headers, named.id);
    // Rows are the file's lines: the quoted line break makes row 3 two lines long.
    expect(errors.filter((e) => e.code === 'NAME_CHARACTER').map((e) => e.rows)).toEqual([[2], [3], [5]]);
    expect(errors.filter((e) => e.rows.includes(6))).toEqual([]);
    const split = await importCsv(w.t, w.admin.headers, 'email,firstName,lastName\nr5@acme.example,Ann,"\u200FAdmin"\n');
    expect((await importErrors(w.t, w.admin.headers, split.id)).map((e) => e.code)).toContain('NAME_CHARACTER');
    expect(await w.t.database.db.select().from(schema.users).where(eq(schema.users.email, 'r4@acme.example'))).toEqual([]);
    expect(await count(schema.users)).toBe(before);
  });

  it('the Super area: an organization name, its first admin and a manager', async () => {
    const [orgs, users] = [await count(schema.organizations), await count(schema.users)];
    for (const name of HOSTILE) {
      for (const payload of [
        { name, adminName: 'Ann Admin', email: 'ann.new@new.example', password: 'Str0ng-Pass!', planType: 'Team' },
        { name: 'New Org', adminName: name, email: 'ann.new@new.example', password: 'Str0ng-Pass!', planType: 'Team' },
      ]) {
        const created = await w.t.app.inject({ method: 'POST', url: '/api/organization', headers: w.editor.headers, payload });
        expect(created.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const renamed = await w.t.app.inject({
        method: 'PUT',
        url: `/api/organization/${w.acme.org.id}`,
        headers: w.editor.headers,
        payload: { name },
      });
      expect(renamed.statusCode, JSON.stringify(name)).toBe(400);
      const manager = await w.t.app.inject({
        method: 'POST',
        url: `/api/organization/${w.acme.org.id}/managers`,
        headers: w.editor.headers,
        payload: { displayName: name, email: 'ann.manager@acme.example' },
      });
      expect(manager.statusCode, JSON.stringify(name)).toBe(400);
      expect(manager.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect([await count(schema.organizations), await count(schema.users)]).toEqual([orgs, users]);
    expect((await w.t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, w.acme.org.id)))[0].name).toBe(
      w.acme.org.name,
    );
  });
});
