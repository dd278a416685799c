/**
 * An import that reported each e-mail of another organization it names and, failing,
 * changed nothing would let an admin test any number of addresses per upload without a
 * trace. So each organization learns of at most
 * USER_IMPORT_FOREIGN_EMAILS_PER_DAY such addresses a day, whichever writer asks (imports,
 * SCIM, the external API: users/foreign-emails.ts), and every import that names any leaves
 * an audit row and a log line with their count. Past the budget, a file's new addresses are
 * refused alike, free or taken (docs/decisions/020-brute-force-and-probing.md).
 */
import { userImportOptions } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { capturedLogger } from '../../test/capture.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { foreignEmailRuleOn } from '../../test/foreign-email-rule.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createForeignEmailBound } from './set-based/foreign-emails.js';
import { validateRange } from './set-based/validation.js';
import { getImport, type Headers, importCsv, importErrors, upload, watchedRuns } from './user-imports.fixtures.js';

describe('user imports: e-mails of other organizations', () => {
  let t: TestApp;
  let headers: Headers;
  let orgId: string;
  let adminId: string;
  let now = Date.parse('2026-11-26T09:00:00Z');
  const { logger, lines } = capturedLogger();
  const runs = watchedRuns();
  let firstImportId = '';
  const foreign = [
    'a@elsewhere.example',
    'b@elsewhere.example',
    'c@elsewhere.example',
    'd@elsewhere.example',
    'e@elsewhere.example',
    'f@elsewhere.example',
  ];
  const member = 'member@here.example';

  beforeAll(async () => {
    t = await createTestApp({
      logger,
      log: runs.log,
      clock: { now: () => new Date(now) },
      config: { USER_IMPORT_FOREIGN_EMAILS_PER_DAY: '3' },
    });
    const db = t.database.db;
    const org = await createOrganization(db);
    orgId = org.id;
    const admin = await createUser(db, org.id);
    adminId = admin.id;
    await createUser(db, org.id, { email: member, role: 'viewer' });
    const other = await createOrganization(db);
    for (const email of foreign) await createUser(db, other.id, { email });
    headers = (await signIn(t, admin.email!)).headers;
  });
  afterAll(() => t.close());

  const audits = async () =>
    (await eventsOf(t.database.db, { organizationId: orgId, action: 'user_import.foreign_emails_found' })).map((e) => ({
      ...e,
      targetId: e.targets[0]?.id,
    }));
  const created = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

  it('lists nothing while the file is validated: rows of other organizations may yet be withheld', async () => {
    const res = await upload(t, headers, `email,name\n${foreign[4]},E\n`);
    const id = res.json().userImport.id as string;
    await runs.runUntil(t, id, 'validating');
    // Validation has found the row, and not yet decided at its end whether it may be told:
    // neither the list, the CSV of errors nor the progress count shows it.
    const scope = {
      importId: id,
      organizationId: orgId,
      createdBy: adminId,
      options: userImportOptions.parse({}),
      staffEmailDomain: t.deps.config.STAFF_EMAIL_DOMAIN,
    };
    expect(await validateRange(t.database.db, scope, 0, 100)).toBe(0);
    expect(await importErrors(t, headers, id)).toEqual([]);
    const csv = await t.app.inject({ url: `/api/user-import/${id}/errors.csv`, headers });
    expect(csv.body).not.toContain('elsewhere.example');
    // Ended, within the budget, it lists the row.
    await t.app.services.userImportPipeline.run(id);
    expect((await getImport(t, headers, id)).rowsWithErrors).toBe(1);
    expect((await importErrors(t, headers, id)).map((e) => e.email)).toEqual([foreign[4]]);
  });

  it('lists them within the daily budget, and leaves a trace of each import', async () => {
    const done = await importCsv(t, headers, `email,name\n${foreign[0]},A\nnew.one@here.example,N\n${foreign[1]},B\n`);
    expect(done.status).toBe('validation_error');
    const errors = await importErrors(t, headers, done.id);
    expect(errors.map((e) => [e.code, e.rows])).toEqual([
      ['EMAIL_IN_OTHER_ORGANIZATION', [2]],
      ['EMAIL_IN_OTHER_ORGANIZATION', [4]],
    ]);
    // Found by the import's validation, a background job: the console's finding, naming the import.
    expect((await audits()).find((a) => a.targetId === done.id)).toMatchObject({
      actor: { type: 'system' },
      targets: [{ type: 'user_import', id: done.id, name: expect.any(String) }],
      data: { rows: 2, checked: 2, withheld: false },
    });
    firstImportId = done.id;
  });

  it('lists addresses it told of in the last day again without spending (a corrected file is uploaded again)', async () => {
    const again = await importCsv(t, headers, `email,name\n${foreign[0]},A\n${foreign[1]},B\n`);
    const errors = await importErrors(t, headers, again.id);
    expect(errors.map((e) => [e.code, e.rows])).toEqual([
      ['EMAIL_IN_OTHER_ORGANIZATION', [2]],
      ['EMAIL_IN_OTHER_ORGANIZATION', [3]],
    ]);
    expect((await audits()).find((a) => a.targetId === again.id)).toMatchObject({ data: { rows: 2, checked: 0, withheld: false } });
  });

  it('beyond the budget, says only that some e-mails cannot be used: not which, nor how many', async () => {
    const done = await importCsv(t, headers, `email,name\n${foreign[2]},C\nnew.two@here.example,N\n${foreign[3]},D\n`);
    expect(done.status).toBe('validation_error');
    const errors = await importErrors(t, headers, done.id);
    expect(errors.map((e) => [e.code, e.rows, e.email, e.value])).toEqual([['EMAIL_CHECKS_LIMIT', [], null, null]]);
    expect(JSON.stringify(errors)).not.toContain('elsewhere.example');
    // Nothing changed: the new address of the same file was not created.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'new.two@here.example'))).toEqual([]);
    const trace = await audits();
    expect(trace).toHaveLength(4);
    expect(trace.find((a) => a.targetId === done.id)).toMatchObject({ data: { rows: 2, checked: 2, withheld: true } });
  });

  it('once the checks are spent, answers a free new address as it answers a taken one, and creates nothing', async () => {
    const free = await importCsv(t, headers, 'email,name\nnew.three@here.example,N\n');
    const taken = await importCsv(t, headers, `email,name\n${foreign[5]},F\n`);
    expect([free.status, taken.status]).toEqual(['validation_error', 'validation_error']);
    const answer = async (id: string) => (await importErrors(t, headers, id)).map((e) => [e.code, e.rows, e.email, e.value, e.error]);
    expect(await answer(free.id)).toEqual([['EMAIL_CHECKS_LIMIT', [], null, null, expect.any(String)]]);
    expect(await answer(taken.id)).toEqual(await answer(free.id));
    expect(free.rowsWithErrors).toBe(taken.rowsWithErrors);
    expect(await created('new.three@here.example')).toEqual([]);
    // An address told earlier in the day is still listed; the file's new one is refused beside it.
    const mixed = await importCsv(t, headers, `email,name\n${foreign[0]},A\nnew.four@here.example,N\n`);
    expect((await importErrors(t, headers, mixed.id)).map((e) => [e.code, e.rows])).toEqual([
      ['EMAIL_CHECKS_LIMIT', []],
      ['EMAIL_IN_OTHER_ORGANIZATION', [2]],
    ]);
  });

  it("a file of the organization's own users is not held back by a spent budget", async () => {
    const done = await importCsv(t, headers, `email,name\n${member},Member Renamed\n`);
    expect(done.status).toBe('completed');
    expect((await created(member))[0].displayName).toBe('Member Renamed');
  });

  it('when the day is over, new addresses are checked again', async () => {
    now += 24 * 60 * 60_000 + 1000;
    const done = await importCsv(t, headers, 'email,name\nnew.three@here.example,N\n');
    expect(done.status).toBe('completed');
    expect(await created('new.three@here.example')).toHaveLength(1);
  });

  it("writes a log line with the count (the app's background log; tests build the bound with a captured one)", async () => {
    const rule = foreignEmailRuleOn(t.database.db, { perDay: 100, clock: t.deps.clock, log: logger });
    await createForeignEmailBound({ db: t.database.db, rule })({
      importId: firstImportId,
      organizationId: orgId,
      createdBy: adminId,
      filename: 'people.csv',
    });
    expect(lines.join('')).toContain('"foreignEmailRows":2');
  });
});
