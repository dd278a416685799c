/**
 * An import into an organization many times the size of a batch: validation and each apply
 * batch find their users by probing the indexes row by row (set-based/validation.ts, apply.ts),
 * and the apply derives its new users' given and family names itself, the table's trigger
 * left to writers that give none. What validation finds, and what the People screen shows and
 * finds afterwards, is what it would be had every user been matched by a join and made one by
 * one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/client.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { probesUsers } from './set-based/apply.js';
import { getImport, type Headers, importErrors, runConfirmed, upload } from './user-imports.fixtures.js';

const BATCH = 50;
const EXISTING = 900;

describe('a bulk apply into a large organization', () => {
  let t: TestApp;
  let headers: Headers;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { USER_IMPORT_BATCH_ROWS: String(BATCH) } });
    const org = await createOrganization(t.database.db);
    orgId = org.id;
    const admin = await createUser(t.database.db, org.id);
    headers = (await signIn(t, admin.email!)).headers;
    // Users the organization had before (their names derived by the trigger, as for any writer that gives none).
    await t.database.db.execute(sql`INSERT INTO users (organization_id, email, employee_id, display_name)
      SELECT ${orgId}, 'before' || i || '@large.example', 'B' || i, 'Before ' || i FROM generate_series(1, ${EXISTING}) i`);
  });
  afterAll(() => t.close());

  const person = async (email: string) =>
    (
      await sqlRows<{ display_name: string; given_name: string | null; family_name: string | null }>(
        t.database.db,
        sql`SELECT display_name, given_name, family_name FROM users WHERE email = ${email}`,
      )
    )[0];

  const found = async (q: string) => {
    const res = await t.app.inject({ url: `/api/people?q=${encodeURIComponent(q)}&limit=50`, headers });
    expect(res.statusCode, q).toBe(200);
    return (res.json().people as { name: string }[]).map((p) => p.name);
  };

  it('matches the users it has, names the new ones as the trigger would, and People finds them all', async () => {
    // The batches of this file probe, and so do its validation's ranges (twice a batch): the users outnumber them many times over.
    expect(probesUsers(EXISTING, 2 * BATCH)).toBe(true);
    await createUser(t.database.db, orgId, { email: 'derived@large.example', displayName: 'Old Name' });
    await createUser(t.database.db, orgId, {
      email: 'sent@large.example',
      displayName: 'K. A. Sent',
      givenName: 'Kept',
      familyName: 'AsSent',
    });
    const fillers = Array.from({ length: 120 }, (_, i) => `new${i}@large.example,Filler Person${i}`);
    const file = [
      'email,name',
      'emile@large.example,  Émile   Zola  ',
      'ana@large.example,Ana María López',
      'solo@large.example,Solo',
      'derived@large.example,Nova Prime',
      'sent@large.example,Other Name',
      'before7@large.example,Seven Renamed',
      ...fillers,
    ].join('\n');
    const res = await upload(t, headers, `${file}\n`);
    expect(res.statusCode, res.body).toBe(201);
    expect(await runConfirmed(t, headers, res.json().userImport.id)).toMatchObject({
      status: 'completed',
      usersCreated: 123,
      usersUpdated: 3,
      usersFailed: 0,
    });

    expect(await person('emile@large.example')).toEqual({ display_name: 'Émile   Zola', given_name: 'Émile', family_name: 'Zola' });
    expect(await person('ana@large.example')).toMatchObject({ given_name: 'Ana', family_name: 'María López' });
    expect(await person('solo@large.example')).toMatchObject({ given_name: 'Solo', family_name: 'Solo' });
    // A user whose names came from the display name follows the new one; names an identity provider sent stay.
    expect(await person('derived@large.example')).toEqual({ display_name: 'Nova Prime', given_name: 'Nova', family_name: 'Prime' });
    expect(await person('sent@large.example')).toEqual({ display_name: 'Other Name', given_name: 'Kept', family_name: 'AsSent' });
    expect(await person('before7@large.example')).toMatchObject({ given_name: 'Seven', family_name: 'Renamed' });
    // Every user of the organization named as the trigger names them, none twice.
    const [{ wrong, users }] = await sqlRows<{ wrong: number; users: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE email <> 'sent@large.example'
                AND ARRAY[given_name, family_name] IS DISTINCT FROM name_parts(display_name))::int AS wrong,
              count(*)::int AS users
          FROM users WHERE organization_id = ${orgId}`,
    );
    expect(wrong).toBe(0);
    expect(users).toBe(EXISTING + 3 + 123);

    // The People screen's search reads the folded keys and the indexes the import wrote.
    expect(await found('emile')).toEqual(['Émile   Zola']);
    expect(await found('ZOLA')).toEqual(['Émile   Zola']);
    expect(await found('maria')).toEqual(['Ana María López']);
    expect(await found('nova')).toEqual(['Nova Prime']);
    expect(await found('filler person11')).toEqual(['Filler Person11', ...Array.from({ length: 10 }, (_, i) => `Filler Person11${i}`)]);
  });

  it('refuses through the probes what the joins refused: an employee ID another user holds', async () => {
    const file = ['email,employeeId,name', 'fresh@large.example,B5,Fresh Person', ',B6,Six By Id'].join('\n');
    const res = await upload(t, headers, `${file}\n`);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().userImport.id;
    await t.app.services.userImportPipeline.run(id);
    expect(await getImport(t, headers, id)).toMatchObject({ status: 'validation_error', rowsWithErrors: 1 });
    expect(await importErrors(t, headers, id)).toEqual([expect.objectContaining({ code: 'EMPLOYEE_ID_TAKEN', rows: [2], value: 'B5' })]);
  });
});
