/**
 * One budget for other organizations' addresses, whichever writer asks: an import, SCIM and
 * the external API spend the same daily checks of the organization, an address told by one
 * is told again by another without spending, and once the checks are spent every writer
 * answers a free new address as it answers a taken one (docs/decisions/020-brute-force-and-probing.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scimClient, scimOrganization, USER_SCHEMA } from '../provisioning/scim.fixtures.js';
import { importCsv, importErrors } from '../user-imports/user-imports.fixtures.js';

describe('other organizations addresses: one budget for imports, SCIM and the external API', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<typeof scimOrganization>>;
  let scim: ReturnType<typeof scimClient>;
  let headers: SignedIn['headers'];
  let api: (email: string) => Promise<{ statusCode: number; code: string; retryAfter: unknown }>;
  const foreign = ['a@elsewhere.example', 'b@elsewhere.example', 'c@elsewhere.example', 'd@elsewhere.example'];

  beforeAll(async () => {
    t = await createTestApp({ config: { USER_IMPORT_FOREIGN_EMAILS_PER_DAY: '3' } });
    const { db } = t.database;
    acme = await scimOrganization(t);
    scim = scimClient(t, acme.token);
    headers = (await signIn(t, acme.admin.email!)).headers;
    const key = (await createAccessKey(t, headers)).accessKey;
    const token = await idTokenFor(t, acme.admin.email!);
    api = async (email) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { apikey: key, authorization: `Bearer ${token}` },
        payload: { email, displayName: 'Someone' },
      });
      return { statusCode: res.statusCode, code: res.json().code, retryAfter: res.headers['retry-after'] };
    };
    const other = await createOrganization(db);
    for (const email of foreign) await createUser(db, other.id, { email, role: 'viewer' });
  });
  afterAll(() => t.close());

  it('spends one budget across writers, and each tells again what another told', async () => {
    // The import spends two of three.
    const imported = await importCsv(t, headers, `email,name\n${foreign[0]},A\n${foreign[1]},B\n`);
    expect((await importErrors(t, headers, imported.id)).map((e) => e.code)).toEqual([
      'EMAIL_IN_OTHER_ORGANIZATION',
      'EMAIL_IN_OTHER_ORGANIZATION',
    ]);
    // SCIM and the API tell again what the import told, without spending.
    expect((await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: foreign[0] })).status).toBe(409);
    expect(await api(foreign[1])).toMatchObject({ statusCode: 409, code: 'USER_EXISTS' });
    // SCIM spends the third; the API finds none left.
    expect((await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: foreign[2] })).status).toBe(409);
    expect(await api(foreign[3])).toMatchObject({ statusCode: 429, code: 'EMAIL_CHECKS_LIMIT' });
  });

  it('once spent, every writer answers a free new address as it answers a taken one', async () => {
    const takenScim = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: foreign[3] });
    const freeScim = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'free.scim@acme.example' });
    expect(takenScim.status).toBe(429);
    expect(freeScim.body).toEqual(takenScim.body);

    expect(await api('free.api@acme.example')).toEqual(await api(foreign[3]));

    const freeImport = await importCsv(t, headers, 'email,name\nfree.csv@acme.example,F\n');
    const takenImport = await importCsv(t, headers, `email,name\n${foreign[3]},D\n`);
    const codes = async (id: string) => (await importErrors(t, headers, id)).map((e) => [e.code, e.rows, e.email]);
    expect(await codes(freeImport.id)).toEqual([['EMAIL_CHECKS_LIMIT', [], null]]);
    expect(await codes(takenImport.id)).toEqual(await codes(freeImport.id));
  });

  it('leaves the trace of every writer among the events', async () => {
    const trace = (await eventsOf(t.database.db, { organizationId: acme.org.id, action: '%foreign_email%' })).map((e) => ({
      action: e.action,
      details: e.data,
    }));
    expect(trace).toEqual([
      { action: 'user_import.foreign_emails_found', details: { rows: 2, checked: 2, withheld: false } },
      { action: 'user.foreign_email_refused', details: { via: 'scim', checked: false, withheld: false } },
      { action: 'user.foreign_email_refused', details: { via: 'external_api', checked: false, withheld: false } },
      { action: 'user.foreign_email_refused', details: { via: 'scim', checked: true, withheld: false } },
      { action: 'user.foreign_email_refused', details: { via: 'external_api', checked: true, withheld: true } },
      { action: 'user.foreign_email_refused', details: { via: 'scim', checked: true, withheld: true } },
      { action: 'user.foreign_email_refused', details: { via: 'external_api', checked: true, withheld: true } },
      { action: 'user_import.foreign_emails_found', details: { rows: 1, checked: 1, withheld: true } },
    ]);
  });
});
