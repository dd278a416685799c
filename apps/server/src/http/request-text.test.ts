/**
 * A NUL character (U+0000) in any string of a request is refused with a 400
 * VALIDATION_ERROR naming the field (PostgreSQL refuses NUL in text,
 * and it answered 500 on keys, organizations, managers, searches and external API users).
 * The first part walks every request schema of every route table, so a new string field
 * cannot forget `text()`; the second sends NUL in bodies, queries and paths of real routes.
 */
import * as contracts from '@console/contracts';
import { allRoutes, INVALID_CHARACTER, type RouteDef, routeTables } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schema from '../db/schema.js';
import { createOrganization, createUser } from '../test/factories.js';
import { defOf, isWrapper } from '../test/fuzz.js';
import { idTokenFor, type SignedIn, signIn, signInWithProvider } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The places of a schema where a string with NUL would pass: `['body.name', …]`. */
function stringsWithoutNulCheck(s: z.ZodType, at: string): string[] {
  const def = defOf(s);
  const walk = (inner: unknown, path = at) => stringsWithoutNulCheck(inner as z.ZodType, path);
  if (isWrapper(def) || def.type === 'nonoptional') return walk(def.innerType);
  switch (def.type) {
    case 'string': {
      // A format (uuid, email, …) already refuses NUL; any other string must say why.
      if (def.format) return [];
      const issues = s.safeParse('\u0000').error?.issues ?? [];
      return issues.some((i) => i.message === INVALID_CHARACTER) ? [] : [at];
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return [...Object.entries(shape).flatMap(([k, v]) => walk(v, `${at}.${k}`)), ...(def.catchall ? walk(def.catchall, `${at}.*`) : [])];
    }
    case 'pipe':
      return walk(def.in);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => walk(o));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'record':
      return [...walk(def.keyType, `${at}{key}`), ...walk(def.valueType, `${at}{}`)];
    case 'tuple':
      return [...(def.items as z.ZodType[]).flatMap((o, i) => walk(o, `${at}[${i}]`)), ...(def.rest ? walk(def.rest) : [])];
    case 'lazy':
      return walk((def.getter as () => z.ZodType)());
    case 'transform':
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'number':
    case 'bigint':
    case 'null':
    case 'undefined':
    case 'never':
      return [];
    default:
      // unknown, any, custom…: could carry any text.
      return [`${at} (${def.type})`];
  }
}

const requestSchemas = (def: RouteDef) =>
  (['params', 'query', 'body'] as const).flatMap((part) => (def[part] ? [[part, def[part]] as const] : []));

describe('NUL characters in requests: the contracts', () => {
  it('every exported route table is in routeTables', () => {
    const exported = Object.entries(contracts)
      .filter(([k, v]) => k.endsWith('Routes') && typeof v === 'object' && k !== 'firstPageRoutes')
      .map(([k]) => k);
    expect(exported.sort()).toEqual(Object.keys(routeTables).sort());
    // firstPageRoutes is a typed view of calls the tables define (the sign-in page's).
    const defined = new Set(allRoutes().map(({ def }) => `${def.method} ${def.path}`));
    for (const def of Object.values(contracts.firstPageRoutes) as RouteDef[]) expect(defined).toContain(`${def.method} ${def.path}`);
  });

  it('every string of every request schema refuses NUL (text() or a format)', () => {
    const unchecked = allRoutes().flatMap(({ name, def }) =>
      requestSchemas(def).flatMap(([part, s]) => stringsWithoutNulCheck(s, `${name} ${part}`)),
    );
    // The multipart fields of an upload are read with this schema.
    unchecked.push(...stringsWithoutNulCheck(contracts.createUserImportFields, 'user import fields'));
    expect(unchecked).toEqual([]);
  });
});

describe('NUL characters in requests: 400 VALIDATION_ERROR, never 500', () => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let orgId: string;
  let apiKey = '';
  let idToken = '';

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    await db.insert(schema.planTypes).values([{ name: 'Team' }]);
    const org = await createOrganization(db);
    orgId = org.id;
    const adminUser = await createUser(db, org.id);
    admin = await signIn(t, adminUser.email!);
    const staffOrg = await createOrganization(db, { isStaff: true });
    const staffUser = await createUser(db, staffOrg.id, {
      email: 'nul@workframe.io',
      allowedRoleTypes: ['read', 'update'],
      signInProvider: 'custom',
    });
    staff = await signInWithProvider(t, staffUser.email!, 'custom');
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: admin.headers,
      payload: { name: 'K', description: 'd' },
    });
    apiKey = (key.json() as { accessKey: string }).accessKey;
    idToken = await idTokenFor(t, adminUser.email!);
  });
  afterAll(() => t.close());

  const api = () => ({ apikey: apiKey, authorization: `Bearer ${idToken}` });
  const cases: {
    what: string;
    method: 'GET' | 'POST' | 'PUT';
    url: () => string;
    who: () => Record<string, string>;
    payload?: object;
    field: string;
  }[] = [
    {
      what: 'an access key name (body)',
      method: 'POST',
      url: () => '/api/integrations',
      who: () => admin.headers,
      payload: { name: 'a\u0000b', description: 'd' },
      field: 'name',
    },
    {
      what: 'an organization name (body)',
      method: 'POST',
      url: () => '/api/organization',
      who: () => staff.headers,
      payload: { name: 'N\u0000', adminName: 'A', email: 'new.nul@example.com', password: 'Abcdefgh-1!', planType: 'Team' },
      field: 'name',
    },
    {
      what: "a manager's name (body)",
      method: 'POST',
      url: () => `/api/organization/${orgId}/managers`,
      who: () => staff.headers,
      payload: { displayName: 'M\u0000', email: 'm.nul@example.com' },
      field: 'displayName',
    },
    {
      what: 'an external API user (body)',
      method: 'POST',
      url: () => '/api/v1/users',
      who: api,
      payload: { email: 'x.nul@example.com', displayName: 'X\u0000' },
      field: 'displayName',
    },
    {
      what: 'the organizations search (query)',
      method: 'GET',
      url: () => '/api/organizations?q=a%00',
      who: () => staff.headers,
      field: 'q',
    },
    { what: 'the workflow search (query)', method: 'GET', url: () => '/api/workflows?q=a%00', who: () => staff.headers, field: 'q' },
    { what: 'the external API user search (query)', method: 'GET', url: () => '/api/v1/users?q=%00', who: api, field: 'q' },
    { what: 'the external API workflow search (query)', method: 'GET', url: () => '/api/v1/workflows?q=%00', who: api, field: 'q' },
    {
      what: 'a setting key (path)',
      method: 'PUT',
      url: () => `/api/organization/${orgId}/settings/a%00b`,
      who: () => staff.headers,
      payload: { value: true },
      field: 'key',
    },
    {
      what: 'a report file name (path)',
      method: 'GET',
      url: () => '/api/analytics-data-download/files/00000000-0000-4000-8000-000000000000/a%00.csv?expires=1&signature=x',
      who: () => admin.headers,
      field: 'name',
    },
  ];

  for (const c of cases) {
    it(`refuses NUL in ${c.what}`, async () => {
      const res = await t.app.inject({ method: c.method, url: c.url(), headers: c.who(), ...(c.payload && { payload: c.payload }) });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { code: string; details: { path: string; message: string }[] };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details).toContainEqual(expect.objectContaining({ path: `/${c.field}`, message: INVALID_CHARACTER }));
    });
  }
});

describe('NUL characters in an upload', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, (await createUser(t.database.db, (await createOrganization(t.database.db)).id)).email!);
  });
  afterAll(() => t.close());

  it('refuses a file name with NUL (it answered 500: the name is stored)', async () => {
    const boundary = 'nulboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from('email,name\na@nul.example,A\n\r\n'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-imports',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'USER_IMPORT_BAD_FORMAT' });
  });
});
