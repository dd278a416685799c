/**
 * The trail's CSV export opens safely whatever the names it holds: for any actor and target
 * names (a leading = + - @, tabs, CR and LF, quotes and commas, NUL and lone surrogates, which
 * the recorder keeps as U+FFFD), every cell of the file, read back by an RFC 4180 reader, is the
 * text the event holds, and a cell a spreadsheet would run as a formula starts with an
 * apostrophe instead, so it opens as text.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { EXPORT_COLUMNS } from './events-trail.service.js';
import { recordEvent, storable } from './record.js';

/** RFC 4180: fields separated by commas, records by CRLF; a quoted field may hold anything, "" for a quote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('a quoted field does not end');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      records.push([...record, field]);
      record = [];
      field = '';
      i += 2;
    } else if (text[i] === '\r' || text[i] === '\n' || text[i] === '"') {
      throw new Error(`a bare ${JSON.stringify(text[i])} outside quotes at ${i}`);
    } else field += text[i++];
  }
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

/** What a spreadsheet would run as a formula: the cell as written must not start so. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The cell a value becomes: its text, an apostrophe first when it would start a formula. */
const cellOf = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

const hostileName = fc
  .tuple(
    fc.constantFrom('', '=', '+', '-', '@', '\t', '\r', '\n', '"', ',', '\u0000', '\ud800', '\udc00', "'", ' '),
    fc.string({
      unit: fc.constantFrom(
        'a',
        'Z',
        '1',
        '=',
        '+',
        '-',
        '@',
        '\t',
        '\r',
        '\n',
        '"',
        ',',
        ';',
        '\u0000',
        '\ud800',
        '\udfff',
        'é',
        '🙂',
        '\u2028',
      ),
      maxLength: 12,
    }),
  )
  .map(([start, rest]) => `${start}${rest}`);

describe('the trail’s CSV export', () => {
  let t: TestApp;
  let admin: SignedIn;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.database.db);
    orgId = org.id;
    admin = await signIn(t, (await createUser(t.database.db, orgId, {})).email!);
  });
  afterAll(() => t?.close());

  it('opens safely for any hostile actor and target names: each cell reads back as the text, formulas as text', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, fc.array(hostileName, { minLength: 1, maxLength: 3 }), async (actorName, names) => {
        const targetId = randomUUID();
        await t.database.db.transaction((tx) =>
          recordEvent(tx, {
            action: 'user.updated',
            organizationId: orgId,
            actor: { type: 'user', id: randomUUID(), name: actorName, userAgent: `=${actorName}` },
            targets: names.map((name, i) => ({ type: 'user', id: i === 0 ? targetId : randomUUID(), name })),
            data: { name: names[0] },
          }),
        );
        const res = await t.app.inject({ url: `/api/events/export?format=csv&targetId=${targetId}`, headers: admin.headers });
        expect(res.statusCode).toBe(200);
        expect(res.body.startsWith('\uFEFF')).toBe(true);
        const [header, ...rows] = parseCsv(res.body.slice(1));
        expect(header).toEqual([...EXPORT_COLUMNS]);
        expect(rows).toHaveLength(1);
        const cells = Object.fromEntries(header.map((column, i) => [column, rows[0][i]]));
        const stored = storable(names);
        expect(cells.actor_name).toBe(cellOf(storable(actorName)));
        expect(cells.actor_user_agent).toBe(cellOf(`=${storable(actorName)}`));
        expect(cells.target_names).toBe(cellOf(stored.join('\n')));
        expect(cells.target_ids.split('\n')[0]).toBe(targetId);
        expect(JSON.parse(cells.data)).toEqual({ name: stored[0] });
        for (const cell of rows[0]) expect(FORMULA_START.test(cell), JSON.stringify(cell)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
