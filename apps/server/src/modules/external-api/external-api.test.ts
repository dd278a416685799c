/**
 * The external API end to end through app.inject: the token endpoint, every endpoint with
 * a valid key and token, every refusal, roll with grace, last use, and a contract check of
 * every response against the served OpenAPI document.
 */

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import * as s from '../../db/schema.js';
import { capturedLogger, everyStoredText } from '../../test/capture.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { createAccessKey, idTokenFor, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { multipartBody } from '../user-imports/user-imports.fixtures.js';

type User = Awaited<ReturnType<typeof createUser>>;

describe('external API', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const { logger, lines: logLines } = capturedLogger();
  const seen: { method: string; route: string; statusCode: number; body: unknown }[] = [];
  const people = {} as Record<'admin' | 'wsAdmin' | 'publisher' | 'viewer' | 'sso' | 'leaver' | 'otherAdmin', User>;
  const ids = {} as Record<'ws1' | 'ws2' | 'wf1' | 'wf2' | 'wfOther' | 'skill1', string>;
  let key = '';
  let keyId = '';
  let otherKey = '';
  let adminToken = '';

  /** Every call goes through here so the contract check sees every response. */
  async function call(opts: InjectOptions & { token?: string; apiKey?: string }) {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (opts.apiKey !== undefined) headers.apiKey = opts.apiKey;
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    const { token: _t, apiKey: _k, ...rest } = opts;
    const res = await t.app.inject({ ...rest, headers });
    seen.push({
      method: String(opts.method ?? 'GET'),
      route: String(opts.url).split('?')[0],
      statusCode: res.statusCode,
      body: res.json(),
    });
    return res;
  }
  const get = (url: string, token = adminToken, apiKey = key) => call({ url, token, apiKey });

  async function newKey(email: string) {
    return createAccessKey(t, (await signIn(t, email)).headers, 'API');
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, logger });
    const { db } = t.database;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    people.admin = await createUser(db, org.id, { displayName: 'Ada Admin' });
    people.wsAdmin = await createUser(db, org.id, { role: 'workspace_admin', displayName: 'Will Wsadmin' });
    people.publisher = await createUser(db, org.id, { role: 'publisher', displayName: 'Pia Publisher' });
    people.viewer = await createUser(db, org.id, { role: 'viewer', displayName: 'Vic Viewer' });
    people.leaver = await createUser(db, org.id, { role: 'viewer', displayName: 'Lee Leaver', employeeId: 'E-42' });
    people.sso = await createUser(db, org.id, { role: 'org_admin', signInProvider: 'google', passwordHash: null, displayName: 'Sam Sso' });
    people.otherAdmin = await createUser(db, other.id);
    const ws1 = await createWorkspace(db, org.id, { name: 'Warehouse' });
    const ws2 = await createWorkspace(db, org.id, { name: 'Office', private: true });
    const wsOther = await createWorkspace(db, other.id);
    Object.assign(ids, { ws1: ws1.id, ws2: ws2.id });
    await db.insert(s.userWorkspaces).values({ userId: people.publisher.id, workspaceId: ws1.id });
    const [wf1, wf2, wfOther] = await db
      .insert(s.workflows)
      .values([
        {
          organizationId: org.id,
          workspaceId: ws1.id,
          authorId: people.publisher.id,
          title: 'Forklift 100% safety check',
          durationSeconds: 90,
        },
        { organizationId: org.id, workspaceId: ws2.id, title: 'Printer paper refill' },
        { organizationId: other.id, workspaceId: wsOther.id, title: 'Forklift elsewhere' },
      ])
      .returning();
    Object.assign(ids, { wf1: wf1.id, wf2: wf2.id, wfOther: wfOther.id });
    await db.insert(s.workflowSteps).values([
      { workflowId: wf1.id, position: 2, title: 'Check the forks', startMs: 5000, endMs: 9000 },
      { workflowId: wf1.id, position: 1, title: 'Walk around', text: 'Look for leaks', startMs: 0, endMs: 5000 },
    ]);
    const [skill1] = await db
      .insert(s.skills)
      .values([
        { organizationId: org.id, name: 'Forklift driving' },
        { organizationId: org.id, name: 'Packing', description: 'Boxes' },
        { organizationId: other.id, name: 'Secret skill' },
      ])
      .returning();
    ids.skill1 = skill1.id;
    await db.insert(s.userSkills).values({ userId: people.publisher.id, skillId: skill1.id, progress: 60 });

    const created = await newKey(people.admin.email!);
    key = created.accessKey;
    keyId = created.integration.id;
    otherKey = (await newKey(people.otherAdmin.email!)).accessKey;
    adminToken = await idTokenFor(t, people.admin.email!);
  });
  afterAll(() => t.close());

  describe('POST /api/v1/auth/token', () => {
    it('gives an idToken to API roles with a password', async () => {
      for (const who of [people.admin, people.wsAdmin, people.publisher]) {
        const res = await call({ method: 'POST', url: '/api/v1/auth/token', payload: { email: who.email, password: 'Test-Password-1!' } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ idToken: expect.any(String), expiresIn: 3600 });
      }
    });

    it('refuses a wrong password, a viewer and a single sign-on account', async () => {
      const wrong = await call({
        method: 'POST',
        url: '/api/v1/auth/token',
        payload: { email: people.admin.email, password: 'nope-nope' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('BAD_CREDENTIALS');
      const viewer = await call({
        method: 'POST',
        url: '/api/v1/auth/token',
        payload: { email: people.viewer.email, password: 'Test-Password-1!' },
      });
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json()).toMatchObject({ code: 'ROLE_NOT_ALLOWED', message: expect.stringContaining('Publishers') });
      const sso = await call({
        method: 'POST',
        url: '/api/v1/auth/token',
        payload: { email: people.sso.email, password: 'Test-Password-1!' },
      });
      expect(sso.statusCode).toBe(401);
      const invalid = await call({ method: 'POST', url: '/api/v1/auth/token', payload: { email: 'not-an-email' } });
      expect(invalid.statusCode).toBe(400);
    });

    it('gives an API user of an organization that allows only single sign-on a token, while the console refuses the same password (decision 047)', async () => {
      const ssoOrg = await createOrganization(t.database.db);
      const u = await createUser(t.database.db, ssoOrg.id, { role: 'publisher' });
      await t.database.db.insert(s.organizationSettings).values({ organizationId: ssoOrg.id, key: 'ssoLoginOnly', value: true });
      const res = await call({ method: 'POST', url: '/api/v1/auth/token', payload: { email: u.email, password: 'Test-Password-1!' } });
      expect(res.statusCode).toBe(200);
      // The same password is refused at the console's sign-in.
      const consoleSignIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: u.email, password: 'Test-Password-1!' },
      });
      expect(consoleSignIn.statusCode).toBe(403);
      expect(consoleSignIn.json().code).toBe('SSO_REQUIRED');
    });
  });

  describe('with a valid key and token', () => {
    it('lists and searches workflows, paged', async () => {
      const all = await get('/api/v1/workflows');
      expect(all.statusCode).toBe(200);
      expect(all.json().total).toBe(2);
      expect(
        all
          .json()
          .workflows.map((w: { title: string }) => w.title)
          .sort(),
      ).toEqual(['Forklift 100% safety check', 'Printer paper refill']);
      const found = await get('/api/v1/workflows?q=FORKLIFT');
      expect(found.json()).toMatchObject({ total: 1, workflows: [{ id: ids.wf1, workspace: { id: ids.ws1, name: 'Warehouse' } }] });
      expect((await get('/api/v1/workflows?q=100%25')).json().total).toBe(1);
      expect((await get('/api/v1/workflows?q=_')).json().total).toBe(0);
      const page2 = await get('/api/v1/workflows?page=2&limit=1');
      expect(page2.json()).toMatchObject({ total: 2 });
      expect(page2.json().workflows).toHaveLength(1);
      expect((await get(`/api/v1/workflows?workspaceId=${ids.ws2}`)).json().total).toBe(1);
    });

    it('gives a workflow with its ordered steps and a deep link; another organization’s is not found', async () => {
      const res = await get(`/api/v1/workflows/${ids.wf1}`);
      expect(res.statusCode).toBe(200);
      const { workflow } = res.json();
      expect(workflow.deepLink).toBe(`${t.config.PUBLIC_URL}/workflows/${ids.wf1}`);
      expect(workflow.steps.map((st: { title: string }) => st.title)).toEqual(['Walk around', 'Check the forks']);
      expect(workflow.author).toEqual({ id: people.publisher.id, displayName: 'Pia Publisher' });
      const foreign = await get(`/api/v1/workflows/${ids.wfOther}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'WORKFLOW_NOT_FOUND', message: 'Workflow not found.' });
      expect((await get('/api/v1/workflows/not-a-uuid')).statusCode).toBe(400);
    });

    it('limits a publisher to the workspaces they belong to', async () => {
      const token = await idTokenFor(t, people.publisher.email!);
      expect((await get('/api/v1/workflows', token)).json()).toMatchObject({ total: 1, workflows: [{ id: ids.wf1 }] });
      expect((await get(`/api/v1/workflows/${ids.wf2}`, token)).statusCode).toBe(404);
      expect((await get('/api/v1/workspaces', token)).json()).toEqual({
        workspaces: [{ id: ids.ws1, name: 'Warehouse', workspaceGroupName: null, private: false }],
        total: 1,
      });
      const users = await get('/api/v1/users', token);
      expect(users.statusCode).toBe(403);
      expect(users.json().code).toBe('ROLE_NOT_ALLOWED');
    });

    it('lists workspaces, skills, users and a user’s skill progress', async () => {
      expect((await get('/api/v1/workspaces')).json()).toMatchObject({
        total: 2,
        workspaces: [{ name: 'Office', private: true }, { name: 'Warehouse' }],
      });
      expect((await get('/api/v1/skills')).json()).toMatchObject({
        total: 2,
        skills: [
          { name: 'Forklift driving', description: null },
          { name: 'Packing', description: 'Boxes' },
        ],
      });
      const users = await get('/api/v1/users?limit=100');
      expect(users.json().total).toBe(6);
      expect(users.json().users[0]).not.toHaveProperty('passwordHash');
      expect((await get('/api/v1/users?q=e-42')).json()).toMatchObject({ total: 1, users: [{ id: people.leaver.id, employeeId: 'E-42' }] });
      const wsAdminToken = await idTokenFor(t, people.wsAdmin.email!);
      const progress = await get(`/api/v1/users/${people.publisher.id}/skills`, wsAdminToken);
      expect(progress.statusCode).toBe(200);
      expect(progress.json()).toMatchObject({
        userId: people.publisher.id,
        total: 1,
        skillProgress: [{ skill: { id: ids.skill1, name: 'Forklift driving' }, progress: 60, achievedAt: null }],
      });
      expect((await get(`/api/v1/users/${people.otherAdmin.id}/skills`)).statusCode).toBe(404);
    });

    it('disables a user (Organizational Admins only), never oneself', async () => {
      const wsAdminToken = await idTokenFor(t, people.wsAdmin.email!);
      const refused = await call({ method: 'POST', url: `/api/v1/users/${people.leaver.id}/disable`, token: wsAdminToken, apiKey: key });
      expect(refused.statusCode).toBe(403);
      const res = await call({ method: 'POST', url: `/api/v1/users/${people.leaver.id}/disable`, token: adminToken, apiKey: key });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: people.leaver.id, disabled: true });
      // A disabled user's token stops working at once, even one the API has seen before.
      const quitter = await createUser(t.database.db, people.admin.organizationId, { role: 'publisher' });
      const quitterToken = await idTokenFor(t, quitter.email!);
      expect((await get('/api/v1/skills', quitterToken)).statusCode).toBe(200);
      await call({ method: 'POST', url: `/api/v1/users/${quitter.id}/disable`, token: adminToken, apiKey: key });
      expect((await get('/api/v1/skills', quitterToken)).statusCode).toBe(401);
      const self = await call({ method: 'POST', url: `/api/v1/users/${people.admin.id}/disable`, token: adminToken, apiKey: key });
      expect(self.statusCode).toBe(409);
      const foreign = await call({ method: 'POST', url: `/api/v1/users/${people.otherAdmin.id}/disable`, token: adminToken, apiKey: key });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('User was not found');
    });

    it('creates a user and e-mails an invitation (Organizational Admins only)', async () => {
      const payload = { email: 'New.Person@Example.com', displayName: 'New Person', role: 'publisher', locale: 'es', employeeId: 'E-77' };
      const res = await call({ method: 'POST', url: '/api/v1/users', token: adminToken, apiKey: key, payload });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        invitationSent: true,
        // Stored as every address is (normalizeEmail): the domain in lower case, the part before the @ as written.
        user: { email: 'New.Person@example.com', displayName: 'New Person', role: 'publisher', employeeId: 'E-77', disabled: false },
      });
      expect(res.json().user.invitedAt).not.toBeNull();
      const outbox = path.join(t.config.dataDir, 'outbox');
      const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
      expect(
        mails.some(
          (m) =>
            m.includes('New.Person@example.com') && m.includes('/es/auth/invitation/activate?token=') && m.includes('Activa tu cuenta'),
        ),
      ).toBe(true);

      const again = await call({ method: 'POST', url: '/api/v1/users', token: adminToken, apiKey: key, payload });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'USER_EXISTS', message: 'A user with this e-mail already exists.' });
      /** The same person under another address, created by the holder of `token`. */
      const createAgain = (token: string, email: string) =>
        call({ method: 'POST', url: '/api/v1/users', token, apiKey: key, payload: { ...payload, email } });
      const sameEmployee = await createAgain(adminToken, 'other@example.com');
      expect(sameEmployee.statusCode).toBe(409);
      expect(sameEmployee.json().message).toBe('A user with this employee ID already exists.');
      const wsAdminToken = await idTokenFor(t, people.wsAdmin.email!);
      const refused = await createAgain(wsAdminToken, 'x@example.com');
      expect(refused.statusCode).toBe(403);
      const invalid = await call({ method: 'POST', url: '/api/v1/users', token: adminToken, apiKey: key, payload: { email: 'nope' } });
      expect(invalid.statusCode).toBe(400);
    });

    it('imports users from a CSV file and reports its status and errors (Organizational Admins)', async () => {
      const send = async (token: string, content: string, name = 'users.csv', fields: Record<string, string> = {}) => {
        const body = await multipartBody({ columnSeparator: ';', ...fields }, { name, content });
        return call({
          method: 'POST',
          url: '/api/v1/user-imports',
          token,
          apiKey: key,
          headers: { 'content-type': body.contentType },
          payload: body.payload,
        });
      };
      const ok = await send(adminToken, 'email;name;role\nimported.one@example.com;Imported One;publisher\n');
      expect(ok.statusCode).toBe(201);
      const { userImport } = ok.json();
      expect(userImport).toMatchObject({ filename: 'users.csv', status: 'processing', columnSeparator: ';' });
      await t.app.services.userImportPipeline.run(userImport.id);
      const status = await get(`/api/v1/user-imports/${userImport.id}`);
      // Invitations are sent by default, as before the option (owed here: no job sends them in this test).
      expect(status.json().userImport).toMatchObject({ status: 'completed', usersCreated: 1, invitationsPending: 1 });
      expect(userImport.options.sendInvitations).toBe(true);

      // The option sendInvitations=false: the users are created and owed no e-mail.
      const quiet = await send(adminToken, 'email;name\nquiet.one@example.com;Quiet One\n', 'quiet.csv', { sendInvitations: 'false' });
      expect(quiet.statusCode).toBe(201);
      expect(quiet.json().userImport.options.sendInvitations).toBe(false);
      await t.app.services.userImportPipeline.run(quiet.json().userImport.id);
      expect((await get(`/api/v1/user-imports/${quiet.json().userImport.id}`)).json().userImport).toMatchObject({
        status: 'completed',
        usersCreated: 1,
        invitationsPending: 0,
        options: { sendInvitations: false },
      });
      expect(
        await t.database.db.select().from(s.userImportInvitations).where(eq(s.userImportInvitations.importId, quiet.json().userImport.id)),
      ).toEqual([]);

      const bad = await send(adminToken, 'email;name;role\nnot-an-email;Someone;viewer\nimported.two@example.com;Two;chief\n');
      await t.app.services.userImportPipeline.run(bad.json().userImport.id);
      expect((await get(`/api/v1/user-imports/${bad.json().userImport.id}`)).json().userImport.status).toBe('validation_error');
      const errors = await get(`/api/v1/user-imports/${bad.json().userImport.id}/errors?limit=10`);
      expect(errors.statusCode).toBe(200);
      expect(errors.json().total).toBeGreaterThanOrEqual(2);
      expect(errors.json().errors.flatMap((e: { rows: number[] }) => e.rows)).toEqual(expect.arrayContaining([2, 3]));

      expect((await send(adminToken, 'email\n', 'users.txt')).statusCode).toBe(400);
      const wsAdminToken = await idTokenFor(t, people.wsAdmin.email!);
      const refused = await send(wsAdminToken, 'email;name\nx@example.com;X\n');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ROLE_NOT_ALLOWED');
      expect((await get('/api/v1/user-imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('records when the key was last used', async () => {
      await get('/api/v1/skills');
      // The last use is written after the answer: wait for it as for background work (a busy machine takes seconds).
      const { headers } = await signIn(t, people.admin.email!);
      const lastUsedAt = await until('the key to record its last use', async () => {
        const list = await t.app.inject({ url: '/api/integrations', headers });
        return list.json().integrations.find((i: { id: string }) => i.id === keyId).lastUsedAt ?? undefined;
      });
      expect(Date.parse(lastUsedAt)).not.toBeNaN();
    });
  });

  describe('refusals', () => {
    const expectRefused = async (res: Awaited<ReturnType<typeof call>>, statusCode: number, code: string) => {
      expect(res.statusCode).toBe(statusCode);
      expect(res.json()).toMatchObject({ statusCode, code, message: expect.any(String) });
      return res.json().message as string;
    };

    it('without an apiKey header, or with a mistyped one', async () => {
      expect(await expectRefused(await call({ url: '/api/v1/workflows', token: adminToken }), 401, 'API_KEY_MISSING')).toContain('apiKey');
      const typo = `${key.slice(0, 10)}${key[10] === 'a' ? 'b' : 'a'}${key.slice(11)}`;
      await expectRefused(await get('/api/v1/workflows', adminToken, typo), 401, 'API_KEY_MALFORMED');
      await expectRefused(await get('/api/v1/workflows', adminToken, key.slice(0, -1)), 401, 'API_KEY_MALFORMED');
    });

    it('without a bearer token, or with a bad or expired one', async () => {
      await expectRefused(await call({ url: '/api/v1/workflows', apiKey: key }), 401, 'TOKEN_MISSING');
      await expectRefused(
        await call({ url: '/api/v1/workflows', apiKey: key, headers: { authorization: adminToken } }),
        401,
        'TOKEN_MISSING',
      );
      await expectRefused(await get('/api/v1/workflows', `${adminToken}x`), 401, 'INVALID_TOKEN');
      const token = await idTokenFor(t, people.admin.email!);
      offsetMs += 3_601_000;
      try {
        await expectRefused(await get('/api/v1/workflows', token), 401, 'INVALID_TOKEN');
        // A token verified (and remembered) before still expires.
        await expectRefused(await get('/api/v1/workflows', adminToken), 401, 'INVALID_TOKEN');
      } finally {
        offsetMs -= 3_601_000;
      }
    });

    it('with another organization’s key', async () => {
      const message = await expectRefused(await get('/api/v1/workflows', adminToken, otherKey), 403, 'API_KEY_WRONG_ORGANIZATION');
      expect(message).toContain('another organization');
    });

    it("with a viewer's token or a single sign-on token", async () => {
      const viewer = await t.deps.idTokens.issue({ id: people.viewer.id, email: people.viewer.email }, 'password');
      await expectRefused(await get('/api/v1/workflows', viewer.idToken), 403, 'ROLE_NOT_ALLOWED');
      const sso = await t.deps.idTokens.issue({ id: people.sso.id, email: people.sso.email }, 'google');
      const message = await expectRefused(await get('/api/v1/workflows', sso.idToken), 403, 'SSO_NOT_SUPPORTED');
      expect(message).toContain('Single sign-on');
    });

    it('before the query or body is looked at: a malformed call answers its refusal, and 400 only once admitted', async () => {
      const viewer = (await t.deps.idTokens.issue({ id: people.viewer.id, email: people.viewer.email }, 'password')).idToken;
      const malformed = [
        { url: '/api/v1/workflows?limit=abc' },
        { url: '/api/v1/workflows/not-a-uuid' },
        { method: 'POST', url: '/api/v1/users', payload: { email: 'not an e-mail' } },
        { method: 'POST', url: '/api/v1/users', payload: '{"email":', headers: { 'content-type': 'application/json' } },
      ] as const;
      for (const request of malformed) {
        const what = `${request.url} ${'payload' in request ? JSON.stringify(request.payload) : ''}`;
        const as = (token?: string, apiKey?: string) => call({ ...request, token, apiKey });
        // The documented order: the key first, then the token, then who the user is.
        expect((await as()).json(), what).toMatchObject({ statusCode: 401, code: 'API_KEY_MISSING' });
        expect((await as(adminToken)).json(), what).toMatchObject({ statusCode: 401, code: 'API_KEY_MISSING' });
        expect((await as(undefined, key)).json(), what).toMatchObject({ statusCode: 401, code: 'TOKEN_MISSING' });
        expect((await as(`${adminToken}x`, key)).json(), what).toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
        expect((await as(viewer, key)).json(), what).toMatchObject({ statusCode: 403, code: 'ROLE_NOT_ALLOWED' });
        expect((await as(adminToken, otherKey)).json(), what).toMatchObject({ statusCode: 403, code: 'API_KEY_WRONG_ORGANIZATION' });
        const admitted = await as(adminToken, key);
        expect(admitted.json(), what).toMatchObject({ statusCode: 400, code: expect.stringMatching(/^(VALIDATION_ERROR|BAD_REQUEST)$/) });
      }
      // A refused upload is answered before its file is read.
      const form = await multipartBody({}, { name: 'users.csv', content: 'email\nx@example.com\n' });
      const upload = await call({
        method: 'POST',
        url: '/api/v1/user-imports',
        token: adminToken,
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(upload.json()).toMatchObject({ statusCode: 401, code: 'API_KEY_MISSING' });
      const uploadJson = await call({
        method: 'POST',
        url: '/api/v1/user-imports',
        headers: { 'content-type': 'application/json' },
        payload: Buffer.alloc(2 * 1024 * 1024, 'a'),
      });
      expect(uploadJson.json()).toMatchObject({ statusCode: 401, code: 'API_KEY_MISSING' });
    });

    it('with a deleted key, at once', async () => {
      const doomed = await newKey(people.admin.email!);
      expect((await get('/api/v1/skills', adminToken, doomed.accessKey)).statusCode).toBe(200);
      const admin = await signIn(t, people.admin.email!);
      await t.app.inject({ method: 'DELETE', url: `/api/integration/${doomed.integration.id}`, headers: admin.headers });
      await expectRefused(await get('/api/v1/skills', adminToken, doomed.accessKey), 401, 'API_KEY_INVALID');
    });

    it('with a rolled key: works inside its grace period, refused after it', async () => {
      const rolledKey = await newKey(people.admin.email!);
      const admin = await signIn(t, people.admin.email!);
      const roll = await t.app.inject({
        method: 'POST',
        url: `/api/integration/${rolledKey.integration.id}/roll`,
        headers: admin.headers,
        payload: { gracePeriod: '1h' },
      });
      const newSecret = roll.json().accessKey as string;
      try {
        offsetMs += 30 * 60_000;
        const token = await idTokenFor(t, people.admin.email!);
        expect((await get('/api/v1/skills', token, rolledKey.accessKey)).statusCode).toBe(200);
        offsetMs += 31 * 60_000;
        const fresh = await idTokenFor(t, people.admin.email!);
        const message = await expectRefused(await get('/api/v1/skills', fresh, rolledKey.accessKey), 401, 'API_KEY_EXPIRED');
        expect(message).toContain('replaced');
        expect((await get('/api/v1/skills', fresh, newSecret)).statusCode).toBe(200);
      } finally {
        offsetMs = 0;
      }
    });
  });

  it('limits calls per key across replicas, answering 429 with Retry-After', async () => {
    const config = { ...t.config, API_RATE_LIMIT: 3, API_RATE_LIMIT_WINDOW_SECONDS: 60 };
    const replicas = [await buildApp({ ...t.deps, config }), await buildApp({ ...t.deps, config })];
    try {
      const limitedKey = (await newKey(people.admin.email!)).accessKey;
      const statusCodes: number[] = [];
      let last: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await replicas[i % 2].inject({
          url: '/api/v1/skills',
          headers: { apikey: limitedKey, authorization: `Bearer ${adminToken}` },
        });
        seen.push({ method: 'GET', route: '/api/v1/skills', statusCode: last.statusCode, body: last.json() });
        statusCodes.push(last.statusCode);
      }
      expect(statusCodes).toEqual([200, 200, 200, 429]);
      expect(last!.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      const retryAfter = Number(last!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another key has its own budget.
      const anotherKey = (await newKey(people.admin.email!)).accessKey;
      const another = await replicas[0].inject({
        url: '/api/v1/skills',
        headers: { apikey: anotherKey, authorization: `Bearer ${adminToken}` },
      });
      expect(another.statusCode).toBe(200);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('limits token requests per IP address with the console sign-in budget', async () => {
    const limited = await buildApp({ ...t.deps, config: { ...t.config, SIGN_IN_RATE_LIMIT_MAX: 2 } });
    try {
      const statusCodes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/v1/auth/token',
          remoteAddress: '10.9.8.7',
          payload: { email: people.publisher.email, password: 'Test-Password-1!' },
        });
        seen.push({ method: 'POST', route: '/api/v1/auth/token', statusCode: res.statusCode, body: res.json() });
        statusCodes.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statusCodes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('publishes an OpenAPI 3.1 document that every response above matches', async () => {
    const res = await t.app.inject('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'apiKey' }));
    // The integration API's calls, and SCIM's (modules/provisioning/scim.openapi.ts).
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/') || p.startsWith('/api/scim/v2/'))).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/token', '/api/v1/workflows/{id}', '/api/v1/users/{id}/skills']),
    );
    expect(doc.paths['/api/v1/workflows'].get.responses['429']).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
    // The embedded database's full line (decision 035) may answer any call.
    for (const [path, method] of [
      ['/api/v1/workflows', 'get'],
      ['/api/v1/auth/token', 'post'],
      ['/api/v1/users', 'post'],
    ] as const) {
      expect(doc.paths[path][method].responses['503'], `${method} ${path}`).toMatchObject({
        headers: { 'Retry-After': expect.any(Object) },
        content: { 'application/json': { schema: expect.any(Object) } },
      });
    }
    expect(doc.paths['/api/v1/workflows'].get.responses['401'].description).toContain('apiKey');
    // The upload's optional fields, among them whether new users get an invitation e-mail (default: yes).
    const upload = doc.paths['/api/v1/user-imports'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toEqual(['file']);
    expect(upload.properties.sendInvitations.description).toMatch(/invitation e-mail.*Default: true\./);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const templates = Object.keys(doc.paths).map((p) => ({ p, re: new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
    expect(seen.length).toBeGreaterThan(40);
    const statuses = new Set<number>();
    for (const r of seen) {
      const path = templates.find((x) => x.re.test(r.route))?.p;
      expect(path, `${r.method} ${r.route} is documented`).toBeDefined();
      const op = doc.paths[path!][r.method.toLowerCase()];
      const schema = op?.responses?.[r.statusCode]?.content?.['application/json']?.schema;
      expect(schema, `${r.method} ${path} documents ${r.statusCode}`).toBeDefined();
      const valid = ajv.validate(schema, r.body);
      expect(valid, `${r.method} ${r.route} ${r.statusCode}: ${ajv.errorsText()}`).toBe(true);
      statuses.add(r.statusCode);
    }
    expect([...statuses].sort((a, b) => a - b)).toEqual([200, 201, 400, 401, 403, 404, 409, 429]);
  });

  it('gives the reference real examples, never the bounds zod writes for an integer (expiresIn: -9007199254740991)', async () => {
    const res = await t.app.inject('/api/v1/openapi.json');
    expect(res.body).not.toContain(String(Number.MAX_SAFE_INTEGER));
    const doc = res.json();
    const token = doc.paths['/api/v1/auth/token'].post;
    expect(token.responses['200'].content['application/json'].schema.properties.expiresIn).toMatchObject({
      type: 'integer',
      examples: [3600],
    });
    expect(token.requestBody.content['application/json'].schema.properties.email.examples).toEqual(['integration@acme.example']);
    // Every error answer shows its own status in the shared envelope.
    for (const status of ['400', '401', '403', '429']) {
      expect(token.responses[status].content['application/json'].schema.properties.statusCode.examples).toEqual([Number(status)]);
    }
    const workflows = doc.paths['/api/v1/workflows'].get.responses['200'].content['application/json'].schema.properties;
    expect(workflows.total.examples).toEqual([1]);
    expect(workflows.workflows.items.properties.title.examples).toEqual(['Replace the filter cartridge']);
  });

  it('serves the interactive reference without a CDN or inline script', async () => {
    const page = await t.app.inject('/api/v1/reference/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-url="../openapi.json"');
    expect(page.body).not.toMatch(/<script>|<script type="(text\/javascript|module)">/);
    expect(page.body).not.toContain('cdn.jsdelivr');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const script = await t.app.inject('/api/v1/reference/js/scalar.js');
    expect(script.statusCode).toBe(200);
    expect(script.body.length).toBeGreaterThan(100_000);
  });

  it("draws the reference's first screen in the page, before Scalar's script, in the reader's language", async () => {
    const page = await t.app.inject('/api/v1/reference/?lang=fr');
    const doc = (await t.app.inject('/api/v1/openapi.json?lang=fr')).json();
    const firstScreen = page.body.slice(page.body.indexOf('<main id="first-screen">'), page.body.indexOf('</main>'));
    expect(firstScreen).toContain(`<h1>${doc.info.title}</h1>`);
    // Every operation of the document is listed, with its summary in French.
    for (const [path, operations] of Object.entries<Record<string, { summary: string }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(firstScreen).toContain(`<code>${method.toUpperCase()} ${path}</code>`);
        expect(firstScreen).toContain(operation.summary.replaceAll("'", '&#39;'));
      }
    }
    // Tags by the names the reader's language gives them; the prose's Markdown drawn, not shown.
    for (const tag of doc.tags) expect(firstScreen).toContain(`<h2>${tag['x-displayName']}</h2>`);
    expect(firstScreen).toContain('<li><code>apiKey</code>');
    expect(firstScreen).not.toContain('`');
    // The script is deferred (the first screen shows while it loads) and named by its content.
    const src = /<script src="\.\/js\/scalar\.js\?v=([\w-]+)" defer><\/script>/.exec(page.body);
    expect(src).not.toBeNull();
    expect(page.body).not.toMatch(/<script>|<script type="(text\/javascript|module)">/);
  });

  it("sends Scalar's script compressed once, kept for a year under the name the page gives", async () => {
    const page = await t.app.inject('/api/v1/reference/');
    const version = /scalar\.js\?v=([\w-]+)/.exec(page.body)![1];
    const plain = await t.app.inject({ url: '/api/v1/reference/js/scalar.js', headers: { 'accept-encoding': 'identity' } });
    const br = await t.app.inject({ url: `/api/v1/reference/js/scalar.js?v=${version}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Another name (an old page, a guess) is not kept.
    const other = await t.app.inject({ url: '/api/v1/reference/js/scalar.js?v=old', headers: { 'accept-encoding': 'gzip' } });
    expect(other.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(other.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('never stored or logged a key or token', async () => {
    const stored = await everyStoredText(t);
    for (const secret of [key, otherKey]) {
      expect(stored).not.toContain(secret.slice(8, -4));
      for (const line of logLines) expect(line.includes(secret.slice(8, -4)) ? line.slice(0, 600) : '').toBe('');
    }
    // Nor the bearer idToken: plugins log request headers at trace level, the logger redacts them.
    expect(logLines.filter((l) => l.includes(adminToken.split('.')[2]))).toEqual([]);
    expect(logLines.some((l) => l.includes('[redacted]'))).toBe(true);
    expect(logLines.some((l) => l.includes('/api/v1/workflows'))).toBe(true);
  });
});
