/**
 * Every write of single sign-on connections, in the console and the external API, sent what an
 * attacker sends: `__proto__` and `constructor` keys, NUL characters, huge numbers, deeply
 * nested and huge JSON, hostile XML and addresses. Never a 5xx, never a polluted prototype, never
 * an Organizational Admin made by first arrival, and a refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { hostileListQueries } from '../../test/fuzz.js';
import { createSamlIdp } from '../../test/saml-idp.js';
import { createAccessKey, idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const OIDC = '"kind":"oidc","name":"Hostile","issuer":"https://login.hostile.example","clientId":"c","clientSecret":"s"';

/** Bodies as raw JSON text, so that `__proto__` stays an own key as a client would send it. */
const bodies: string[] = [
  `{"__proto__":{"enabled":true,"polluted":true},${OIDC}}`,
  `{${OIDC},"constructor":{"prototype":{"polluted":true}}}`,
  `{${OIDC},"jit":true,"jitRole":{"__proto__":"org_admin"}}`,
  `{${OIDC},"jit":true,"groupRoles":[{"group":"IT","role":"viewer","__proto__":{"role":"org_admin"}}]}`,
  `{${OIDC},"groupRoles":[{"group":"__proto__","role":"viewer"},{"group":"constructor","role":"publisher"}]}`,
  '{"kind":"saml","name":"a\\u0000b"}',
  '{"kind":"oidc","name":"Hostile","issuer":"https://login.hostile.example/\\u0000","clientId":"c","clientSecret":"s"}',
  `{${OIDC},"enabled":1e309}`,
  `{${OIDC},"jit":9007199254740993}`,
  `{"kind":"saml","name":${deep(5000)}}`,
  `{${OIDC},"groupRoles":${deep(2000)}}`,
  `{${OIDC},"groupRoles":[${Array(20_000).fill('{"group":"g","role":"viewer"}').join(',')}]}`,
  `{"kind":"saml","name":"${'é'.repeat(10_000)}"}`,
  `{"clientSecret":1e308}`,
  `{"clientSecret":"${'s'.repeat(3000)}"}`,
  '{"clientSecret":"new\\u0000secret"}',
  '{"source":"upload","xml":"<x>\\u0000</x>"}',
  '{"source":"upload","xml":"<!DOCTYPE r [<!ENTITY a \\"aaaaaaaaaa\\"><!ENTITY b \\"&a;&a;&a;&a;&a;\\">]><r>&b;</r>"}',
  `{"source":"upload","xml":"${'<a>'.repeat(3000)}${'</a>'.repeat(3000)}"}`,
  '{"source":"url","url":"https://169.254.169.254/latest/meta-data/"}',
  '{"source":"url","url":"http://[::ffff:127.0.0.1]/metadata"}',
  '{"source":"__proto__","xml":"<x/>"}',
  '{"certificate":"-----BEGIN CERTIFICATE-----\\u0000-----END CERTIFICATE-----"}',
  `{"certificate":${deep(3000)}}`,
  'null',
  '[]',
  '"oidc"',
  '{',
];
const badIds = ['%00', 'not-a-uuid', '__proto__', '00000000-0000-0000-0000-000000000000', 'x'.repeat(5000)];

describe('single sign-on connection calls with hostile input', () => {
  let t: TestApp;
  let admin: SignedIn;
  let api: Record<string, string>;
  const ids = { oidc: '', saml: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.database.db);
    const email = (await createUser(t.database.db, org.id)).email!;
    admin = await signIn(t, email);
    api = { apikey: (await createAccessKey(t, admin.headers)).accessKey, authorization: `Bearer ${await idTokenFor(t, email)}` };
    const made = async (payload: object) =>
      (await t.app.inject({ method: 'POST', url: '/api/sso-connections', headers: admin.headers, payload })).json().connection.id;
    ids.oidc = await made({ kind: 'oidc', name: 'Target', issuer: 'https://login.target.example', clientId: 'c', clientSecret: 'secret' });
    ids.saml = await made({ kind: 'saml', name: 'Target SAML' });
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/sso-connection/${ids.saml}/saml/metadata`,
      headers: admin.headers,
      payload: { source: 'upload', xml: createSamlIdp().metadata() },
    });
    if (set.statusCode !== 200) throw new Error(`metadata: ${set.body}`);
  });
  afterAll(() => t?.close());

  /** The connections and their events, as text: what a refused call must leave as it was. */
  const state = async () => {
    const { rows } = await t.database.executeSql(
      "select (select coalesce(string_agg(row_to_json(c)::text, ',' order by c.id), '') from sso_connections c) as c, (select count(*) from events where action like 'sso_connection.%')::int as e",
    );
    return JSON.stringify(rows[0]);
  };

  /** Each write as the console and the external API name it. */
  const calls = () =>
    [
      ['POST', '/sso-connections', '/sso-connections'],
      ['PATCH', `/sso-connection/${ids.oidc}`, `/sso-connections/${ids.oidc}`],
      ['POST', `/sso-connection/${ids.oidc}/secret`, `/sso-connections/${ids.oidc}/secret`],
      ['PUT', `/sso-connection/${ids.saml}/saml/metadata`, `/sso-connections/${ids.saml}/saml/metadata`],
      ['POST', `/sso-connection/${ids.saml}/saml/certificates`, `/sso-connections/${ids.saml}/saml/certificates`],
    ] as const;
  const both = (consolePath: string, apiPath: string) =>
    [
      [`/api${consolePath}`, admin.headers],
      [`/api/v1${apiPath}`, api],
    ] as const;

  it('refuses or takes every hostile body without a 5xx; a refusal changes nothing; no prototype is polluted', async () => {
    let taken = 0;
    for (const [method, consolePath, apiPath] of calls()) {
      for (const [url, headers] of both(consolePath, apiPath)) {
        for (const payload of bodies) {
          const before = await state();
          const res = await t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
          const what = `${method} ${url} ${payload.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await state(), what).toBe(before);
          else {
            taken++;
            const { connection } = res.json();
            // What was taken is what the schema allows: nothing enabled or made admin by a prototype key.
            expect(Object.keys(connection), what).not.toContain('polluted');
            expect(connection.jitRole, what).not.toBe('org_admin');
            expect(JSON.stringify(connection.groupRoles), what).not.toContain('org_admin');
            if (method === 'POST' && connection.id !== ids.oidc && connection.id !== ids.saml) {
              expect(connection.enabled, what).toBe(false);
              await t.app.inject({ method: 'DELETE', url: `/api/sso-connection/${connection.id}`, headers: admin.headers });
            }
          }
          expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
        }
      }
    }
    // Some bodies are well formed underneath (a group named __proto__): what was taken was checked above.
    expect(taken).toBeGreaterThan(0);
    // The connections the calls named are still there, the OpenID Connect one with its own secret.
    const read = await t.app.inject({ url: `/api/v1/sso-connections/${ids.oidc}`, headers: api });
    expect(read.json().connection.clientSecretLast4).toMatch(/^.{1,4}$/);
    expect((await t.app.inject({ url: `/api/v1/sso-connections/${ids.saml}`, headers: api })).json().connection.samlConfigured).toBe(true);
  });

  it('answers hostile queries, ids and fingerprints with a 4xx or the page, never a 5xx, changing nothing', async () => {
    for (const query of hostileListQueries) {
      for (const [url, headers] of both(`/sso-connections${query}`, `/sso-connections${query}`)) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    const named = [
      ...badIds.flatMap((bad) => [
        ['GET', `/sso-connection/${bad}`, `/sso-connections/${bad}`],
        ['DELETE', `/sso-connection/${bad}`, `/sso-connections/${bad}`],
      ]),
      ...[...badIds, 'AB:'.repeat(31), `${'ZZ:'.repeat(31)}ZZ`, `${'AB:'.repeat(31)}AB%00`].map((bad) => [
        'DELETE',
        `/sso-connection/${ids.saml}/saml/certificate/${bad}`,
        `/sso-connections/${ids.saml}/saml/certificates/${bad}`,
      ]),
    ] as [string, string, string][];
    for (const [method, consolePath, apiPath] of named) {
      for (const [url, headers] of both(consolePath, apiPath)) {
        const before = await state();
        const res = await t.app.inject({ method: method as 'GET' | 'DELETE', url, headers });
        const what = `${method} ${url.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
        expect(await state(), what).toBe(before);
      }
    }
  });
});
