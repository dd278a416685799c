/**
 * Single sign-on connections through the external API (`/v1/sso-connections`): the console's
 * own calls answered by the same services for an Organizational Admin's access key; another
 * organization's connection is not found, a role below Organizational Admin is refused, the
 * client secret is never answered, and each change is the same event the console records.
 */
import { type EventView, SSO_CONNECTIONS_MAX } from '@console/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoConnectionRefusals, ssoConnections } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createSamlIdp, makeSigningKey } from '../../test/saml-idp.js';
import { createAccessKey, idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readCertificate } from '../sso-connections/saml/saml-certificates.js';
import { storedCertificate } from '../sso-connections/saml-view.js';

const SECRET = 'the-providers-client-secret-XYZW';
const NEW_SECRET = 'a-brand-new-client-secret-9876';
const oidc = { kind: 'oidc', name: 'Okta', issuer: 'https://login.acme.example/', clientId: 'console', clientSecret: SECRET };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = (method: Method, url: string, payload?: object | string) => Promise<LightMyRequestResponse>;

describe('single sign-on connections through the external API', () => {
  let t: TestApp;
  let orgId: string;
  let keyId: string;
  let admin: SignedIn;
  /** Home's Organizational Admin through the API, through the console, and other callers. */
  let api: Caller;
  let consoleCall: Caller;
  let otherApi: Caller;
  let workspaceAdminApi: Caller;
  let publisherApi: Caller;

  const caller =
    (headers: Record<string, string>, base: string): Caller =>
    (method, url, payload) =>
      t.app.inject({
        method,
        url: `${base}${url}`,
        headers: { ...headers, ...(typeof payload === 'string' && { 'content-type': 'application/json' }) },
        ...(payload !== undefined && { payload }),
      });

  beforeAll(async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://console.example', SSO_CONNECTIONS_ALLOW_LOOPBACK: 'true' } });
    const db = t.database.db;
    const org = await createOrganization(db);
    orgId = org.id;
    const otherOrg = await createOrganization(db);
    const adminEmail = (await createUser(db, org.id)).email!;
    const otherEmail = (await createUser(db, otherOrg.id)).email!;
    const workspaceAdmin = (await createUser(db, org.id, { role: 'workspace_admin' })).email!;
    const publisher = (await createUser(db, org.id, { role: 'publisher' })).email!;
    admin = await signIn(t, adminEmail);
    const key = await createAccessKey(t, admin.headers, 'Single sign-on');
    keyId = key.integration.id;
    const otherKey = await createAccessKey(t, (await signIn(t, otherEmail)).headers, 'Other');
    const apiHeaders = async (accessKey: string, email: string) => ({
      apikey: accessKey,
      authorization: `Bearer ${await idTokenFor(t, email)}`,
    });
    api = caller(await apiHeaders(key.accessKey, adminEmail), '/api/v1');
    consoleCall = caller(admin.headers, '/api');
    otherApi = caller(await apiHeaders(otherKey.accessKey, otherEmail), '/api/v1');
    workspaceAdminApi = caller(await apiHeaders(key.accessKey, workspaceAdmin), '/api/v1');
    publisherApi = caller(await apiHeaders(key.accessKey, publisher), '/api/v1');
  });
  afterAll(() => t?.close());

  const connectionRow = async (id: string) => (await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.id, id)))[0];

  it("lets an Organizational Admin's key create, list, read, change, rotate and delete a connection, never answering the client secret", async () => {
    const created = await api('POST', '/sso-connections', oidc);
    expect(created.statusCode).toBe(201);
    const { connection } = created.json();
    const id: string = connection.id;
    // The console's own view of it, the issuer kept without its slash and only the secret's end shown.
    expect(connection).toEqual((await consoleCall('GET', `/sso-connection/${id}`)).json().connection);
    expect([connection.issuer, connection.clientSecretLast4]).toEqual(['https://login.acme.example', 'XYZW']);
    expect(connection.callbackUrl).toBe(`https://console.example/api/auth/sso/connections/${id}/callback`);
    expect(created.body).not.toContain(SECRET);

    const listed = await api('GET', '/sso-connections?limit=5');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().connections.map((c: { id: string }) => c.id)).toContain(id);
    expect(listed.body).not.toContain(SECRET);

    // Two refused sign-ins, as sign-in keeps them: the read answers them newest first.
    await t.database.db.insert(ssoConnectionRefusals).values([
      { connectionId: id, at: new Date('2026-11-30T10:00:00Z'), reasonCode: 'unknown_person', reason: 'ana@acme.example is not known' },
      { connectionId: id, at: new Date('2026-12-01T10:00:00Z'), reasonCode: 'nonce_mismatch', reason: 'the nonce differs' },
    ]);
    const read = await api('GET', `/sso-connections/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      connection: { id, clientSecretLast4: 'XYZW' },
      refusals: [
        { at: '2026-12-01T10:00:00.000Z', reasonCode: 'nonce_mismatch' },
        { at: '2026-11-30T10:00:00.000Z', reasonCode: 'unknown_person', reason: 'ana@acme.example is not known' },
      ],
    });
    expect(read.body).not.toContain(SECRET);

    const changed = await api('PATCH', `/sso-connections/${id}`, {
      enabled: true,
      jit: true,
      groupRoles: [{ group: 'Editors', role: 'publisher' }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().connection).toMatchObject({ enabled: true, jit: true, groupRoles: [{ group: 'Editors', role: 'publisher' }] });

    const rotated = await api('POST', `/sso-connections/${id}/secret`, { clientSecret: NEW_SECRET });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().connection.clientSecretLast4).toBe('9876');
    expect(rotated.body).not.toContain(NEW_SECRET);
    // The new secret is the one kept to call the identity provider, and no read answers it.
    expect((await connectionRow(id)).clientSecret).toBe(NEW_SECRET);
    for (const again of [await api('GET', `/sso-connections/${id}`), await api('GET', '/sso-connections')]) {
      expect(again.body).not.toContain(NEW_SECRET);
      expect(again.body).not.toContain(SECRET);
    }

    const removed = await api('DELETE', `/sso-connections/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().removedConnection.id).toBe(id);
    expect(removed.body).not.toContain(NEW_SECRET);
    const gone = await api('GET', `/sso-connections/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('SSO_CONNECTION_NOT_FOUND');

    // Each change an event of the access key, without either secret.
    const events = await eventsOf(t.database.db, { targetId: id });
    expect(events.map((e) => e.action)).toEqual([
      'sso_connection.created',
      'sso_connection.updated',
      'sso_connection.secret_rotated',
      'sso_connection.deleted',
    ]);
    for (const event of events) expect(event.actor).toMatchObject({ type: 'access_key', id: keyId });
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(JSON.stringify(events)).not.toContain(NEW_SECRET);
  });

  it("sets a SAML connection's identity provider by URL or XML and rotates its certificates", async () => {
    const idp = createSamlIdp({ entityId: 'https://idp.acme.example/saml' });
    const served = await idp.serve();
    try {
      const created = await api('POST', '/sso-connections', { kind: 'saml', name: 'ADFS' });
      expect(created.statusCode).toBe(201);
      const id: string = created.json().connection.id;
      expect(created.json().connection).toMatchObject({ kind: 'saml', samlConfigured: false, clientSecretLast4: null });
      // Not before its identity provider is set up.
      expect((await api('PATCH', `/sso-connections/${id}`, { enabled: true })).json().code).toBe('SSO_CONNECTION_INCOMPLETE');

      const byUrl = await api('PUT', `/sso-connections/${id}/saml/metadata`, { source: 'url', url: `${served.url}/metadata` });
      expect(byUrl.statusCode).toBe(200);
      expect(byUrl.json().connection).toMatchObject({
        samlConfigured: true,
        saml: {
          idpEntityId: 'https://idp.acme.example/saml',
          ssoUrl: `${served.url}/sso`,
          metadataUrl: `${served.url}/metadata`,
          certificates: [{ fingerprint: idp.key.fingerprint, source: 'metadata' }],
        },
      });
      const uploaded = await api('PUT', `/sso-connections/${id}/saml/metadata`, {
        source: 'upload',
        xml: idp.metadata({ ssoUrl: 'https://idp.acme.example/sso' }),
      });
      expect(uploaded.json().connection.saml).toMatchObject({ metadataUrl: null, ssoUrl: 'https://idp.acme.example/sso' });

      const next = makeSigningKey();
      const added = await api('POST', `/sso-connections/${id}/saml/certificates`, { certificate: next.certPem });
      expect(added.statusCode).toBe(200);
      expect(added.json().connection.saml.certificates.map((c: { fingerprint: string }) => c.fingerprint)).toEqual([
        idp.key.fingerprint,
        next.fingerprint,
      ]);
      // The fingerprint as the connection shows it, its colons as they are or percent-encoded.
      const removed = await api('DELETE', `/sso-connections/${id}/saml/certificates/${idp.key.fingerprint}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().connection.saml.certificates.map((c: { fingerprint: string }) => c.fingerprint)).toEqual([next.fingerprint]);
      const last = await api('DELETE', `/sso-connections/${id}/saml/certificates/${encodeURIComponent(next.fingerprint)}`);
      expect(last.statusCode).toBe(409);
      expect(last.json().code).toBe('SSO_CONNECTION_INCOMPLETE');

      const enabled = await api('PATCH', `/sso-connections/${id}`, { enabled: true, samlIdpInitiated: true });
      expect(enabled.json().connection).toMatchObject({ enabled: true, saml: { idpInitiated: true } });

      // Refusals in the contracts' codes: metadata that is not an identity provider's, a private address,
      // a certificate that is none, SAML settings of an OpenID Connect connection, a SAML connection's secret.
      expect((await api('PUT', `/sso-connections/${id}/saml/metadata`, { source: 'upload', xml: '<x/>' })).json().code).toBe(
        'SAML_METADATA_INVALID',
      );
      expect(
        (await api('PUT', `/sso-connections/${id}/saml/metadata`, { source: 'url', url: 'https://10.0.0.1/metadata' })).json().code,
      ).toBe('SSO_ISSUER_INVALID');
      expect((await api('POST', `/sso-connections/${id}/saml/certificates`, { certificate: 'not a certificate' })).json().code).toBe(
        'SAML_METADATA_INVALID',
      );
      expect((await api('POST', `/sso-connections/${id}/secret`, { clientSecret: 'x' })).statusCode).toBe(409);
      const oidcConnection = (await api('POST', '/sso-connections', { ...oidc, name: 'Not SAML' })).json().connection.id;
      const notSaml = await api('PUT', `/sso-connections/${oidcConnection}/saml/metadata`, { source: 'upload', xml: idp.metadata() });
      expect(notSaml.statusCode).toBe(409);
      expect(notSaml.json().code).toBe('SSO_CONNECTION_INCOMPLETE');

      const events = await eventsOf(t.database.db, { targetId: id });
      expect(events.map((e) => e.action)).toEqual(['sso_connection.created', ...Array(5).fill('sso_connection.updated')]);
      expect(events.at(-2)?.data).toMatchObject({ after: { saml: { certificates: [next.fingerprint] } } });
    } finally {
      await served.close();
    }
  });

  it('records each change as the console records it: the same action, data and target', async () => {
    const first = makeSigningKey();
    const second = makeSigningKey();
    const idp = createSamlIdp({ entityId: 'https://idp.same.example/saml', key: first });
    /** One script of every write, through one API; the events of the connections it made. */
    const script = async (
      call: Caller,
      paths: { list: string; one: string; secret: string; certificate: string; certificates: string },
    ) => {
      const made: string[] = [];
      const oidcId = (await call('POST', paths.list, { ...oidc, name: 'Same OIDC' })).json().connection.id;
      made.push(oidcId);
      const at = (template: string, id: string) => template.replace(':id', id);
      expect((await call('PATCH', at(paths.one, oidcId), { name: 'Same OIDC, renamed', jit: true })).statusCode).toBe(200);
      expect((await call('POST', at(paths.secret, oidcId), { clientSecret: NEW_SECRET })).statusCode).toBe(200);
      expect((await call('DELETE', at(paths.one, oidcId))).statusCode).toBe(200);
      const samlId = (await call('POST', paths.list, { kind: 'saml', name: 'Same SAML' })).json().connection.id;
      made.push(samlId);
      expect((await call('PUT', `${at(paths.one, samlId)}/saml/metadata`, { source: 'upload', xml: idp.metadata() })).statusCode).toBe(200);
      expect((await call('POST', at(paths.certificates, samlId), { certificate: second.certPem })).statusCode).toBe(200);
      expect(
        (await call('DELETE', at(paths.certificate, samlId).replace(':fingerprint', encodeURIComponent(first.fingerprint)))).statusCode,
      ).toBe(200);
      expect((await call('DELETE', at(paths.one, samlId))).statusCode).toBe(200);
      const events: EventView[] = [];
      for (const id of made) events.push(...(await eventsOf(t.database.db, { targetId: id })));
      return events.map((e) => ({
        action: e.action,
        data: e.data,
        targets: e.targets.map((target) => ({ type: target.type, name: target.name })),
        actor: e.actor.type,
      }));
    };
    const byConsole = await script(consoleCall, {
      list: '/sso-connections',
      one: '/sso-connection/:id',
      secret: '/sso-connection/:id/secret',
      certificates: '/sso-connection/:id/saml/certificates',
      certificate: '/sso-connection/:id/saml/certificate/:fingerprint',
    });
    const byApi = await script(api, {
      list: '/sso-connections',
      one: '/sso-connections/:id',
      secret: '/sso-connections/:id/secret',
      certificates: '/sso-connections/:id/saml/certificates',
      certificate: '/sso-connections/:id/saml/certificates/:fingerprint',
    });
    expect(byConsole.map((e) => e.action)).toEqual([
      'sso_connection.created',
      'sso_connection.updated',
      'sso_connection.secret_rotated',
      'sso_connection.deleted',
      'sso_connection.created',
      'sso_connection.updated',
      'sso_connection.updated',
      'sso_connection.updated',
      'sso_connection.deleted',
    ]);
    expect(byConsole.every((e) => e.actor === 'user')).toBe(true);
    expect(byApi.every((e) => e.actor === 'access_key')).toBe(true);
    const withoutActor = (events: typeof byApi) => events.map(({ actor: _, ...rest }) => rest);
    expect(withoutActor(byApi)).toEqual(withoutActor(byConsole));
  });

  it("finds another organization's connection missing (404) for every call, reading nothing and changing nothing", async () => {
    const made = (await api('POST', '/sso-connections', { ...oidc, name: 'Home only' })).json().connection.id as string;
    const saml = (await api('POST', '/sso-connections', { kind: 'saml', name: 'Home SAML' })).json().connection.id as string;
    const key = makeSigningKey();
    await t.database.db
      .update(ssoConnections)
      .set({ samlCertificates: [storedCertificate(readCertificate(key.certPem), 'manual')] })
      .where(eq(ssoConnections.id, saml));
    const before = [await connectionRow(made), await connectionRow(saml)];
    const eventsBefore = (await eventsOf(t.database.db, { organizationId: orgId })).length;
    const attempts: [Method, string, object?][] = [
      ['GET', `/sso-connections/${made}`],
      ['PATCH', `/sso-connections/${made}`, { name: 'Taken over', enabled: true }],
      ['POST', `/sso-connections/${made}/secret`, { clientSecret: 'stolen-secret' }],
      ['DELETE', `/sso-connections/${made}`],
      // An address nothing answers on: a fetch before the look-up would be a 400, not a 404.
      ['PUT', `/sso-connections/${saml}/saml/metadata`, { source: 'url', url: 'http://127.0.0.1:1/metadata' }],
      ['PUT', `/sso-connections/${saml}/saml/metadata`, { source: 'upload', xml: createSamlIdp().metadata() }],
      ['POST', `/sso-connections/${saml}/saml/certificates`, { certificate: makeSigningKey().certPem }],
      ['DELETE', `/sso-connections/${saml}/saml/certificates/${encodeURIComponent(key.fingerprint)}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await otherApi(method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('SSO_CONNECTION_NOT_FOUND');
      expect(res.body).not.toContain('Home');
    }
    const listed = await otherApi('GET', '/sso-connections');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(made);
    expect(listed.body).not.toContain(saml);
    expect([await connectionRow(made), await connectionRow(saml)]).toEqual(before);
    expect(await eventsOf(t.database.db, { organizationId: orgId })).toHaveLength(eventsBefore);
  });

  it('refuses a key used by a role below Organizational Admin before reading the request, changing nothing', async () => {
    const id = (await api('POST', '/sso-connections', { ...oidc, name: 'Admins only' })).json().connection.id as string;
    const before = await connectionRow(id);
    const fingerprint = encodeURIComponent(makeSigningKey().fingerprint);
    const calls: [Method, string, object?][] = [
      ['GET', '/sso-connections'],
      ['POST', '/sso-connections', { ...oidc, name: 'By a workspace admin' }],
      ['GET', `/sso-connections/${id}`],
      ['PATCH', `/sso-connections/${id}`, { enabled: true }],
      ['DELETE', `/sso-connections/${id}`],
      ['POST', `/sso-connections/${id}/secret`, { clientSecret: 'not-theirs' }],
      ['PUT', `/sso-connections/${id}/saml/metadata`, { source: 'upload', xml: '<x/>' }],
      ['POST', `/sso-connections/${id}/saml/certificates`, { certificate: 'x' }],
      ['DELETE', `/sso-connections/${id}/saml/certificates/${fingerprint}`],
    ];
    for (const who of [workspaceAdminApi, publisherApi]) {
      for (const [method, url, payload] of calls) {
        const res = await who(method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json().code).toBe('ROLE_NOT_ALLOWED');
        expect(res.body).not.toContain(SECRET);
        // A broken body learns nothing of the call's shape either.
        if (method !== 'GET' && method !== 'DELETE') expect((await who(method, url, '{')).statusCode).toBe(403);
      }
    }
    expect(await connectionRow(id)).toEqual(before);
    expect((await api('GET', '/sso-connections?limit=100')).json().connections.map((c: { name: string }) => c.name)).not.toContain(
      'By a workspace admin',
    );
  });

  it("answers the console's refusals with their codes: an issuer the console may not call, Organizational Admin at first arrival, the limit", async () => {
    const org = await createOrganization(t.database.db);
    const email = (await createUser(t.database.db, org.id)).email!;
    const own = await signIn(t, email);
    const fresh = caller(
      { apikey: (await createAccessKey(t, own.headers)).accessKey, authorization: `Bearer ${await idTokenFor(t, email)}` },
      '/api/v1',
    );
    const privateIssuer = await fresh('POST', '/sso-connections', { ...oidc, issuer: 'https://10.1.2.3' });
    expect(privateIssuer.statusCode).toBe(400);
    expect(privateIssuer.json()).toMatchObject({ code: 'SSO_ISSUER_INVALID', details: { reason: 'private_address' } });
    expect((await fresh('POST', '/sso-connections', { ...oidc, jitRole: 'org_admin' })).statusCode).toBe(400);
    expect((await fresh('POST', '/sso-connections', { ...oidc, groupRoles: [{ group: 'IT', role: 'org_admin' }] })).statusCode).toBe(400);
    for (let i = 0; i < SSO_CONNECTIONS_MAX; i++) {
      expect((await fresh('POST', '/sso-connections', { kind: 'saml', name: `SAML ${i}` })).statusCode).toBe(201);
    }
    const over = await fresh('POST', '/sso-connections', { kind: 'saml', name: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'SSO_CONNECTION_LIMIT', details: { max: SSO_CONNECTIONS_MAX } });
    expect((await fresh('GET', '/sso-connections?limit=100')).json().total).toBe(SSO_CONNECTIONS_MAX);
  });

  it('documents every call in the OpenAPI document, for Organizational Admins', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, { operationId: string; tags: string[]; responses: object }>>;
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/v1/sso-connections'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, ...op })));
    expect(operations.map((op) => op.operationId).sort()).toEqual([
      'addSsoConnectionSamlCertificate',
      'createSsoConnection',
      'deleteSsoConnection',
      'getSsoConnection',
      'listSsoConnections',
      'removeSsoConnectionSamlCertificate',
      'rotateSsoConnectionSecret',
      'setSsoConnectionSamlMetadata',
      'updateSsoConnection',
    ]);
    for (const op of operations) {
      expect(op.tags).toEqual(['Single sign-on']);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain('Single sign-on');
    expect(JSON.stringify(paths['/api/v1/sso-connections/{id}'].get.responses)).toContain('refusals');
  });
});
