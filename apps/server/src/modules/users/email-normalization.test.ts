/**
 * One person is one address however it was typed: every writer stores an address as
 * normalizeEmail reads it (Unicode in NFC, the domain in lower-case ASCII without the root's
 * trailing dot, the part before the @ as written), and every look-up (signing in, SCIM's
 * filters) reads what it is given the same way. Who is staff at sign-in follows the same rule
 * of the domain as what the writers refuse.
 */
import { isStaffUser, normalizeEmail } from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor, signIn, signInStaff } from '../../test/sign-in.js';
import { scimClient, USER_SCHEMA } from '../provisioning/scim.fixtures.js';
import { importCsv, importErrors } from '../user-imports/user-imports.fixtures.js';
import { everyWriterApp } from './writers.fixtures.js';

describe('normalizeEmail', () => {
  it('reads the domain as mail does and keeps the part before the @ as written', () => {
    expect(normalizeEmail(' Ana@ACME.example. ')).toBe('Ana@acme.example');
    expect(normalizeEmail('ana@ａｃｍｅ.example')).toBe('ana@acme.example');
    expect(normalizeEmail('luis@Bücher.Example')).toBe('luis@xn--bcher-kva.example');
    // "A" and a combining acute accent: the one character "Á" in NFC.
    expect(normalizeEmail('A\u0301na@acme.example')).toBe('\u00C1na@acme.example');
  });

  it('leaves what is no address as it came, for the address checks to refuse', () => {
    expect(normalizeEmail('nobody')).toBe('nobody');
    expect(normalizeEmail('a@1.2.3')).toBe('a@1.2.3');
    expect(normalizeEmail('a@exa mple.com')).toBe('a@exa mple.com');
  });
});

describe('isStaffUser reads the domain as the writers do', () => {
  const staff = (email: string) => isStaffUser({ email, allowedRoleTypes: ['read'], signInProvider: 'custom' }, 'workframe.io');

  it('counts the staff domain in any case, with a trailing dot, in Unicode, and its subdomains', () => {
    for (const email of ['x@workframe.io', 'x@WORKFRAME.IO.', 'x@ｗｏｒｋｆｒａｍｅ.io', 'x@eu.workframe.io', 'x@EU.WORKFRAME.IO.'])
      expect(staff(email), email).toBe(true);
  });

  it('does not count a domain that only ends in the same letters', () => {
    for (const email of ['x@notworkframe.io', 'x@workframe.io.example', 'x@workframe.iox']) expect(staff(email), email).toBe(false);
  });
});

describe('every writer stores an address normalized, and every look-up finds it so', () => {
  const w = everyWriterApp();

  const emailOf = async (id: string) =>
    (await w.t.database.db.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, id)))[0]?.email;
  /** How the address found as `email` is stored (the column compares without case). */
  const storedAs = async (email: string) =>
    (await w.t.database.db.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.email, email)))[0]?.email;
  const holdersOf = async (email: string) =>
    (await w.t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.users).where(eq(schema.users.email, email)))[0].n;

  it('SCIM: userName and the work e-mail are stored normalized, a filter finds them however spelled, and a second spelling is the same person', async () => {
    const scim = scimClient(w.t, w.acme.token);
    const created = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'Nia@SCIM.Example.' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await emailOf(created.body.id)).toBe('Nia@scim.example');
    expect(created.body.userName).toBe('Nia@scim.example');

    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nia@ｓｃｉｍ.example."')}`);
    expect(found.body.Resources.map((u: { id: string }) => u.id)).toEqual([created.body.id]);

    const again = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'nia@scim.example' });
    expect(again.status).toBe(409);
    expect(await holdersOf('nia@scim.example')).toBe(1);

    const login = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: 'omar-login',
      emails: [{ value: 'Omar@SCIM.example.', type: 'work' }],
    });
    expect(login.status, JSON.stringify(login.body)).toBe(201);
    expect(await emailOf(login.body.id)).toBe('Omar@scim.example');
  });

  it('the external API: POST /v1/users stores the address normalized, and refuses the same person spelled otherwise', async () => {
    const key = (await createAccessKey(w.t, w.admin.headers)).accessKey;
    const token = await idTokenFor(w.t, w.acme.admin.email!);
    const post = (email: string) =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { apikey: key, authorization: `Bearer ${token}` },
        payload: { email, displayName: 'Luis' },
      });
    const created = await post('Luis@Bücher.Example.');
    expect(created.statusCode, created.body).toBe(201);
    expect(await emailOf(created.json().user.id)).toBe('Luis@xn--bcher-kva.example');
    const again = await post('luis@xn--bcher-kva.example');
    expect(again.statusCode, again.body).toBe(409);
    expect(await holdersOf('luis@xn--bcher-kva.example')).toBe(1);
  });

  it('a user import: rows that differ only by spelling are one person (DUPLICATE_EMAIL), and a new user is stored normalized', async () => {
    const duplicates = await importCsv(
      w.t,
      w.admin.headers,
      'email,name\ndup@Import.example,Dup\ndup@import.example.,Dup\nDUP@ＩＭＰＯＲＴ.example,Dup\nother@import.example,Other\n',
    );
    const errors = await importErrors(w.t, w.admin.headers, duplicates.id);
    // Row 1 is the header.
    expect(errors.filter((e) => e.code === 'DUPLICATE_EMAIL').map((e) => e.rows)).toEqual([[2, 3, 4]]);
    expect(await holdersOf('dup@import.example')).toBe(0);

    await importCsv(w.t, w.admin.headers, 'email,name\nSolo@IMPORT.Example.,Solo\n');
    const [solo] = await w.t.database.db
      .select({ email: schema.users.email, organizationId: schema.users.organizationId })
      .from(schema.users)
      .where(eq(schema.users.email, 'solo@import.example'));
    expect(solo).toEqual({ email: 'Solo@import.example', organizationId: w.acme.org.id });
  });

  it("the Super area: a new organization's first admin and a manager are stored normalized", async () => {
    const created = await w.t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: w.editor.headers,
      payload: { name: 'Globex', adminName: 'Gina', email: 'Gina@GLOBEX.example.', password: 'Str0ng-Pass!', planType: 'Team' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(await storedAs('gina@globex.example')).toBe('Gina@globex.example');

    const manager = await w.t.app.inject({
      method: 'POST',
      url: `/api/organization/${w.acme.org.id}/managers`,
      headers: w.editor.headers,
      payload: { displayName: 'Max', email: 'Max@Managers.Example.' },
    });
    expect(manager.statusCode, manager.body).toBeLessThan(300);
    expect(await storedAs('max@managers.example')).toBe('Max@managers.example');
  });

  it('signing in: an address typed with another case, Unicode or a trailing dot signs in as the stored one', async () => {
    const ana = await createUser(w.t.database.db, w.acme.org.id, { email: 'ana@acme-sign-in.example' });
    for (const email of ['Ana@ACME-Sign-In.example.', 'ana@ａｃｍｅ-sign-in.example'])
      expect((await signIn(w.t, email)).user.uid, email).toBe(ana.id);
  });

  it('signing in: staff of a subdomain are staff, as the writers refuse that address to customers', async () => {
    const subdomain = await signInStaff(w.t, { roles: ['read'], email: `sub@eu.${w.t.deps.config.STAFF_EMAIL_DOMAIN}` });
    expect(subdomain.user.isStaff).toBe(true);
  });
});
