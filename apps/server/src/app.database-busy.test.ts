/**
 * When the embedded database's line is full (DATABASE_QUEUE_MAX, decision 035), a request
 * is answered at once with 503, Retry-After and the error envelope (SERVICE_BUSY, which the
 * web translates), on the console's calls and on the external API alike; requests already
 * in line are served, and so is a request that needs what one in line is reading already (its
 * session: decision 039's shared read). The queue is PGlite's own: this file runs on PGlite
 * whatever TEST_DB.
 * The database is held by a statement the test ends: no timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createScimToken, createUser } from './test/factories.js';
import { idTokenFor, type SignedIn, signIn } from './test/sign-in.js';
import { createTestApp, type TestApp } from './test/test-app.js';

describe('a full embedded database line', () => {
  let t: TestApp;
  let session: SignedIn;
  /** Another session of the same person: its look-up is a read of its own. */
  let otherSession: SignedIn;
  let apiHeaders: Record<string, string>;
  let scimToken: string;

  beforeAll(async () => {
    t = await createTestApp({ databaseKind: 'pglite', config: { DATABASE_QUEUE_MAX: '1' } });
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    session = await signIn(t, admin.email!);
    otherSession = await signIn(t, admin.email!);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: session.headers,
      payload: { name: 'Busy', description: 'tests' },
    });
    const { accessKey } = created.json() as { accessKey: string };
    apiHeaders = { apiKey: accessKey, authorization: `Bearer ${await idTokenFor(t, admin.email!)}` };
    scimToken = (await createScimToken(t.database.db, org.id)).secret;
  });
  afterAll(() => t.close());

  /** Holds the database (as a long statement of a job would) until `end` is called. */
  function holdDatabase() {
    let end!: () => void;
    const until = new Promise<void>((resolve) => {
      end = resolve;
    });
    const running = t.database.queue!.run(() => until);
    return { end, running };
  }

  it('answers 503 with Retry-After at once, in the error envelope, and serves the request already in line', async () => {
    const hold = holdDatabase();
    const waiting = t.app.inject({ url: '/api/integrations', headers: session.headers });
    // The first request's session look-up takes the one place in line.
    while (t.database.queue!.stats().waitingRequests < 1) await new Promise((r) => setImmediate(r));

    // The same session meanwhile: it waits for the look-up in line, and is served with it.
    const sameSession = t.app.inject({ url: '/api/integrations', headers: session.headers });

    const refused = await t.app.inject({ url: '/api/user-imports', headers: otherSession.headers });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ statusCode: 503, code: 'SERVICE_BUSY', message: expect.any(String) });

    // The external API: the same envelope and header (a first call: its key is not cached yet).
    const api = await t.app.inject({ url: '/api/v1/workflows', headers: apiHeaders });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBeDefined();
    expect(api.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_BUSY' });

    // SCIM: the same status and Retry-After, in SCIM's error format.
    const scim = await t.app.inject({ url: '/api/scim/v2/Users', headers: { authorization: `Bearer ${scimToken}` } });
    expect(scim.statusCode).toBe(503);
    expect(scim.headers['retry-after']).toBeDefined();
    expect(scim.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '503' });

    // Answers that need no database are not refused.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    hold.end();
    await hold.running;
    expect((await waiting).statusCode).toBe(200);
    expect((await sameSession).statusCode).toBe(200);
    // The line is short again: requests are served.
    expect((await t.app.inject({ url: '/api/user-imports', headers: session.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/workflows', headers: apiHeaders })).statusCode).toBe(200);
  });
});
