/** Every bad input of the issue: a clear error, and no user changed. */
import fs from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { skills, teams, userImports, users } from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Headers, importCsv, importErrors, upload } from './user-imports.fixtures.js';

describe('user imports: bad input', () => {
  let t: TestApp;
  let headers: Headers;
  let before: unknown;

  /** Everything an import may change. */
  async function snapshot() {
    const db = t.database.db;
    const all = await db
      .select({ id: users.id, email: users.email, name: users.displayName, role: users.role, emp: users.employeeId, off: users.disabledAt })
      .from(users)
      .orderBy(asc(users.id));
    const [m] = await t.database
      .executeSql(
        `SELECT (SELECT count(*) FROM user_workspaces)::int AS ws, (SELECT count(*) FROM user_teams)::int AS tm,
              (SELECT count(*) FROM user_skills)::int AS sk, (SELECT count(*) FROM user_import_invitations)::int AS inv`,
      )
      .then((r) => r.rows);
    return { all, m };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id, { email: 'admin@bad.example' });
    await createUser(db, org.id, { email: 'kept@bad.example', displayName: 'Kept', role: 'viewer' });
    await createUser(db, (await createOrganization(db)).id, { email: 'elsewhere@other.example' });
    await createWorkspace(db, org.id, { name: 'Assembly' });
    await db.insert(teams).values({ organizationId: org.id, name: 'Night shift' });
    await db.insert(skills).values({ organizationId: org.id, name: 'Forklift' });
    headers = (await signIn(t, admin.email!)).headers;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    before = await snapshot();
  });

  /** Imports the file and answers its errors as [code, rows, value], checking that nothing changed. */
  async function rejected(content: string | Buffer, fields: Record<string, string> = {}) {
    const done = await importCsv(t, headers, content, fields);
    expect(done.status).toBe('validation_error');
    expect(done.usersCreated + done.usersUpdated).toBe(0);
    expect(await snapshot()).toEqual(before);
    const errors = await importErrors(t, headers, done.id);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.error).toMatch(/\w{3}/);
    return { done, errors: errors.map((e) => [e.code, e.rows, e.value] as const), raw: errors };
  }

  it('an empty file', async () => {
    expect((await rejected('')).errors).toEqual([['EMPTY_FILE', [], null]]);
  });

  it('a header and no rows (blank lines do not count)', async () => {
    expect((await rejected('email,name\r\n\r\n,\r\n')).errors).toEqual([['NO_ROWS', [], null]]);
  });

  it('a missing required column', async () => {
    expect((await rejected('name,role\nAda,viewer\n')).errors).toEqual([['MISSING_COLUMN', [1], 'email or employeeId']]);
    expect((await rejected('email,firstName\na@bad.example,Ada\n')).errors).toEqual([['MISSING_COLUMN', [1], 'lastName']]);
  });

  it('unknown and repeated columns, each named', async () => {
    expect((await rejected('email,name,age,EMAIL,shoe size\na@bad.example,A,3,x,4\n')).errors).toEqual([
      ['DUPLICATE_COLUMN', [1], 'EMAIL'],
      ['UNKNOWN_COLUMN', [1], 'age'],
      ['UNKNOWN_COLUMN', [1], 'shoe size'],
    ]);
  });

  it('the wrong column separator, when one is chosen', async () => {
    const { errors } = await rejected('email;name\nnew@bad.example;New\n', { columnSeparator: ',' });
    expect(errors).toEqual([['WRONG_SEPARATOR', [1], 'email;name']]);
  });

  it('a BOM is accepted: the first column is still email', async () => {
    const done = await importCsv(t, headers, '\uFEFFemail,name\nbom@bad.example,Bom\n');
    expect(done).toMatchObject({ status: 'completed', usersCreated: 1 });
  });

  it('quoted fields with separators, quotes and newlines are read whole, and rows keep their line numbers', async () => {
    const ok = await importCsv(t, headers, 'email,name\nquinn@bad.example,"Quinn, ""Q"" Junior"\n');
    expect(ok).toMatchObject({ status: 'completed', usersCreated: 1 });
    const [quinn] = await t.database.db.select().from(users).where(sql`${users.email} = 'quinn@bad.example'`);
    expect(quinn.displayName).toBe('Quinn, "Q" Junior');
    before = await snapshot();
    // A line break is read inside its quotes, and is no part of a name people read.
    const { errors } = await rejected('email,name\nq2@bad.example,"Two\nlines"\nbroken,X\n');
    expect(errors).toEqual([
      ['NAME_CHARACTER', [2], null],
      ['INVALID_EMAIL', [4], null],
    ]);
  });

  it('unbalanced quotes: the line the quote opens on, no parser text, and the rows after it read', async () => {
    const { errors } = await rejected('email,name\nok@bad.example,Ok\nu@bad.example,"Unclosed\nnext@bad.example,Next\n');
    expect(errors).toEqual([['UNCLOSED_QUOTE', [3], null]]);
  });

  it('invalid e-mails, grouped by e-mail with their row numbers', async () => {
    const { errors, raw } = await rejected('email,name\nnot-an-email,A\nb@bad,B\nfine@bad.example,F\nnot-an-email,C\n');
    expect(errors).toEqual([
      ['DUPLICATE_EMAIL', [2, 5], null],
      ['INVALID_EMAIL', [2, 5], null],
      ['INVALID_EMAIL', [3], null],
    ]);
    expect(raw.map((e) => e.email)).toEqual(['not-an-email', 'not-an-email', 'b@bad']);
  });

  it('duplicate e-mails, also when they differ only in case', async () => {
    const { errors } = await rejected('email,name\nDup@bad.example,A\nother@bad.example,O\ndup@BAD.example,B\nDUP@bad.example,C\n');
    expect(errors).toEqual([['DUPLICATE_EMAIL', [2, 4, 5], null]]);
  });

  it('unknown workspace, team and skill names', async () => {
    const { errors } = await rejected('email,name,workspaces,teams,skills\nw@bad.example,W,assembly|Nowhere,Day shift,forklift|Welding\n');
    expect(errors).toEqual([
      ['UNKNOWN_SKILL', [2], 'Welding'],
      ['UNKNOWN_TEAM', [2], 'Day shift'],
      ['UNKNOWN_WORKSPACE', [2], 'Nowhere'],
    ]);
  });

  it('an invalid role', async () => {
    expect((await rejected('email,name,role\nr@bad.example,R,boss\n')).errors).toEqual([['INVALID_ROLE', [2], 'boss']]);
  });

  it('an employee-ID user with a role other than viewer', async () => {
    const { errors, raw } = await rejected('email,employeeId,name,role\n,E-9,Eve,publisher\n');
    expect(errors).toEqual([['EMPLOYEE_ID_ROLE', [2], 'publisher']]);
    expect(raw[0].employeeId).toBe('E-9');
  });

  it('a row with neither e-mail nor employee ID, a wrong field count, a long name, a bad disabled value', async () => {
    const long = 'N'.repeat(76);
    const { errors } = await rejected(
      `email,employeeId,name,disabled\n,,Nobody,\na@bad.example,,A\nb@bad.example,,${long},\nc@bad.example,,C,maybe\n`,
    );
    expect(errors).toEqual([
      ['MISSING_IDENTIFIER', [2], null],
      ['FIELD_COUNT', [3], '3 fields, the header has 4'],
      ['NAME_TOO_LONG', [4], long],
      ['INVALID_DISABLED', [5], 'maybe'],
    ]);
  });

  it('an e-mail of another organization', async () => {
    expect((await rejected('email,name\nelsewhere@other.example,E\n')).errors).toEqual([['EMAIL_IN_OTHER_ORGANIZATION', [2], null]]);
  });

  it('one bad row stops the whole file: the good rows are not applied either', async () => {
    const { errors } = await rejected('email,name\ngood1@bad.example,G\nkept@bad.example,Renamed\nbad,B\n');
    expect(errors).toEqual([['INVALID_EMAIL', [4], null]]);
  });

  it('a line of 1 MB', async () => {
    const { errors } = await rejected(`email,name\nok@bad.example,Ok\nlong@bad.example,${'x'.repeat(1024 * 1024)}\n`);
    expect(errors).toEqual([['ROW_TOO_LONG', [3], null]]);
  });

  it('bytes that break the UTF-8 the file began in, and bytes no text holds', async () => {
    // Begun in UTF-8 (ë, and the 64 KB after it that decide), then a Windows-1252 é: refused at its line, not read half and half.
    const decided = 'ok@bad.example,Ok\n'.repeat(4_000);
    const mixed = Buffer.concat([
      Buffer.from(`email,name\nzoe@bad.example,Zoë\n${decided}j@bad.example,J`),
      Buffer.from([0xe9]),
      Buffer.from('rome\n'),
    ]);
    expect((await rejected(mixed)).errors).toEqual([['INVALID_ENCODING', [4_003], 'byte 0xE9']]);
    // Past the first bytes the upload checks (a NUL there is refused at once, see the encodings test).
    const padding = 'pad@bad.example,Pad\n'.repeat(40);
    expect((await rejected(Buffer.from(`email,name\n${padding}\0\0\0\n`))).errors).toEqual([['NOT_TEXT', [42], 'byte 0x00']]);
  });

  it('refuses a request without a file, with a file that is not .csv, or with a bad separator, storing nothing', async () => {
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(userImports))[0].n;
    const imports = await count();
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/user-imports',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="columnSeparator"\r\n\r\n,\r\n--x--\r\n',
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'USER_IMPORT_FILE_REQUIRED', message: 'You need to specify the file' });
    const txt = await upload(t, headers, 'email,name\n', {}, 'users.txt');
    expect(txt.statusCode).toBe(400);
    expect(txt.json()).toMatchObject({
      code: 'USER_IMPORT_BAD_FORMAT',
      message: 'Format is incorrect. Remember that we are expecting a CSV file',
    });
    for (const columnSeparator of ['', ';;', '"', '\n', 'auto']) {
      const bad = await upload(t, headers, 'email,name\n', { columnSeparator });
      expect(bad.statusCode, columnSeparator).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await count()).toBe(imports);
    expect(
      fs.readdirSync(path.join(t.config.dataDir, 'blobs', 'user-imports'), { recursive: true }).filter((f) => String(f).endsWith('.tmp')),
    ).toEqual([]);
  });
});

describe('user imports: the size limit', () => {
  let t: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await createTestApp({ config: { USER_IMPORT_MAX_BYTES: '1000' } });
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    headers = (await signIn(t, admin.email!)).headers;
  });
  afterAll(() => t.close());

  const blobFiles = () => {
    const dir = path.join(t.config.dataDir, 'blobs');
    return fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile())
      : [];
  };

  it('answers 413 to a file over the limit and stores nothing, whether it says its size up front or not', async () => {
    const row = 'someone@big.example,Some One\n';
    for (const size of [5_000, 200_000]) {
      const res = await upload(t, headers, `email,name\n${row.repeat(Math.ceil(size / row.length))}`);
      expect(res.statusCode, String(size)).toBe(413);
      expect(res.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', details: { maxBytes: 1000 } });
    }
    expect(blobFiles()).toEqual([]);
    expect(await t.database.db.select().from(userImports)).toEqual([]);
    const fits = await upload(t, headers, `email,name\n${row.repeat(30)}`);
    expect(fits.statusCode).toBe(201);
    expect(blobFiles()).toHaveLength(1);
  });
});
