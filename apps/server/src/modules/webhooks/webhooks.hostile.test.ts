/**
 * Every webhook call, in the console and the external API, sent what an attacker sends:
 * `__proto__` and `constructor` keys, NUL characters, huge numbers, deeply nested and huge
 * JSON. Never a 5xx, never a polluted prototype, and a refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { hostileListQueries } from '../../test/fuzz.js';
import { idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const URL_OK = 'https://hooks.hostile.example/in';

/** Bodies as raw JSON text, so that `__proto__` stays an own key as a client would send it. */
const bodies: string[] = [
  `{"__proto__":{"enabled":false,"polluted":true},"url":"${URL_OK}","eventTypes":"all"}`,
  `{"url":"${URL_OK}","eventTypes":"all","constructor":{"prototype":{"polluted":true}}}`,
  `{"url":"${URL_OK}","eventTypes":{"__proto__":["user.created"]}}`,
  `{"url":"${URL_OK}","eventTypes":["user.created","__proto__"]}`,
  `{"url":"https://hooks.hostile.example/\\u0000","eventTypes":"all"}`,
  `{"url":"${URL_OK}","description":"a\\u0000b","eventTypes":"all"}`,
  `{"url":"${URL_OK}","eventTypes":"all","enabled":1e309}`,
  `{"url":"${URL_OK}","eventTypes":"all","enabled":9007199254740993}`,
  `{"gracePeriod":1e308}`,
  `{"gracePeriod":"__proto__"}`,
  `{"url":${deep(5000)},"eventTypes":"all"}`,
  `{"url":"${URL_OK}","eventTypes":${deep(2000)}}`,
  `{"url":"${URL_OK}","eventTypes":[${Array(20_000).fill('"user.created"').join(',')}]}`,
  `{"url":"https://${'a'.repeat(3000)}.example/","eventTypes":"all"}`,
  `{"url":"${URL_OK}","eventTypes":"all","description":"${'é'.repeat(10_000)}"}`,
  '{"url":"https://hooks.hostile.example/\\ud800","eventTypes":"all"}',
  'null',
  '[]',
  '"all"',
  '{',
];

describe('webhook calls with hostile input', () => {
  let t: TestApp;
  let admin: SignedIn;
  let api: Record<string, string>;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.database.db);
    const email = (await createUser(t.database.db, org.id)).email!;
    admin = await signIn(t, email);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: admin.headers,
      payload: { name: 'K', description: '' },
    });
    api = { apikey: key.json().accessKey, authorization: `Bearer ${await idTokenFor(t, email)}` };
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin.headers,
      payload: { url: URL_OK, eventTypes: 'all' },
    });
    id = made.json().webhook.id;
  });
  afterAll(() => t.close());

  /** The webhooks table and its events, as text: what a refused call must leave as it was. */
  const state = async () => {
    const { rows } = await t.database.executeSql(
      "select (select coalesce(string_agg(row_to_json(w)::text, ',' order by w.id), '') from webhook_endpoints w) as w, (select count(*) from events where action like 'webhook.%')::int as e",
    );
    return JSON.stringify(rows[0]);
  };

  const calls = () => [
    { method: 'POST' as const, console: '/api/webhooks', external: '/api/v1/webhooks' },
    { method: 'PATCH' as const, console: `/api/webhook/${id}`, external: `/api/v1/webhooks/${id}` },
    { method: 'POST' as const, console: `/api/webhook/${id}/roll`, external: `/api/v1/webhooks/${id}/roll` },
  ];

  it('refuses or takes every hostile body without a 5xx; a refusal changes nothing; no prototype is polluted', async () => {
    for (const call of calls()) {
      for (const [url, headers] of [
        [call.console, admin.headers],
        [call.external, api],
      ] as const) {
        for (const payload of bodies) {
          const before = await state();
          const res = await t.app.inject({
            method: call.method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
          });
          const what = `${call.method} ${url} ${payload.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await state(), what).toBe(before);
          else {
            const { webhook } = res.json();
            // What was taken is what the schema allows: no key beyond the view's, the URL as sent.
            expect(Object.keys(webhook).sort(), what).not.toContain('polluted');
            if (webhook.id !== id) await t.app.inject({ method: 'DELETE', url: `/api/webhook/${webhook.id}`, headers: admin.headers });
          }
          expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
        }
      }
    }
    // The endpoint the calls named still exists, its URL kept in its canonical form (a lone surrogate percent-encoded).
    const { url } = (await t.app.inject({ url: `/api/webhook/${id}`, headers: admin.headers })).json().webhook;
    expect(url).toBe(new URL(url).href);
    expect(url.startsWith('https://hooks.hostile.example/')).toBe(true);
  });

  it('answers hostile queries and ids of every read and delete with a 4xx or the page, never a 5xx', async () => {
    for (const query of hostileListQueries) {
      for (const [url, headers] of [
        [`/api/webhooks${query}`, admin.headers],
        [`/api/v1/webhooks${query}`, api],
      ] as const) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const bad of ['%00', 'not-a-uuid', '__proto__', '00000000-0000-0000-0000-000000000000', `${id}%00`, 'x'.repeat(5000)]) {
      for (const [method, url, headers] of [
        ['GET', `/api/webhook/${bad}`, admin.headers],
        ['DELETE', `/api/webhook/${bad}`, admin.headers],
        ['GET', `/api/v1/webhooks/${bad}`, api],
        ['DELETE', `/api/v1/webhooks/${bad}`, api],
      ] as const) {
        const before = await state();
        const res = await t.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url.slice(0, 80)} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(await state()).toBe(before);
      }
    }
  });
});
