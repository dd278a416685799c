/**
 * No SCIM request can change a shared object: the published prototype-pollution payloads
 * of scim-patch (paths through `__proto__`, `constructor`, `prototype` and inherited names
 * such as `toString`), as paths and as dotted value keys, in every operation, on users and
 * on groups. Each is refused with SCIM's 400 before anything is applied; afterwards
 * `Object.prototype` and `Function.prototype` are untouched, the resource is unchanged and
 * the service still answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, scimTestApp, USER_SCHEMA, uniqueEmail } from './scim.fixtures.js';

const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

/** Paths that lead through a forbidden or inherited name, in the shapes the advisories use and more. */
function hostilePaths(): string[] {
  return NAMES.flatMap((n) => [
    n,
    `${n}.polluted`,
    `${n}.prototype.polluted`,
    `name.${n}`,
    `name.${n}.polluted`,
    `emails[type eq "work"].${n}`,
    `emails[${n} eq "x"].value`,
    `${n}[value eq "x"].polluted`,
    `${USER_SCHEMA}:${n}.polluted`,
    `${ENTERPRISE_SCHEMA}:${n}.polluted`,
    `${ENTERPRISE_SCHEMA}:manager.${n}`,
    `urn:example:${n}:polluted`,
  ]);
}

/** Path-less values whose keys (dotted, nested) name a forbidden or inherited name. */
function hostileValues(): unknown[] {
  return NAMES.flatMap((n) => [
    { [`${n}.polluted`]: 'yes' },
    { [`${n}.prototype.polluted`]: 'yes' },
    { name: { [n]: 'yes' } },
    { name: { [`${n}.polluted`]: 'yes' } },
    { [ENTERPRISE_SCHEMA]: { [n]: { polluted: 'yes' } } },
    { [`${ENTERPRISE_SCHEMA}:${n}`]: 'yes' },
    { emails: [{ value: 'a@b.example', [n]: 'yes' }] },
  ]);
}

function prototypesUntouched() {
  for (const proto of [Object.prototype, Function.prototype, Array.prototype, String.prototype]) {
    expect(Object.getOwnPropertyNames(proto)).not.toContain('polluted');
    expect((proto as unknown as Record<string, unknown>).polluted).toBeUndefined();
  }
  expect(Object.prototype.toString.call([])).toBe('[object Array]');
  expect({}.hasOwnProperty).toBe(Object.prototype.hasOwnProperty);
  expect(({} as Record<string, unknown>).yes).toBeUndefined();
}

describe('SCIM PATCH cannot pollute a prototype', () => {
  const { scim } = scimTestApp();
  let userId = '';
  let groupId = '';

  beforeAll(async () => {
    userId = (
      await scim('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: uniqueEmail('proto'),
        name: { givenName: 'Pia', familyName: 'Proto' },
      })
    ).body.id;
    groupId = (await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Proto Team' })).body.id;
  });

  const expectRefused = (response: { status: number; body: Record<string, unknown> }, what: string) => {
    expect(response.status, what).toBe(400);
    expect(response.body.schemas, what).toEqual([ERROR_SCHEMA]);
    expect(['invalidPath', 'invalidValue', 'invalidSyntax', 'noTarget'], what).toContain(response.body.scimType);
  };

  for (const [resource, idOf] of [
    ['Users', () => userId],
    ['Groups', () => groupId],
  ] as const) {
    it(`refuses every hostile path in add, replace and remove on ${resource}`, async () => {
      const before = await scim('GET', `/${resource}/${idOf()}`);
      for (const path of hostilePaths()) {
        for (const op of ['add', 'replace', 'remove', 'Replace']) {
          const operation = op === 'remove' ? { op, path } : { op, path, value: op === 'add' ? { polluted: 'yes' } : 'yes' };
          const response = await scim('PATCH', `/${resource}/${idOf()}`, { schemas: [PATCH_SCHEMA], Operations: [operation] });
          expectRefused(response, `${op} ${path}`);
        }
      }
      prototypesUntouched();
      const after = await scim('GET', `/${resource}/${idOf()}`);
      expect(after.status).toBe(200);
      expect(after.headers.etag).toBe(before.headers.etag);
    });

    it(`refuses every hostile value key in path-less add and replace on ${resource}`, async () => {
      for (const value of hostileValues()) {
        for (const op of ['add', 'replace']) {
          const response = await scim('PATCH', `/${resource}/${idOf()}`, { schemas: [PATCH_SCHEMA], Operations: [{ op, value }] });
          expectRefused(response, `${op} ${JSON.stringify(value)}`);
        }
      }
      prototypesUntouched();
    });
  }

  it('refuses a body whose keys are __proto__ or constructor.prototype as it is read, in every method', async () => {
    const bodies = [
      `{"schemas":["${PATCH_SCHEMA}"],"Operations":[{"op":"add","value":{"__proto__":{"polluted":"yes"}}}]}`,
      `{"schemas":["${PATCH_SCHEMA}"],"Operations":[{"op":"add","path":"name","value":{"constructor":{"prototype":{"polluted":"yes"}}}}]}`,
      `{"schemas":["${USER_SCHEMA}"],"userName":"${uniqueEmail('proto')}","__proto__":{"polluted":"yes"}}`,
    ];
    for (const body of bodies) {
      for (const [method, path] of [
        ['PATCH', `/Users/${userId}`],
        ['PUT', `/Users/${userId}`],
        ['POST', '/Users'],
        ['PATCH', `/Groups/${groupId}`],
      ] as const) {
        const response = await scim(method, path, body);
        expect(response.status, `${method} ${body}`).toBe(400);
        expect(response.body.schemas).toEqual([ERROR_SCHEMA]);
      }
    }
    prototypesUntouched();
  });

  it('still applies what the schema names, written in any case', async () => {
    const response = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'replace', path: 'NAME.GIVENNAME', value: 'Petra' },
        { op: 'replace', value: { DisplayName: 'Petra Proto' } },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.name.givenName).toBe('Petra');
    expect(response.body.displayName).toBe('Petra Proto');
    prototypesUntouched();
  });

  it('a filter naming an inherited attribute is refused, not answered with a failure', async () => {
    for (const name of NAMES) {
      const response = await scim('GET', `/Users?filter=${encodeURIComponent(`${name} eq "x"`)}`);
      expect(response.status, name).toBe(400);
      expect(response.body.scimType).toBe('invalidFilter');
    }
  });
});
