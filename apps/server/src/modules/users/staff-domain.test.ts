/**
 * An address of the provider's staff domain belongs to staff, never to a customer's user:
 * every writer of users refuses it, however it is written (upper case, the root's trailing
 * dot, a subdomain, Unicode that IDNA maps onto it), with a clear error, and writes nothing;
 * no invitation goes to such an address, nor sets its password.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor } from '../../test/sign-in.js';
import { scimClient, USER_SCHEMA } from '../provisioning/scim.fixtures.js';
import { importCsv, importErrors } from '../user-imports/user-imports.fixtures.js';
import { everyWriterApp } from './writers.fixtures.js';

describe("the staff domain is refused by every writer of a customer's users", () => {
  const w = everyWriterApp();
  let spellings: string[];

  beforeAll(async () => {
    const domain = w.t.deps.config.STAFF_EMAIL_DOMAIN;
    spellings = [`ann@${domain}`, `ann@${domain.toUpperCase()}.`, `ann@eu.${domain}`, `ann@${domain}.`, `ann@EU.${domain.toUpperCase()}`];
  });

  const usersOfAcme = async () =>
    (
      await w.t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.users)
        .where(eq(schema.users.organizationId, w.acme.org.id))
    )[0].n;

  it('SCIM: as userName or work e-mail, on create and on change', async () => {
    const scim = scimClient(w.t, w.acme.token);
    const before = await usersOfAcme();
    for (const email of [...spellings, 'ann@ｗｏｒｋｆｒａｍｅ.io']) {
      for (const body of [
        { schemas: [USER_SCHEMA], userName: email },
        { schemas: [USER_SCHEMA], userName: 'ann-login', emails: [{ value: email, type: 'work' }] },
      ]) {
        const response = await scim('POST', '/Users', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.detail).toMatch(/staff/);
      }
    }
    expect(await usersOfAcme()).toBe(before);
    const worker = (await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'worker@acme.example' })).body;
    for (const email of spellings) {
      const moved = await scim('PUT', `/Users/${worker.id}`, { schemas: [USER_SCHEMA], userName: email });
      expect(moved.status, email).toBe(400);
    }
    expect((await scim('GET', `/Users/${worker.id}`)).body.userName).toBe('worker@acme.example');
  });

  it('the external API: POST /v1/users answers 400 STAFF_EMAIL', async () => {
    const key = (await createAccessKey(w.t, w.admin.headers)).accessKey;
    const token = await idTokenFor(w.t, w.acme.admin.email!);
    const before = await usersOfAcme();
    for (const email of spellings) {
      const response = await w.t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { apikey: key, authorization: `Bearer ${token}` },
        payload: { email, displayName: 'Ann' },
      });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().code, email).toBe('STAFF_EMAIL');
    }
    expect(await usersOfAcme()).toBe(before);
  });

  it('a user import: an error on each such row, and no user made', async () => {
    const before = await usersOfAcme();
    const domain = w.t.deps.config.STAFF_EMAIL_DOMAIN;
    const rows = [`ann@${domain}`, `bob@eu.${domain.toUpperCase()}`, `cy@${domain}.`, 'dee@acme.example'];
    const imported = await importCsv(w.t, w.admin.headers, `email,name\n${rows.map((email) => `${email},Someone`).join('\n')}\n`);
    const errors = await importErrors(w.t, w.admin.headers, imported.id);
    const staff = errors.filter((e) => e.code === 'STAFF_EMAIL');
    // Row 1 is the header.
    expect(staff.map((e) => e.rows)).toEqual([[2], [3], [4]]);
    expect(errors.filter((e) => e.rows.includes(5))).toEqual([]);
    expect(await usersOfAcme()).toBe(before);
  });

  it('the Super area: a new organization first admin and a manager', async () => {
    const before = (await w.t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.users))[0].n;
    for (const email of spellings) {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/api/organization',
        headers: w.editor.headers,
        payload: { name: `Org ${email}`, adminName: 'Ann', email, password: 'Str0ng-Pass!', planType: 'Team' },
      });
      expect(created.statusCode, email).toBe(400);
      expect(created.json().code, email).toBe('STAFF_EMAIL');
      const manager = await w.t.app.inject({
        method: 'POST',
        url: `/api/organization/${w.acme.org.id}/managers`,
        headers: w.editor.headers,
        payload: { displayName: 'Ann', email },
      });
      expect(manager.statusCode, email).toBe(400);
      expect(manager.json().code, email).toBe('STAFF_EMAIL');
    }
    expect((await w.t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.users))[0].n).toBe(before);
  });

  it('invitations: none is made for an address of the staff domain, and one made before sets no password', async () => {
    const { db } = w.t.database;
    const domain = w.t.deps.config.STAFF_EMAIL_DOMAIN;
    // Written past the writers, as data from before the rule would be.
    const legacy = await createUser(db, w.acme.org.id, { email: `legacy@eu.${domain}`, passwordHash: null });
    await expect(w.t.app.services.invitations.create({ userId: legacy.id, invitedBy: null })).rejects.toMatchObject({
      code: 'STAFF_EMAIL',
    });

    const moved = await createUser(db, w.acme.org.id, { email: 'moved@acme.example', passwordHash: null });
    const invitation = await w.t.app.services.invitations.create({ userId: moved.id, invitedBy: null });
    await db
      .update(schema.users)
      .set({ email: `moved@${domain.toUpperCase()}.` })
      .where(eq(schema.users.id, moved.id));
    const accepted = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token: invitation.token, password: 'Str0ng-Pass!' },
    });
    expect(accepted.statusCode).toBeGreaterThanOrEqual(400);
    expect((await db.select().from(schema.users).where(eq(schema.users.id, moved.id)))[0].passwordHash).toBeNull();
  });
});
