/**
 * Files as spreadsheets save them: the separator read from the file when none is chosen and
 * remembered for the organization, errors on the file's own lines with no parser text, the
 * data errors found beside a format error, and the invitations an applied import still owes.
 */
import { type UserImportView, userImportErrorMessages } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { detectSeparator } from './separator.js';
import { getImport, type Headers, importCsv, importErrors, organizationWithAdmin, runConfirmed, upload } from './user-imports.fixtures.js';

describe('user imports: the separator, line numbers and invitations', () => {
  let t: TestApp;
  let headers: Headers;
  let serial = 0;
  /** Addresses of their own for each file: the tests share the organization. */
  const address = (name: string) => `${name}.${++serial}@sep.example`;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await organizationWithAdmin(t);
    headers = made.headers;
    await createWorkspace(t.database.db, made.org.id, { name: 'Assembly' });
    await createWorkspace(t.database.db, made.org.id, { name: 'Paint; Finish' });
  });
  afterAll(() => t.close());

  it.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'tab'],
    ['|', 'pipe'],
  ])('reads a file separated by %j (%s) without being told, and says so', async (separator) => {
    const a = address('ada');
    const b = address('bea');
    const csv = [
      ['email', 'name', 'workspaces'],
      [a, 'Ada Lovelace', 'Assembly'],
      [b, 'Bea', ''],
    ]
      .map((r) => r.join(separator))
      .join('\r\n');
    const done = await importCsv(t, headers, `${csv}\r\n`);
    expect(done).toMatchObject({ status: 'completed', usersCreated: 2, columnSeparator: separator, columnSeparatorDetected: true });
  });

  it('respects quotes: a quoted cell holding other separators and a line break does not sway it', async () => {
    const a = address('quinn');
    const csv = `email;name;workspaces\r\n${a};"Doe, Quinn | Q";"Paint; Finish|Assembly"\r\n${address('r')};"Roe,|R";\r\n`;
    const done = await importCsv(t, headers, csv);
    expect(done).toMatchObject({ status: 'completed', usersCreated: 2, columnSeparator: ';', columnSeparatorDetected: true });
    // The same choice, unit by unit: the known names of the header win over a count that merely agrees.
    expect(detectSeparator('email,name\r\n"a;b@x.example","Doe; J"\r\n', true)).toBe(',');
    expect(detectSeparator('email|name\n"x@x.example"|"A, B; C"\n', true)).toBe('|');
    expect(detectSeparator('\uFEFFemail\tname\n"x\ty@x.example"\tZ\n', true)).toBe('\t');
    // A line cut short at the end of a sample does not count.
    expect(detectSeparator('email;name\na@x.example;A\nb@x.example;"B, and', false)).toBe(';');
  });

  it('reads a file of one column with a comma, and tells what is missing rather than a wrong separator', async () => {
    expect(detectSeparator('email\na@x.example\n', true)).toBe(',');
    const res = await upload(t, headers, `email\r\n${address('solo')}\r\n`);
    expect(res.statusCode, res.body).toBe(201);
    const done = await runConfirmed(t, headers, (res.json() as { userImport: UserImportView }).userImport.id);
    expect(done).toMatchObject({ status: 'validation_error', columnSeparator: ',', columnSeparatorDetected: true });
    expect((await importErrors(t, headers, done.id)).map((e) => e.code)).toEqual(['MISSING_COLUMN']);
  });

  it('keeps an explicit choice, and remembers the last one (detect by default) for the next upload', async () => {
    const defaults = async () => (await t.app.inject({ url: '/api/user-imports/defaults', headers })).json();
    expect((await defaults()).columnSeparator).toBe('detect');
    const chosen = await importCsv(t, headers, `email;name\r\n${address('c')};C\r\n`, { columnSeparator: ';' });
    expect(chosen).toMatchObject({ status: 'completed', columnSeparator: ';', columnSeparatorDetected: false });
    expect((await defaults()).columnSeparator).toBe(';');
    const pending = await upload(t, headers, `email,name\r\n${address('d')},D\r\n`, { columnSeparator: 'detect' });
    // Until the file is read, a detected separator is not known yet.
    expect(pending.json().userImport).toMatchObject({ columnSeparator: null, columnSeparatorDetected: true });
    expect((await defaults()).columnSeparator).toBe('detect');
  });

  it('names the line of the file an unclosed quote opens on, past cells of several lines', async () => {
    const lines = ['email,name'];
    // Rows whose names run over three lines each: records and lines part ways.
    for (let i = 0; i < 20; i++) lines.push(`${address('m')},"Multi\nline\nname"`);
    const opening = lines.join('\n').split('\n').length + 1;
    lines.push(`${address('u')},"Never closed`);
    lines.push(`${address('after')},After`);
    const res = await upload(t, headers, `${lines.join('\n')}\n`);
    const done = await runConfirmed(t, headers, (res.json() as { userImport: UserImportView }).userImport.id);
    expect(done.status).toBe('validation_error');
    const errors = await importErrors(t, headers, done.id);
    const unclosed = errors.find((e) => e.code === 'UNCLOSED_QUOTE');
    expect(opening).toBe(62);
    expect(unclosed).toMatchObject({ rows: [opening], value: null });
  });

  it('reports format errors with catalogued text only, and the data errors of the rest of the file beside them', async () => {
    const good = address('good');
    const csv = [
      'email,name,role',
      'not-an-email,Bad Address,viewer',
      `${address('q')},Robert "Bob" Smith,viewer`,
      `${good},"Two`,
      'lines",publisher',
      `${address('r')},Role,emperor`,
      `${address('x')},"Closed" late,viewer`,
      `${address('y')},Y,viewer`,
      `${address('z')},"Unclosed,viewer`,
      'also-bad,After The Quote,viewer',
    ].join('\r\n');
    const done = await importCsv(t, headers, `${csv}\r\n`);
    expect(done).toMatchObject({ status: 'validation_error', usersCreated: 0 });
    const errors = await importErrors(t, headers, done.id);
    const found = errors.map((e) => [e.code, e.rows] as const).sort((a, b) => a[1][0] - b[1][0]);
    expect(found).toEqual([
      ['INVALID_EMAIL', [2]],
      ['QUOTE_IN_CELL', [3]],
      ['NAME_CHARACTER', [4]],
      ['INVALID_ROLE', [6]],
      ['INVALID_QUOTE', [7]],
      ['UNCLOSED_QUOTE', [9]],
      ['INVALID_EMAIL', [10]],
    ]);
    for (const e of errors.filter((x) => x.code.includes('QUOTE'))) {
      // The catalogue's text, which the web app translates by its code; no parser text anywhere.
      expect(e.error).toBe(userImportErrorMessages[e.code as keyof typeof userImportErrorMessages]);
      expect(e.value).toBeNull();
    }
    expect(done.rowsWithErrors).toBe(7);
  });

  it('says how many invitations an applied import has sent and about how long the rest take', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => address(`inv${i}`));
    const done = await importCsv(t, headers, `email,name\n${emails.map((e) => `${e},N`).join('\n')}\n`);
    const perSecond = t.config.USER_IMPORT_INVITATIONS_PER_SECOND;
    expect(done).toMatchObject({
      status: 'completed',
      invitationsPending: 6,
      invitationsSent: 0,
      invitationsSecondsLeft: Math.ceil(6 / perSecond),
    });
    // Two go out, then the sender stops (as a stopping worker does): the rest are still owed.
    const stop = new AbortController();
    let sent = 0;
    await t.app.services.userImportPipeline.sendInvitations(
      done.id,
      async () => {
        if (++sent === 2) stop.abort();
      },
      { perSecond: 1000, maxSeconds: 60, signal: stop.signal },
    );
    const partly = await getImport(t, headers, done.id);
    expect(partly).toMatchObject({ invitationsSent: 2, invitationsPending: 4, invitationsSecondsLeft: Math.ceil(4 / perSecond) });
    const listed = (await t.app.inject({ url: '/api/user-imports?limit=100', headers })).json() as { userImports: UserImportView[] };
    expect(listed.userImports.find((u) => u.id === done.id)).toMatchObject({ invitationsSent: 2, invitationsPending: 4 });
    await t.app.services.userImportPipeline.sendInvitations(done.id, async () => {}, { perSecond: 1000, maxSeconds: 60 });
    expect(await getImport(t, headers, done.id)).toMatchObject({ invitationsSent: 6, invitationsPending: 0, invitationsSecondsLeft: null });
  });
});
