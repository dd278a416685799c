/**
 * Files as people save them (decision 050): Excel's Windows-1252 with `;`, UTF-16 with its
 * mark, UTF-8 with or without one, each read with its accents and said in the import's
 * details; a file that is not text refused at the upload with one error and nothing stored.
 * The bytes are made here, as each program writes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { analyse } from 'chardet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImports, users } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readUserImportCsv, type StagedRow } from './csv-reader.js';
import { detectEncoding, SAMPLE_BYTES } from './file-encoding.js';
import { type Headers, importCsv, importErrors, upload } from './user-imports.fixtures.js';

const NAMES = ['Conceição', 'Müller', 'François'];

/** Windows-1252: every character here is one byte (Node's latin1 writes them alike). */
const windows1252 = (text: string) => Buffer.from(text, 'latin1');
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]);
};
const utf8Bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);

/** Excel's CSV of a Spanish, French or Portuguese Windows: `;` between columns, CRLF. */
const europeanCsv = (domain: string) =>
  `email;name\r\n${NAMES.map((n, i) => `p${i}@${domain};${n}`).join('\r\n')}\r\nq@${domain};Zoë Ñúñez\r\n`;

async function readBytes(bytes: Buffer, separator: string, chunk: number) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
  const rows: StagedRow[] = [];
  const told: string[] = [];
  const result = await readUserImportCsv(Readable.from(chunks), {
    separator,
    batchRows: 100,
    onBatch: async (b) => {
      rows.push(...b);
    },
    onEncoding: (e) => told.push(e),
  });
  return { rows, told, encoding: result.encoding };
}

describe('the CSV reader: encodings', () => {
  it('reads each encoding with its accents, whatever the chunks, and says which it read', async () => {
    const text = europeanCsv('x.example');
    const cases: [Buffer, string][] = [
      [Buffer.from(text, 'utf8'), 'utf-8'],
      [utf8Bom(text), 'utf-8-bom'],
      [utf16le(text), 'utf-16le'],
      [utf16be(text), 'utf-16be'],
      [windows1252(text), 'windows-1252'],
    ];
    for (const [bytes, encoding] of cases) {
      for (const chunk of [1, 3, 7, 4096]) {
        const read = await readBytes(bytes, ';', chunk);
        expect([read.encoding, read.told], `${encoding} in chunks of ${chunk}`).toEqual([encoding, [encoding]]);
        expect(
          read.rows.map((r) => [r[0], r[1], r[3]]),
          `${encoding} in chunks of ${chunk}`,
        ).toEqual([
          [2, 'p0@x.example', 'Conceição'],
          [3, 'p1@x.example', 'Müller'],
          [4, 'p2@x.example', 'François'],
          [5, 'q@x.example', 'Zoë Ñúñez'],
        ]);
      }
    }
  });

  it('decides between UTF-8 and Windows-1252 at the first byte that is not ASCII, however far into the file', async () => {
    const ascii = `email;name\r\n${'a@x.example;Ann\r\n'.repeat(Math.ceil((2 * SAMPLE_BYTES) / 17))}`;
    const late1252 = await readBytes(windows1252(`${ascii}b@x.example;Conceição\r\n`), ';', 4096);
    expect(late1252.encoding).toBe('windows-1252');
    expect(late1252.rows.at(-1)?.[3]).toBe('Conceição');
    const lateUtf8 = await readBytes(Buffer.from(`${ascii}b@x.example;Conceição\r\n`, 'utf8'), ';', 4096);
    expect(lateUtf8.encoding).toBe('utf-8');
    expect(lateUtf8.rows.at(-1)?.[3]).toBe('Conceição');
    // All ASCII: UTF-8 (every encoding reads it alike).
    expect((await readBytes(Buffer.from('email,name\na@x.example,Ann\n'), ',', 5)).encoding).toBe('utf-8');
  });

  it("takes chardet's likeliest answer among the encodings read here, passing over those no spreadsheet here saves", async () => {
    // Romanian names typed with ã: chardet ranks a Turkish or Central European encoding first.
    const bytes = windows1252('email;name\r\na@x.example;Cãtãlin Bãlan\r\nb@x.example;Mãrgãrit Ionescu\r\nc@x.example;Ãnca Tãnase\r\n');
    const sample = bytes.subarray(bytes.findIndex((b) => b >= 0x80));
    const ranked = analyse(sample).map((m) => m.name);
    expect(['ISO-8859-1', 'windows-1252']).not.toContain(ranked[0]);
    expect(detectEncoding(sample)).toBe('windows-1252');
    const read = await readBytes(bytes, ';', 16);
    expect([read.encoding, read.rows.map((r) => r[3])]).toEqual(['windows-1252', ['Cãtãlin Bãlan', 'Mãrgãrit Ionescu', 'Ãnca Tãnase']]);
    // UTF-8 wins where chardet finds it, and a sample chardet names nothing read here is Windows-1252.
    expect(detectEncoding(Buffer.from('Conceição Müller', 'utf8'))).toBe('utf-8');
    expect(analyse(Buffer.from([0x8e, 0x9e])).some((m) => m.name === 'ISO-8859-1' || m.name === 'windows-1252')).toBe(false);
    expect(detectEncoding(Buffer.from([0x8e, 0x9e]))).toBe('windows-1252');
  });

  it('keeps the separator check: a `;` file read with `,` is told so, in Windows-1252 too', async () => {
    const wrong = await readBytes(windows1252(europeanCsv('x.example')), ',', 64).catch((err: unknown) => err);
    expect(wrong).toHaveProperty('errors', [{ code: 'WRONG_SEPARATOR', row: 1, value: 'email;name' }]);
  });

  it('refuses a file that starts as no text does, or holds a control byte, with its line', async () => {
    await expect(readBytes(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'), ',', 16)).rejects.toHaveProperty('errors', [
      { code: 'NOT_TEXT', row: 1, value: 'the file starts as no text does' },
    ]);
    const late = Buffer.concat([Buffer.from(`email,name\n${'a@x.example,A\n'.repeat(50)}`), Buffer.from([0x01]), Buffer.from('\n')]);
    await expect(readBytes(late, ',', 32)).rejects.toHaveProperty('errors', [{ code: 'NOT_TEXT', row: 52, value: 'byte 0x01' }]);
    const late16 = utf16le(`email,name\n${'a@x.example,A\n'.repeat(50)}\u0000\n`);
    await expect(readBytes(late16, ',', 32)).rejects.toHaveProperty('errors', [{ code: 'NOT_TEXT', row: 52, value: 'byte 0x00' }]);
  });
});

describe('user imports: files as people save them', () => {
  let t: TestApp;
  let headers: Headers;
  let org: Awaited<ReturnType<typeof createOrganization>>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    org = await createOrganization(db);
    const admin = await createUser(db, org.id, { email: 'admin@enc.example' });
    headers = (await signIn(t, admin.email!)).headers;
  });
  afterAll(() => t.close());

  const namesOf = async (domain: string) =>
    (
      await t.database.db
        .select({ name: users.displayName })
        .from(users)
        .where(sql`${users.organizationId} = ${org.id} AND ${users.email} LIKE ${`%@${domain}`}`)
        .orderBy(users.email)
    ).map((u) => u.name);

  it('imports Windows-1252, UTF-16 LE and UTF-8 with a mark, accents intact, and says the encoding in the import', async () => {
    const cases: [string, (text: string) => Buffer, string][] = [
      ['w1252.example', windows1252, 'windows-1252'],
      ['u16.example', utf16le, 'utf-16le'],
      ['bom.example', utf8Bom, 'utf-8-bom'],
    ];
    for (const [domain, encode, encoding] of cases) {
      const done = await importCsv(t, headers, encode(europeanCsv(domain)), { columnSeparator: ';' });
      expect(done, domain).toMatchObject({ status: 'completed', usersCreated: 4, encoding });
      expect(await namesOf(domain)).toEqual([...NAMES, 'Zoë Ñúñez']);
      const [stored] = await t.database.db.select({ e: userImports.fileEncoding }).from(userImports).where(eq(userImports.id, done.id));
      expect(stored.e).toBe(encoding);
    }
  });

  it('says the encoding of a file refused for its rows too', async () => {
    const done = await importCsv(t, headers, windows1252('email;name\r\nnot-an-email;José\r\n'), { columnSeparator: ';' });
    expect(done).toMatchObject({ status: 'validation_error', encoding: 'windows-1252' });
    expect((await importErrors(t, headers, done.id)).map((e) => e.code)).toEqual(['INVALID_EMAIL']);
  });

  it('refuses a PDF, a workbook or an image named .csv at the upload with one error, storing nothing', async () => {
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(userImports))[0].n;
    const dir = path.join(t.config.dataDir, 'blobs');
    const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : []);
    const imports = await count();
    const files = stored();
    const notText: [string, Buffer, string][] = [
      ['pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n', 'latin1'), 'binary'],
      ['xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), Buffer.alloc(2000, 7)]), 'workbook'],
      ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'binary'],
    ];
    for (const [what, bytes, kind] of notText) {
      const res = await upload(t, headers, bytes);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({
        code: 'USER_IMPORT_NOT_TEXT',
        details: { kind },
        message: expect.stringMatching(/Save As > CSV/),
      });
    }
    expect(await count()).toBe(imports);
    expect(stored()).toEqual(files);
  });
});
