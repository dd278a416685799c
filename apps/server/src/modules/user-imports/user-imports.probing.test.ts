/**
 * Issue 13, defect 9: an import that names e-mails of other organizations reports each of
 * them and, failing, changes nothing, so an admin could test any number of addresses per
 * upload without a trace. Each organization now learns of at most
 * USER_IMPORT_FOREIGN_EMAILS_PER_DAY such rows a day, and every import that names any
 * leaves an audit row and a log line with their count (docs/decisions/020-brute-force-and-probing.md).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.js';
import { capturedLogger } from '../../test/capture.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createForeignEmailBound } from './foreign-emails.js';
import { type Headers, importCsv, importErrors } from './user-imports.fixtures.js';

describe('user imports: e-mails of other organizations', () => {
  let t: TestApp;
  let headers: Headers;
  let orgId: string;
  let adminId: string;
  const { logger, lines } = capturedLogger();
  let firstImportId = '';
  const foreign = ['a@elsewhere.example', 'b@elsewhere.example', 'c@elsewhere.example', 'd@elsewhere.example'];

  beforeAll(async () => {
    t = await createTestApp({ logger, config: { USER_IMPORT_FOREIGN_EMAILS_PER_DAY: '3' } });
    const db = t.database.db;
    const org = await createOrganization(db);
    orgId = org.id;
    const admin = await createUser(db, org.id);
    adminId = admin.id;
    const other = await createOrganization(db);
    for (const email of foreign) await createUser(db, other.id, { email });
    headers = (await signIn(t, admin.email!)).headers;
  });
  afterAll(() => t.close());

  const audits = () =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, orgId), eq(auditLog.action, 'user_import.foreign_emails')));

  it('lists them within the daily budget, and leaves a trace of each import', async () => {
    const done = await importCsv(t, headers, `email,name\n${foreign[0]},A\nnew.one@here.example,N\n${foreign[1]},B\n`);
    expect(done.status).toBe('validation_error');
    const errors = await importErrors(t, headers, done.id);
    expect(errors.map((e) => [e.code, e.rows])).toEqual([
      ['EMAIL_IN_OTHER_ORGANIZATION', [2]],
      ['EMAIL_IN_OTHER_ORGANIZATION', [4]],
    ]);
    expect(await audits()).toMatchObject([{ actorUserId: adminId, targetId: done.id, details: { rows: 2, withheld: false } }]);
    firstImportId = done.id;
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
    expect(trace).toHaveLength(2);
    expect(trace.find((a) => a.targetId === done.id)).toMatchObject({ details: { rows: 2, withheld: true } });
  });

  it("writes a log line with the count (the app's background log; tests build the bound with a captured one)", async () => {
    const bound = createForeignEmailBound({ db: t.database.db, perDay: 100, clock: t.deps.clock, log: logger });
    await bound({ importId: firstImportId, organizationId: orgId, createdBy: adminId });
    expect(lines.join('')).toContain('"foreignEmailRows":2');
  });

  it('a file without such e-mails is not held back by a spent budget', async () => {
    const done = await importCsv(t, headers, 'email,name\nnew.three@here.example,N\n');
    expect(done.status).toBe('completed');
  });
});
