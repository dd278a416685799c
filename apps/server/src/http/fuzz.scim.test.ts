/**
 * SCIM fuzzed: `/scim/v2` takes bodies no contract describes, so its requests are made
 * here from SCIM's own shapes (users, groups, PATCH operations, list queries) with every
 * part liable to be hostile: NUL, huge numbers, deep JSON, prototype keys, inherited
 * names as paths, empty bodies, wrong types. As for every other route:
 *   - never a 5xx, and every refusal in SCIM's error format;
 *   - a refused request (4xx) changes no data (a hash of the users and teams, before and after);
 *   - no shared prototype changes.
 * FUZZ_SEED replays a run; FUZZ_RUNS sets the runs per request kind.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTERPRISE_SCHEMA,
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  SCIM,
  scimClient,
  scimOrganization,
  USER_SCHEMA,
} from '../modules/provisioning/scim.fixtures.js';
import { hostileString, wrongType } from '../test/fuzz.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30) * 2;

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Deeply nested JSON, deeper than any resource. */
const deep = fc.integer({ min: 10, max: 3000 }).map((n) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < n; i++) value = i % 2 ? [value] : { name: value };
  return value;
});

const hostileNumber = fc.constantFrom(
  1e20,
  -1,
  0,
  2 ** 31,
  2 ** 53 + 1,
  1e308,
  Number.MIN_VALUE,
  '99999999999999999999',
  '-99999999999999999999',
  '1e309',
  'NaN',
);

const prototypeKey = fc
  .constantFrom(...PROTOTYPE_NAMES)
  .chain((n) => fc.constantFrom(n, `${n}.polluted`, `${n}.prototype.polluted`, `name.${n}`, `${ENTERPRISE_SCHEMA}:${n}`));

const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: hostileNumber },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: prototypeKey.map((k) => ({ [k]: 'polluted' })) },
);

/** A value: good most of the time, hostile now and then. */
const sometimes = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: anything });

const email = fc.oneof(
  fc.constantFrom('ann@fuzz.example', 'bob@fuzz.example', 'not-an-address', 'upn-style-name'),
  hostileString.map((s) => `${s}@fuzz.example`),
);

const userBody = fc
  .record(
    {
      schemas: sometimes(fc.constant([USER_SCHEMA, ENTERPRISE_SCHEMA])),
      userName: sometimes(email),
      externalId: sometimes(fc.string({ maxLength: 10 })),
      active: sometimes(fc.constantFrom(true, false, 'True', 'False')),
      displayName: sometimes(fc.string({ maxLength: 10 })),
      name: sometimes(
        fc.record(
          {
            givenName: sometimes(fc.constant('Ann')),
            familyName: sometimes(fc.constant('Lee')),
            formatted: sometimes(fc.constant('Ann Lee')),
          },
          { requiredKeys: [] },
        ),
      ),
      emails: sometimes(
        fc.array(
          fc.record({ value: sometimes(email), type: sometimes(fc.constantFrom('work', 'home')), primary: sometimes(fc.boolean()) }),
          { maxLength: 3 },
        ),
      ),
      phoneNumbers: sometimes(
        fc.array(fc.record({ value: sometimes(fc.constant('+1 555 0100')), type: sometimes(fc.constant('work')) }), { maxLength: 2 }),
      ),
      title: sometimes(fc.constant('Operator')),
      [ENTERPRISE_SCHEMA]: sometimes(
        fc.record(
          {
            employeeNumber: sometimes(fc.string({ maxLength: 6 })),
            department: sometimes(fc.constant('Assembly')),
            manager: sometimes(fc.record({ value: sometimes(fc.uuid()) })),
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  )
  .chain((body) => fc.option(prototypeKey, { freq: 4, nil: undefined }).map((k) => (k ? { ...body, [k]: 'polluted' } : body)));

const groupBody = fc.record(
  {
    schemas: sometimes(fc.constant([GROUP_SCHEMA])),
    displayName: sometimes(fc.string({ maxLength: 10 })),
    members: sometimes(fc.array(fc.record({ value: sometimes(fc.uuid()) }), { maxLength: 3 })),
  },
  { requiredKeys: [] },
);

const path = fc.oneof(
  fc.constantFrom(
    'displayName',
    'name.givenName',
    'emails[type eq "work"].value',
    'phoneNumbers[type eq "work"].value',
    'active',
    'title',
    'members',
    `${ENTERPRISE_SCHEMA}:department`,
    `${ENTERPRISE_SCHEMA}:manager`,
    'members[value eq "x"]',
    'emails[type eq',
  ),
  prototypeKey,
  hostileString,
);

const patchBody = fc.record(
  {
    schemas: sometimes(fc.constant([PATCH_SCHEMA])),
    Operations: sometimes(
      fc.array(
        fc.record(
          {
            op: sometimes(fc.constantFrom('add', 'replace', 'remove', 'Replace')),
            path: fc.option(path, { nil: undefined }),
            value: anything,
          },
          { requiredKeys: ['op'] },
        ),
        { minLength: 1, maxLength: 3 },
      ),
    ),
  },
  { requiredKeys: [] },
);

const payload = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: body.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '{', '[]', 'null', '"text"', '{"a":"\\u0000"}') },
    { weight: 1, arbitrary: hostileString },
  );

const query = fc
  .record(
    {
      filter: sometimes(
        fc.constantFrom(
          'userName eq "ann@fuzz.example"',
          'emails[type eq "work"].value co "fuzz"',
          'displayName sw "A"',
          'toString eq "x"',
        ),
      ),
      startIndex: sometimes(fc.nat().map(String)),
      count: sometimes(fc.nat().map(String)),
      attributes: sometimes(fc.constant('userName,name')),
    },
    { requiredKeys: [] },
  )
  .map((q) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) params.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    return `?${params}`;
  });

describe('SCIM requests, fuzzed', () => {
  let t: TestApp;
  let token = '';
  let scim: ReturnType<typeof scimClient>;
  const ids = { user: '', group: '' };

  beforeAll(async () => {
    t = await createTestApp({ config: { API_UNKNOWN_KEY_RATE_LIMIT: '100000' } });
    token = (await scimOrganization(t)).token;
    scim = scimClient(t, token);
    ids.user = (await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'fuzz.target@fuzz.example' })).body.id;
    ids.group = (await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Fuzz Team' })).body.id;
    console.info(`SCIM fuzz: seed ${SEED} (FUZZ_SEED to replay), ${RUNS} runs per request kind`);
  });
  afterAll(() => t?.close());

  async function snapshot() {
    const res = await t.database.executeSql(
      `SELECT md5(coalesce((SELECT string_agg((to_jsonb(u) - 'last_login_at')::text, ',' ORDER BY u.id) FROM users u), '')
                || coalesce((SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM teams x), '')
                || coalesce((SELECT string_agg(to_jsonb(m)::text, ',' ORDER BY m.user_id, m.team_id) FROM user_teams m), '')) AS h`,
    );
    return (res.rows[0] as { h: string }).h;
  }

  async function send(method: string, url: string, body?: string, contentType = 'application/scim+json') {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `${SCIM}${url}`,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': contentType }) },
      ...(body !== undefined && { payload: body }),
    });
    const what = `${method} ${url} ${body?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json().schemas, what).toEqual([ERROR_SCHEMA]);
    expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
    return res;
  }

  const kinds: [string, fc.Arbitrary<{ method: string; url: string; body?: string; contentType?: string }>][] = [
    ['POST /Users', payload(userBody).map((body) => ({ method: 'POST', url: '/Users', body }))],
    ['PUT /Users/{id}', payload(userBody).map((body) => ({ method: 'PUT', url: `/Users/${ids.user}`, body }))],
    ['PATCH /Users/{id}', payload(patchBody).map((body) => ({ method: 'PATCH', url: `/Users/${ids.user}`, body }))],
    ['POST /Groups', payload(groupBody).map((body) => ({ method: 'POST', url: '/Groups', body }))],
    ['PATCH /Groups/{id}', payload(patchBody).map((body) => ({ method: 'PATCH', url: `/Groups/${ids.group}`, body }))],
    ['GET /Users', query.map((q) => ({ method: 'GET', url: `/Users${q}` }))],
    ['GET /Groups', query.map((q) => ({ method: 'GET', url: `/Groups${q}` }))],
    [
      'DELETE with a body',
      fc
        .tuple(fc.constantFrom('', ' ', '{}', '\u0000'), fc.constantFrom('application/json', 'application/scim+json'))
        .map(([body, contentType]) => ({
          method: 'DELETE',
          url: '/Users/00000000-0000-7000-8000-000000000000',
          body,
          contentType,
        })),
    ],
  ];

  for (const [name, requests] of kinds) {
    it(name, async () => {
      let before = await snapshot();
      await fc.assert(
        fc.asyncProperty(requests, async ({ method, url, body, contentType }) => {
          const res = await send(method, url, body, contentType);
          if (res.statusCode >= 400) expect(await snapshot(), `a refused call changed data: ${method} ${url} ${body}`).toBe(before);
          else before = await snapshot();
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    });
  }

  it('answers NUL, out-of-range numbers and an empty DELETE body with SCIM 400s or success, never 500', async () => {
    const nul = await send('POST', '/Users', JSON.stringify({ schemas: [USER_SCHEMA], userName: 'nul\u0000@fuzz.example' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().scimType).toBe('invalidValue');
    const nulName = await send(
      'PATCH',
      `/Users/${ids.user}`,
      JSON.stringify({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'displayName', value: 'a\u0000b' }] }),
    );
    expect(nulName.statusCode).toBe(400);
    const nulFilter = await send('GET', `/Users?filter=${encodeURIComponent('userName eq "a\u0000"')}`);
    expect(nulFilter.statusCode).toBe(400);
    expect(nulFilter.json().scimType).toBe('invalidFilter');
    const far = await send('GET', '/Users?startIndex=99999999999999999999');
    expect(far.statusCode).toBe(400);
    expect(far.json().scimType).toBe('invalidValue');
    const last = await send('GET', '/Users?startIndex=2147483647&count=99999999999999999999');
    expect(last.statusCode).toBe(200);
    expect(last.json().Resources).toEqual([]);
    const deleted = await send(
      'DELETE',
      `/Groups/${(await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Gone' })).body.id}`,
      '',
      'application/json',
    );
    expect(deleted.statusCode).toBe(204);
  });
});
