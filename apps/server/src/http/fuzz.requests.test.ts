/**
 * Every route of the contracts fuzzed (bad input once answered 500 on more than ten routes),
 * generated from `allRoutes()` so that a new route is fuzzed as soon as it is defined. Each is called by someone allowed
 * to (an Organizational Admin, staff with `update` for the Super area, an access key and
 * an idToken for /api/v1) with random and mutated path parameters, queries and bodies:
 *   - never a 5xx;
 *   - a refused request (4xx) changes no data (a hash of every table, before and after);
 *   - nothing is left running: work a request queued (imports, reports) ends, on the real queue;
 *   - no name people read (a person's, an organization's, a SCIM token's) is stored with a control or
 *     direction-changing character, whatever a request that succeeded sent.
 * FUZZ_SEED replays a run; FUZZ_RUNS sets the runs per route.
 */
import { allRoutes, NAME_FORBIDDEN_CHARACTERS, NO_AREAS, type RouteDef } from '@console/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../db/client.js';
import { encodeKeysetCursor } from '../db/paging.js';
import * as schema from '../db/schema.js';
import { jobDefinitions } from '../jobs/index.js';
import { encodeTrailCursor } from '../modules/events/events-trail.service.js';
import { createOrganization, createUser, createWorkspace } from '../test/factories.js';
import { csvBytes, fromSchema, hostileJson, hostileQuery, hostileString } from '../test/fuzz.js';
import { createSamlIdp } from '../test/saml-idp.js';
import { idTokenFor, type SignedIn, signIn, signInWithProvider } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { until } from '../test/until.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_113);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** Columns that change on any call, refused or not: when a session or a key was last used. */
const VOLATILE_COLUMNS = ['last_activity_at', 'last_used_at'];
/** Tables every call may write: rate-limit counters (a refused call counts too), the request log of external API calls. */
const VOLATILE_TABLES = ['rate_limit_hits', 'request_log'];

/** The Super area's tables: staff call them; the rest of /api is an Organizational Admin's. */
const STAFF_TABLES = new Set([
  'organizationRoutes',
  'organizationDomainRoutes',
  'workflowImportRoutes',
  'lookupRoutes',
  'staffSsoConnectionRoutes',
]);
/** Staff's calls in a table of Organizational Admins' (the audit trail's view of any organization). */
const STAFF_CALLS = new Set(['eventRoutes.listForOrganization', 'eventRoutes.exportForOrganization']);
/** Answers that are files or redirects, not JSON. */
const multipart = new Set(['userImportRoutes.create', 'externalApiRoutes.createUserImport']);
/** An identity provider's HTTP-POST binding: a form, as browsers post it. */
const formEncoded = new Set(['ssoConnectionSignInRoutes.samlAcs']);

/** XML an identity provider, or someone posing as one, may send: nesting, entities, a DTD, NUL, huge numbers, a huge document. */
const hostileXml: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '<x/>',
    `${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`,
    '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><r>&b;</r>',
    '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
    '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="\u0000" Version="1e308"/>',
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_${'9'.repeat(400)}" IssueInstant="+275760-09-13T00:00:00Z"/>`,
    `<x>${'y'.repeat(300 * 1024)}</x>`,
    '<a __proto__="1" constructor="2"><__proto__/></a>',
  ),
  fc.string({ maxLength: 200 }).map((s) => `<x>${s}</x>`),
);

describe('every route, fuzzed', () => {
  let t: TestApp;
  let tables: string[] = [];
  const who = { admin: undefined as unknown as SignedIn, staff: undefined as unknown as SignedIn, apiKey: '', apiKeyId: '', idToken: '' };
  const emails = { admin: '', staff: '' };
  const ids: string[] = [];
  let samples: fc.Arbitrary<string>;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    await db.insert(schema.planTypes).values([{ name: 'Team' }]);
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id);
    emails.admin = admin.email!;
    const staffOrg = await createOrganization(db, { isStaff: true });
    emails.staff = (
      await createUser(db, staffOrg.id, { email: 'fuzz@workframe.io', allowedRoleTypes: ['read', 'update'], signInProvider: 'custom' })
    ).email!;
    // What the fuzzer may aim at: another organization with its people and a workspace
    // (never the callers' own accounts, which a valid call could disable).
    const victimOrg = await createOrganization(db);
    const victim = await createUser(db, org.id, { role: 'viewer' });
    // Someone without a password, to whom an invitation may be sent again.
    const invitee = await createUser(db, org.id, { role: 'viewer', passwordHash: null });
    const ws = await createWorkspace(db, org.id);
    const otherWs = await createWorkspace(db, victimOrg.id);
    // A webhook of the caller's organization with a delivery, and one of another organization.
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const [hook, otherHook] = await db
      .insert(schema.webhookEndpoints)
      .values([
        { organizationId: org.id, url: 'https://hooks.fuzz.example/in', secret },
        { organizationId: victimOrg.id, url: 'https://hooks.fuzz.example/other', secret },
      ])
      .returning();
    const delivery = await t.app.services.webhookDeliveries.sendTest({ organizationId: org.id }, hook!.id);
    // A pending domain claim of each organization (no TXT record: a look finds none).
    const [domain, otherDomain] = await db
      .insert(schema.organizationDomains)
      .values([
        { organizationId: org.id, domain: 'fuzz.example', verificationToken: 'fuzz-token' },
        { organizationId: victimOrg.id, domain: 'fuzz.example', verificationToken: 'other-token' },
      ])
      .returning();
    ids.push(
      victimOrg.id,
      victim.id,
      invitee.id,
      ws.id,
      otherWs.id,
      hook!.id,
      otherHook!.id,
      delivery.delivery.id,
      domain!.id,
      otherDomain!.id,
    );
    // A single sign-on connection of the caller's organization and one of another (on an address never called).
    const now = new Date();
    const connection = (organizationId: string) => ({
      organizationId,
      kind: 'oidc',
      name: 'Fuzz connection',
      enabled: true,
      issuer: 'https://10.0.0.1',
      clientId: 'fuzz',
      clientSecret: 'fuzz-secret',
      jit: false,
      jitRole: 'viewer',
      groupRoles: [],
      createdAt: now,
      updatedAt: now,
    });
    const connections = await db
      .insert(schema.ssoConnections)
      .values([connection(org.id), connection(victimOrg.id)])
      .returning();
    ids.push(...connections.map((c) => c.id));
    // A SAML connection of each, the caller's with its identity provider's metadata.
    const idp = createSamlIdp();
    const saml = await db
      .insert(schema.ssoConnections)
      .values([
        { ...connection(org.id), kind: 'saml', issuer: null, clientId: null, clientSecret: null, name: 'Fuzz SAML' },
        { ...connection(victimOrg.id), kind: 'saml', issuer: null, clientId: null, clientSecret: null, name: 'Other SAML' },
      ])
      .returning();
    ids.push(...saml.map((c) => c.id), idp.key.fingerprint);
    await refreshCredentials();
    const configured = await t.app.inject({
      method: 'PUT',
      url: `/api/sso-connection/${saml[0]!.id}/saml/metadata`,
      headers: who.admin.headers,
      payload: { source: 'upload', xml: idp.metadata() },
    });
    if (configured.statusCode !== 200) throw new Error(`SAML metadata: ${configured.body}`);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: who.admin.headers,
      payload: { name: 'Fuzz', description: 'fuzz' },
    });
    who.apiKey = (key.json() as { accessKey: string }).accessKey;
    who.apiKeyId = (key.json() as { integration: { id: string } }).integration.id;
    // The webhook pumps are left out: they send in the background at the clock's times (a
    // failed delivery is tried again 5 s later), so their rows would change between any two
    // snapshots. What a call makes due is its event's deliveries, and the authorization
    // matrix's walk shows a refused call records no event.
    await t.deps.jobs.startWorkers(
      jobDefinitions({ deps: t.deps, services: t.app.services })
        .filter((job) => job.name !== 'webhook-deliveries')
        .map(({ cron: _, ...job }) => job),
    );
    samples = fc.oneof(
      fc.constantFrom(...ids),
      fc.uuid(),
      fc.constantFrom(
        'new.fuzz@example.com',
        victim.email!,
        'Team',
        'ssoLoginOnly',
        // An access key's permissions: its areas and levels, and ones that are not.
        'full',
        'write',
        'read',
        'none',
        'singleSignOn',
        'admin',
        'aiVerification',
        'eventRetentionDays',
        'Fuzz name',
        'Okta production',
        'default',
        ',',
        'Abcdefgh-1!',
        // The audit trail's and events API's: actions (one unknown), cursors good and forged.
        'access_key.rolled,user.created',
        'access_key.rolled,no.such_action',
        encodeTrailCursor({ occurredAt: '2026-11-27T10:00:00.123456Z', id: victim.id }),
        Buffer.from(JSON.stringify(['2026-02-30T10:00:00.000000Z', victim.id])).toString('base64url'),
        Buffer.from('{"__proto__":{"polluted":1}}').toString('base64url'),
        'oldest',
        // The request log's: status classes (one that is none), route patterns, a cursor of its own.
        '2xx',
        '3xx',
        '/v1/users/:id',
        '/v1/../../etc/passwd',
        encodeKeysetCursor({ at: '2026-11-27T10:00:00.123456Z', id: victim.id }),
        // The webhooks' delivery log: event types, outcomes, instants.
        'webhook.test',
        'failed',
        '2026-11-27T10:00:00Z',
        '0000-01-01T00:00:00Z',
        '+275760-09-13T00:00:00.000Z',
        // Webhooks: a URL the policy admits, some it refuses, and event types.
        'https://hooks.fuzz.example/in',
        'https://169.254.169.254/latest/meta-data/',
        'http://[::ffff:127.0.0.1]/',
        'all',
        'user.created',
        // Domains: one to claim, refused ones (public, staff, an address, an IP, punycode gone wrong).
        'acme.fuzz.example',
        'GMAIL.com.',
        'eu.workframe.io',
        'ana@acme.example',
        '192.168.0.1',
        'xn--.example',
        'bücher.example',
        // Single sign-on connections: kinds, roles, an issuer on a private address.
        'oidc',
        'saml',
        'org_admin',
        'https://10.0.0.1',
        'fuzz@fuzz.example',
        // SAML: the metadata's sources, a certificate, metadata good and hostile.
        'upload',
        'url',
        'https://169.254.169.254/metadata',
        createSamlIdp().key.certPem,
        createSamlIdp().metadata(),
        `${'<a>'.repeat(3000)}${'</a>'.repeat(3000)}`,
        '<!DOCTYPE r [<!ENTITY a "a">]><r>&a;</r>',
      ),
      fc.string({ maxLength: 20 }),
    );
    const rows = await t.database.executeSql(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    tables = (rows.rows as { table_name: string }[]).map((r) => r.table_name).filter((n) => !VOLATILE_TABLES.includes(n));
    // Starting the workers resumes work (the analytics job queues the reports an organization lacks):
    // it ends before the first route's snapshot, or its rows would count as a refused call's change.
    await settled();
    console.info(`request fuzz: seed ${SEED} (FUZZ_SEED to replay), ${RUNS} runs per route, ${tables.length} tables watched`);
  });
  afterAll(() => t?.close());

  /** Sessions a previous route may have ended (logout, revoke) are opened again. */
  async function refreshCredentials() {
    const me = who.admin && (await t.app.inject({ url: '/api/auth/me', headers: who.admin.headers })).statusCode;
    if (me !== 200) who.admin = await signIn(t, emails.admin);
    const staffMe = who.staff && (await t.app.inject({ url: '/api/auth/me', headers: who.staff.headers })).statusCode;
    if (staffMe !== 200) who.staff = await signInWithProvider(t, emails.staff, 'custom');
    who.idToken = await idTokenFor(t, emails.admin);
  }

  /** One hash per table of every row (volatile columns left out): equal hashes, same data. */
  /** Names stored with a character a name may not hold (NAME_FORBIDDEN_CHARACTERS). */
  async function disguisedNames(): Promise<unknown[]> {
    const forbidden = `[${NAME_FORBIDDEN_CHARACTERS}]`;
    return sqlRows(
      t.database.db,
      sql`SELECT display_name AS name FROM users
            WHERE display_name ~ ${forbidden} OR given_name ~ ${forbidden} OR family_name ~ ${forbidden}
          UNION ALL SELECT name FROM organizations WHERE name ~ ${forbidden}
          UNION ALL SELECT name FROM scim_tokens WHERE name ~ ${forbidden}`,
    );
  }

  async function snapshot(): Promise<Record<string, string>> {
    const drop = VOLATILE_COLUMNS.map((c) => ` - '${c}'`).join('');
    const parts = tables.map(
      (n) =>
        `SELECT '${n}' AS t, md5(coalesce(string_agg((to_jsonb(x)${drop})::text, ',' ORDER BY (to_jsonb(x)${drop})::text), '')) AS h FROM "${n}" x`,
    );
    const res = await t.database.executeSql(parts.join(' UNION ALL '));
    return Object.fromEntries((res.rows as { t: string; h: string }[]).map((r) => [r.t, r.h]));
  }

  /** Background work a call queued has ended (bounded: a job that runs for ever fails here). */
  async function settled() {
    // Reset e-mails follow their answer (a victim's address is a sample).
    await t.app.services.passwordReset.settled();
    await until(
      'queued work to end',
      async () => {
        const res = await t.database.executeSql(
          `SELECT (SELECT count(*) FROM user_imports WHERE status = 'processing' OR lease_owner IS NOT NULL)::int
                + (SELECT count(*) FROM report_generations WHERE status IN ('queued', 'running'))::int
                -- an ended run drops an import's staged rows and then lets go of it (its lease)
                + (SELECT count(*) FROM user_import_rows r JOIN user_imports i ON i.id = r.import_id
                    WHERE i.status = 'validation_error')::int AS busy`,
        );
        return (res.rows[0] as { busy: number }).busy === 0 ? true : undefined;
      },
      30_000,
    );
  }

  function headersFor(name: string, def: RouteDef): Record<string, string> {
    if (def.path.startsWith('/v1/')) return { apikey: who.apiKey, authorization: `Bearer ${who.idToken}` };
    return STAFF_TABLES.has(name.split('.')[0]) || STAFF_CALLS.has(name) ? { ...who.staff.headers } : { ...who.admin.headers };
  }

  /** As a client sends it: a lone surrogate goes as U+FFFD (encodeURIComponent would throw). */
  const encode = (s: string) => encodeURIComponent(Buffer.from(s).toString());
  const pathArb = (def: RouteDef) => {
    const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    return fc
      .tuple(...names.map(() => fc.oneof(samples, hostileString)))
      .map((values) => names.reduce((path, name, i) => path.replace(`:${name}`, encode(values[i]) || '%20'), def.path));
  };
  const shapedQuery = (def: RouteDef): fc.Arbitrary<string> =>
    !def.query
      ? fc.constant('')
      : fromSchema(def.query, samples).map((q) => {
          if (q === null || typeof q !== 'object' || Array.isArray(q)) return `?${encode(String(q))}`;
          const params = new URLSearchParams();
          for (const [k, v] of Object.entries(q)) {
            for (const one of Array.isArray(v) ? v : [v])
              if (one !== undefined) params.append(k, typeof one === 'object' ? JSON.stringify(one) : String(one));
          }
          return `?${params}`;
        });
  // Now and then a good query (or none) comes with prototype keys.
  const queryArb = (def: RouteDef) =>
    fc.oneof(
      { weight: 8, arbitrary: shapedQuery(def) },
      { weight: 1, arbitrary: fc.tuple(shapedQuery(def), hostileQuery).map(([q, bad]) => `${q}${q.length > 1 ? '&' : ''}${bad}`) },
    );
  type Body = { payload?: string | Buffer; contentType?: string };
  const bodyArb = (name: string, def: RouteDef): fc.Arbitrary<Body> => {
    if (formEncoded.has(name)) {
      const field = fc.oneof(
        hostileXml.map((xml) => Buffer.from(xml).toString('base64')),
        hostileString,
        fc.constantFrom('%00', '1e309', '-0', 'A'.repeat(500 * 1024)),
      );
      return fc
        .tuple(
          field,
          fc.option(hostileString),
          fc.constantFrom('', '&SAMLResponse=again', '&__proto__=polluted&constructor=x', '&RelayState=a&RelayState=b'),
        )
        .map(([response, relay, extra]) => ({
          payload: `SAMLResponse=${encodeURIComponent(response)}${relay === null ? '' : `&RelayState=${encode(relay)}`}${extra}`,
          contentType: 'application/x-www-form-urlencoded',
        }));
    }
    if (multipart.has(name)) {
      return fc
        .tuple(
          csvBytes,
          fc.oneof(
            fc.constant('users.csv'),
            hostileString.map((s) => `${s}.csv`),
            hostileString,
          ),
          fromSchema(undefined, samples),
          fc.constantFrom(',', ';', '\u0000', '"', ''),
        )
        .map(([content, filename, _extra, columnSeparator]) => {
          const boundary = 'fuzzboundary';
          const part = (headers: string, value: Buffer | string) =>
            Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(value), Buffer.from('\r\n')]);
          const payload = Buffer.concat([
            part('Content-Disposition: form-data; name="columnSeparator"', columnSeparator),
            part(
              `Content-Disposition: form-data; name="file"; filename="${filename.replaceAll('"', '')}"\r\nContent-Type: text/csv`,
              content,
            ),
            Buffer.from(`--${boundary}--\r\n`),
          ]);
          return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
        });
    }
    // An empty body typed as JSON, as clients send with an action or a DELETE: no body, on every route.
    const emptyJson = fc.constant({ payload: '', contentType: 'application/json' });
    if (def.method === 'GET' || def.method === 'DELETE') return fc.oneof(fc.constant({}), emptyJson);
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fromSchema(def.body, samples).map((b) => ({ payload: JSON.stringify(b ?? null), contentType: 'application/json' })),
      },
      { weight: 1, arbitrary: hostileString.map((s) => ({ payload: s, contentType: 'application/json' })) },
      { weight: 1, arbitrary: hostileJson(fromSchema(def.body, samples)).map((s) => ({ payload: s, contentType: 'application/json' })) },
      { weight: 1, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: emptyJson },
    );
  };

  /** Refusals that count an attempt against a real person's lockout and record it. */
  const countedRefusal = (body: string) => {
    try {
      return (JSON.parse(body) as { code?: string }).code === 'BAD_CREDENTIALS';
    } catch {
      return false;
    }
  };
  const withoutCounted = ({ users: _users, events: _events, ...rest }: Record<string, string>) => rest;

  /** Each body is refused 400 on a key's creation and change, pollutes no prototype and changes no data. */
  async function refusedWholeOnKeys(hostile: string[], changed: string) {
    const before = await snapshot();
    for (const payload of hostile) {
      for (const [method, url] of [
        ['POST', '/api/integrations'],
        ['PUT', `/api/integration/${who.apiKeyId}`],
      ] as const) {
        const res = await t.app.inject({ method, url, payload, headers: { ...who.admin.headers, 'content-type': 'application/json' } });
        const what = `${method} ${url} ${payload.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBe(400);
        const prototype = {} as { polluted?: unknown; actsAlone?: unknown; webhooks?: unknown };
        expect([prototype.polluted, prototype.actsAlone, prototype.webhooks], `Object.prototype polluted: ${what}`).toEqual([
          undefined,
          undefined,
          undefined,
        ]);
      }
    }
    expect(await snapshot(), changed).toEqual(before);
  }

  it("refuses an access key's hostile permissions whole, before anything is written, on creation and change", async () => {
    await refreshCredentials();
    const areas = { ...NO_AREAS, users: 'read' };
    const areasText = JSON.stringify(areas).slice(1, -1);
    const hostile = [
      // Prototype keys beside good areas, and alone.
      `{"name":"k","permissions":{"__proto__":{"webhooks":"write"},${areasText}}}`,
      `{"name":"k","permissions":{"constructor":{"prototype":{"polluted":true}},${areasText}}}`,
      '{"name":"k","permissions":{"__proto__":"full"}}',
      '{"name":"k","__proto__":{"permissions":"full"},"permissions":{}}',
      // Unknown areas and levels, levels in another case or with a NUL, a missing area.
      `{"name":"k","permissions":{${areasText},"billing":"write"}}`,
      `{"name":"k","permissions":{${areasText.replace('"users":"read"', '"users":"admin"')}}}`,
      `{"name":"k","permissions":{${areasText.replace('"users":"read"', '"users":"WRITE"')}}}`,
      `{"name":"k","permissions":{${areasText.replace('"users":"read"', '"users":"write\\u0000"')}}}`,
      `{"name":"k","permissions":{${areasText.replace('"users":"read",', '')}}}`,
      '{"name":"k","permissions":"FULL"}',
      '{"name":"k","permissions":"full\\u0000"}',
      '{"name":"k","permissions":["full"]}',
      '{"name":"k","permissions":null}',
      // Huge numbers where a level goes, and deep JSON.
      `{"name":"k","permissions":{${areasText.replace('"users":"read"', '"users":1e400')}}}`,
      '{"name":"k","permissions":123456789012345678901234567890}',
      `{"name":"k","permissions":${'{"users":'.repeat(5_000)}"read"${'}'.repeat(5_000)}}`,
      `{"name":"k","permissions":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ];
    await refusedWholeOnKeys(hostile, 'a refused permissions body changed data');
  });

  it("refuses a hostile choice of acting alone whole, on an access key's creation and change", async () => {
    await refreshCredentials();
    const hostile = [
      '{"name":"k","actsAlone":"true"}',
      '{"name":"k","actsAlone":1}',
      '{"name":"k","actsAlone":null}',
      '{"name":"k","actsAlone":"true\\u0000"}',
      '{"name":"k","actsAlone":[true]}',
      '{"name":"k","actsAlone":{"__proto__":true}}',
      '{"name":"k","actsAlone":1e400}',
      '{"name":"k","actsAlone":123456789012345678901234567890}',
      '{"name":"k","__proto__":{"actsAlone":true},"actsAlone":"yes"}',
      // A prototype key alone, beside a good body: refused too (the body parser refuses `__proto__`).
      '{"name":"k","__proto__":{"actsAlone":true}}',
      '{"name":"k","constructor":{"prototype":{"actsAlone":true}},"actsAlone":0}',
      `{"name":"k","actsAlone":${'{"a":'.repeat(5_000)}true${'}'.repeat(5_000)}}`,
      `{"name":"k","actsAlone":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ];
    await refusedWholeOnKeys(hostile, 'a refused choice changed data');
  });

  it('refuses hostile credentials and bodies of a key that acts on its own, changing nothing', async () => {
    await refreshCredentials();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: who.admin.headers,
      payload: { name: 'Fuzz alone', actsAlone: true },
    });
    const { accessKey, integration } = created.json() as { accessKey: string; integration: { id: string } };
    expect((await t.app.inject({ url: '/api/v1/users', headers: { apikey: accessKey } })).statusCode).toBe(200);
    const before = await snapshot();
    // Any Authorization header is a person's, checked as one: an empty, garbled or hostile one never lets the key act alone.
    for (const authorization of ['', 'Bearer', 'Bearer \u0000', 'Basic Zm9vOmJhcg==', `Bearer ${'A'.repeat(20_000)}`, 'Bearer __proto__']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { apikey: accessKey, authorization },
        payload: { email: 'alone@example.com', displayName: 'Alone' },
      });
      expect(res.statusCode, `${JSON.stringify(authorization.slice(0, 40))} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(401);
    }
    // Hostile keys alone: NUL, prototype names, huge, two headers.
    for (const apikey of [`${accessKey}\u0000`, '__proto__', 'constructor', `wfk_${'9'.repeat(400)}`, 'x'.repeat(20_000)]) {
      const res = await t.app.inject({ url: '/api/v1/users', headers: { apikey } });
      expect(res.statusCode, `${apikey.slice(0, 40)} → ${res.statusCode}`).toBe(401);
    }
    const twice = await t.app.inject({ url: '/api/v1/users', headers: { apikey: [accessKey, accessKey] } });
    expect(twice.statusCode).toBeLessThan(500);
    // Its writes refuse hostile bodies as a person's calls do.
    for (const payload of [
      '{"__proto__":{"role":"org_admin"},"email":"p@example.com"}',
      '{"email":"a\u0000@example.com","displayName":"Nul"}',
      '{"email":"big@example.com","displayName":"Big","role":1e400}',
      `{"email":"deep@example.com","displayName":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        payload,
        headers: { apikey: accessKey, 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${payload.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(400);
    }
    expect(await snapshot(), 'a refused call of a key alone changed data').toEqual(before);
    await t.app.inject({ method: 'DELETE', url: `/api/integration/${integration.id}`, headers: who.admin.headers });
  });

  for (const { name, def } of allRoutes()) {
    it(`${def.method} ${def.path} (${name})`, async () => {
      await refreshCredentials();
      let before = await snapshot();
      await fc.assert(
        fc.asyncProperty(pathArb(def), queryArb(def), bodyArb(name, def), async (path, query, body) => {
          const res = await t.app.inject({
            method: def.method,
            url: `/api${path}${query}`,
            headers: { ...headersFor(name, def), ...(body.contentType && { 'content-type': body.contentType }) },
            ...(body.payload !== undefined && { payload: body.payload }),
          });
          const what = `${def.method} /api${path}${query} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          expect(({} as { polluted?: unknown }).polluted, `Object.prototype polluted: ${what}`).toBeUndefined();
          if (res.statusCode >= 400 && countedRefusal(res.body)) {
            // A wrong password for a real person is counted towards the lockout and recorded
            // (session.sign_in_failed, decision 020): only those two tables may change.
            const after = await snapshot();
            expect(withoutCounted(after), `a refused sign-in changed more than its count and event: ${what}`).toEqual(
              withoutCounted(before),
            );
            before = after;
          } else if (res.statusCode >= 400) {
            expect(await snapshot(), `a refused call changed data: ${what}`).toEqual(before);
          } else {
            await settled();
            expect(await disguisedNames(), `a name was stored with a control or direction-changing character: ${what}`).toEqual([]);
            before = await snapshot();
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      await settled();
    });
  }

  // Writes of the external API take an Idempotency-Key (decision 070): a hostile one is refused before anything runs.
  it('refuses a hostile Idempotency-Key on every write of the external API with a clean 400, changing nothing', async () => {
    await refreshCredentials();
    // A key of its own: these calls spend no budget the routes above left spent.
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: who.admin.headers,
      payload: { name: 'Fuzz idempotency', description: 'fuzz' },
    });
    const apikey = (key.json() as { accessKey: string }).accessKey;
    const before = await snapshot();
    const hostile = ['\u0000', 'a\u0000b', 'x'.repeat(10_000), 'clé-ünïcødé', '日本語', '\r\nX-Injected: 1', '', '\u007f', '\u202e'];
    const writes = allRoutes().filter(({ def }) => def.path.startsWith('/v1/') && def.method !== 'GET' && def.path !== '/v1/auth/token');
    expect(writes.length).toBeGreaterThan(15);
    for (const { name, def } of writes) {
      const path = def.path.replace(/:(\w+)/g, ids[0]!);
      for (const value of hostile) {
        const what = `${def.method} ${def.path} (${name}) with Idempotency-Key ${JSON.stringify(value.slice(0, 20))}`;
        const res = await t.app
          .inject({
            method: def.method,
            url: `/api${path}`,
            headers: { apikey, authorization: `Bearer ${who.idToken}`, 'idempotency-key': value, 'content-type': 'application/json' },
            payload: '{}',
          })
          .catch((err: Error) => err);
        // Node refuses some of these values before they reach a server (a NUL, a line break): nothing to answer then.
        if (res instanceof Error) {
          expect(res.message, what).toMatch(/invalid character|header/i);
          continue;
        }
        expect(res.statusCode, `${what} → ${res.body.slice(0, 200)}`).toBe(400);
        expect((res.json() as { code: string }).code, what).toBe('IDEMPOTENCY_KEY_INVALID');
      }
    }
    expect(await snapshot(), 'a refused Idempotency-Key changed data').toEqual(before);
  });
});
