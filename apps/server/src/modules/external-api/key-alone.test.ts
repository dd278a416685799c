/**
 * An access key that acts on its own (docs/decisions/069-access-key-permissions-and-integrations.md),
 * on both databases: in an organization whose people sign in only by single sign-on, the key
 * alone (no Authorization header) calls the external API as a service identity of its
 * organization: the Organizational Admin's scope narrowed by the key's permissions, the key
 * the actor of its events, no person written as creator or inviter. A key without the option
 * is refused as before; changing the option is an event.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NO_AREAS } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { multipartBody } from '../user-imports/user-imports.fixtures.js';

/** The outbox's message as its reader sees it: quoted-printable decoded (soft line breaks joined). */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('an access key acting on its own', () => {
  let t: TestApp;
  let admin: SignedIn;
  let adminId = '';
  let orgId = '';
  let orgName = '';
  let alone = { id: '', secret: '', name: 'Nightly HR sync' };

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/integrations', headers: admin.headers, payload });
  const update = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/integration/${id}`, headers: admin.headers, payload });
  /** A call with the key alone: no Authorization header at all. */
  const keyAlone = (apiKey: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { apiKey, ...headers }, ...(payload !== undefined && { payload }) });
  const newKey = async (payload: Record<string, unknown>) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().integration.id as string, secret: res.json().accessKey as string, name: String(payload.name) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const org = await createOrganization(db, { name: 'Globex Plant' });
    orgId = org.id;
    orgName = org.name;
    // Its people sign in by single sign-on only, its admin included (decision 047).
    await db.insert(s.organizationSettings).values({ organizationId: org.id, key: 'ssoLoginOnly', value: true });
    const a = await createUser(db, org.id, { displayName: 'Ada Admin', signInProvider: 'oidc', passwordHash: null });
    adminId = a.id;
    admin = await signInWithProvider(t, a.email!, 'oidc');
    alone = await newKey({ name: 'Nightly HR sync', actsAlone: true });
  });
  afterAll(() => t.close());

  it('is made with the option, shows it, and records it in the creation event; a key made without it does not act alone', async () => {
    const list = await t.app.inject({ url: '/api/integrations', headers: admin.headers });
    const view = (list.json().integrations as { id: string; actsAlone: boolean }[]).find((k) => k.id === alone.id);
    expect(view?.actsAlone).toBe(true);
    const [created] = await eventsOf(t.database.db, { action: 'access_key.created', targetId: alone.id });
    expect(created.data).toEqual({ permissions: 'full', actsAlone: true });
    const plain = await create({ name: 'Plain' });
    expect(plain.json().integration.actsAlone).toBe(false);
  });

  it('lists users and creates one under "SSO login only", with no person as creator or inviter and the key as the actor', async () => {
    const listed = await keyAlone(alone.secret, 'GET', '/users');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().users as { id: string }[]).map((u) => u.id)).toContain(adminId);

    const payload = { email: `hr.sync.${Date.now()}@example.com`, displayName: 'Hana Hire', role: 'org_admin', locale: 'fr' };
    const made = await keyAlone(alone.secret, 'POST', '/users', payload);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().invitationSent).toBe(true);
    const userId = made.json().user.id as string;
    const [row] = await t.database.db
      .select({ createdBy: s.users.createdBy, invitedBy: s.users.invitedBy })
      .from(s.users)
      .where(eq(s.users.id, userId));
    expect(row).toEqual({ createdBy: null, invitedBy: null });
    const [invitation] = await t.database.db
      .select({ createdBy: s.userTokens.createdBy })
      .from(s.userTokens)
      .where(eq(s.userTokens.userId, userId));
    expect(invitation.createdBy).toBeNull();

    const [event] = await eventsOf(t.database.db, { action: 'user.created', targetId: userId });
    expect(event.actor).toMatchObject({ type: 'access_key', id: alone.id, name: alone.name });

    // The invitation, in the new user's language, names the organization and no person.
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mail = fs
      .readdirSync(outbox)
      .map((f) => quotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8')))
      .find((m) => m.includes(payload.email));
    expect(mail).toContain(`Vous êtes invité·e à rejoindre ${orgName}`);
    expect(mail).not.toContain('Ada Admin');
    expect(mail).not.toContain(alone.name);
  });

  it('gets the Organizational Admin’s scope on calls of that role, with no self to spare from disabling', async () => {
    const trail = await keyAlone(alone.secret, 'GET', '/events?limit=5');
    expect(trail.statusCode, trail.body).toBe(200);
    const leaver = await createUser(t.database.db, orgId, { role: 'publisher', displayName: 'Lee Leaver' });
    const disabled = await keyAlone(alone.secret, 'POST', `/users/${leaver.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().user.disabled).toBe(true);
    const [event] = await eventsOf(t.database.db, { action: 'user.disabled', targetId: leaver.id });
    expect(event.actor).toMatchObject({ type: 'access_key', id: alone.id });
  });

  it('writes no person as the creator of a webhook endpoint or a user import', async () => {
    const hook = await keyAlone(alone.secret, 'POST', '/webhooks', { url: 'https://hooks.acme.example/in', eventTypes: 'all' });
    expect(hook.statusCode, hook.body).toBe(201);
    const [endpoint] = await t.database.db
      .select({ createdBy: s.webhookEndpoints.createdBy })
      .from(s.webhookEndpoints)
      .where(eq(s.webhookEndpoints.id, hook.json().webhook.id));
    expect(endpoint.createdBy).toBeNull();

    const body = await multipartBody(
      { columnSeparator: ';' },
      { name: 'users.csv', content: 'email;name\nimported.alone@example.com;Imported Alone\n' },
    );
    const upload = await keyAlone(alone.secret, 'POST', '/user-imports', body.payload, { 'content-type': body.contentType });
    expect(upload.statusCode, upload.body).toBe(201);
    const [userImport] = await t.database.db
      .select({ createdBy: s.userImports.createdBy })
      .from(s.userImports)
      .where(eq(s.userImports.id, upload.json().userImport.id));
    expect(userImport.createdBy).toBeNull();
  });

  it('keeps working when the person who made it leaves', async () => {
    await t.database.db.update(s.users).set({ disabledAt: new Date() }).where(eq(s.users.id, adminId));
    try {
      const res = await keyAlone(alone.secret, 'GET', '/workflows');
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.database.db.update(s.users).set({ disabledAt: null }).where(eq(s.users.id, adminId));
    }
  });

  it('refuses a key without the option and no idToken as before, and a key with it whose Authorization header is not a bearer token', async () => {
    const plain = await newKey({ name: 'Needs a person' });
    const refused = await keyAlone(plain.secret, 'GET', '/users');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'TOKEN_MISSING',
      message: 'The Authorization header is missing: send "Authorization: Bearer <idToken>" from POST /api/v1/auth/token.',
    });
    // A header that tries to name a person is a person's credential, checked as one: never ignored.
    const garbled = await keyAlone(alone.secret, 'GET', '/users', undefined, { authorization: 'Basic Zm9vOmJhcg==' });
    expect(garbled.statusCode).toBe(401);
    expect(garbled.json().code).toBe('TOKEN_MISSING');
  });

  it('is still narrowed by its permissions: a read-only key alone reads users and is refused a write before its body is read', async () => {
    const reader = await newKey({ name: 'Reader alone', actsAlone: true, permissions: { ...NO_AREAS, users: 'read' } });
    expect((await keyAlone(reader.secret, 'GET', '/users')).statusCode).toBe(200);
    const write = await keyAlone(reader.secret, 'POST', '/users', { email: 42 });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'ACCESS_KEY_PERMISSION_DENIED', details: { area: 'users', needed: 'write', has: 'read' } });
    const other = await keyAlone(reader.secret, 'GET', '/webhooks');
    expect(other.statusCode).toBe(403);
  });

  it('records a change of the option as an event, and a key no longer acting alone is refused at its next call', async () => {
    const key = await newKey({ name: 'Switch', actsAlone: true });
    expect((await keyAlone(key.secret, 'GET', '/users')).statusCode).toBe(200);
    const off = await update(key.id, { name: 'Switch', actsAlone: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().integration.actsAlone).toBe(false);
    const changes = await eventsOf(t.database.db, { action: 'access_key.acts_alone_changed', targetId: key.id });
    expect(changes.map((e) => e.data)).toEqual([{ before: true, after: false }]);
    // A rename alone is no change of the option; leaving it out keeps it.
    await update(key.id, { name: 'Switch 2' });
    expect(await eventsOf(t.database.db, { action: 'access_key.acts_alone_changed', targetId: key.id })).toHaveLength(1);
    const [updated] = await eventsOf(t.database.db, { action: 'access_key.updated', targetId: key.id });
    expect(updated).toBeDefined();
    // The key cache forgets the organization's keys once the change is heard.
    await until('the key to stop acting alone', async () => {
      const res = await keyAlone(key.secret, 'GET', '/users');
      return res.statusCode === 401 ? res.json().code : undefined;
    }).then((code) => expect(code).toBe('TOKEN_MISSING'));
  });

  it('is documented in the API reference, in four languages: each call takes both headers or the key alone', async () => {
    const said = { en: 'acts on its own', es: 'actúa por sí sola', fr: 'agit seule', pt: 'atua sozinha' };
    for (const [lang, words] of Object.entries(said)) {
      const doc = (await t.app.inject(`/api/v1/openapi.json?lang=${lang}`)).json();
      expect(doc.components.securitySchemes.apiKey.description, lang).toContain(words);
      expect(doc.info.description, lang).toContain(words);
      expect(doc.paths['/api/v1/users'].get.security, lang).toEqual([{ apiKey: [], idToken: [] }, { apiKey: [] }]);
      // The token's call takes neither.
      expect(doc.paths['/api/v1/auth/token'].post.security ?? [], lang).toEqual([]);
    }
  });
});
