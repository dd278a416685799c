/**
 * The first import of a new admin, with the template as it is downloaded: the template is
 * made for the organization and imports unchanged; the admin chooses whether new
 * users get an invitation e-mail; Retry is refused where it cannot succeed.
 */
import { Readable } from 'node:stream';
import { USER_IMPORT_TEMPLATE_COLUMNS, type UserImportView } from '@console/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loadDemoData } from '../../db/demo-data/seed.js';
import { organizations, skills, teams, userImportInvitations, userImports, users, userTokens, workspaces } from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { createMailTestApp, type MailTestApp } from '../../test/mail-test-app.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { readUserImportCsv, type StagedRow } from './csv-reader.js';
import { exampleDomain } from './template.js';
import { getImport, type Headers, importCsv, importErrors, runConfirmed, settledInBackground, upload } from './user-imports.fixtures.js';
import { userImportJobs } from './user-imports.jobs.js';

/** The file as the import's own reader stages it: every row, or the reader's error. */
async function readWithTheImporter(csv: string, separator: string) {
  const rows: StagedRow[] = [];
  const { rows: count } = await readUserImportCsv(Readable.from([Buffer.from(csv)]), {
    separator,
    batchRows: 100,
    onBatch: async (batch) => {
      rows.push(...batch);
    },
  });
  return { count, rows };
}

describe('the user-import template', () => {
  let t: TestApp;
  let headers: Headers;
  let org: Awaited<ReturnType<typeof createOrganization>>;
  const template = async (h: Headers, separator = ',') => {
    const res = await t.app.inject({ url: `/api/user-imports/template?columnSeparator=${encodeURIComponent(separator)}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    // No client key: the example's domain comes from the name.
    org = await createOrganization(db, { name: 'Zeta Works', clientKey: null });
    headers = (await signIn(t, (await createUser(db, org.id, { email: 'admin@template.example' })).email!)).headers;
    // In name order: two names that cannot stand in a cell unchanged come first and are passed over.
    for (const name of ['=Formula', 'A|B', 'Alpha Line', 'Beta, Ltd.', 'Zulu']) await createWorkspace(db, org.id, { name });
    await db.insert(teams).values([{ organizationId: org.id, name: 'Night "owls"' }]);
    await db.insert(skills).values([{ organizationId: org.id, name: 'Welding' }]);
  });
  afterAll(() => t.close());

  it("names the organization's own workspaces, teams and skills, quoted as CSV, and a user who does not exist", async () => {
    const res = await template(headers);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('user-import-template.csv');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(USER_IMPORT_TEMPLATE_COLUMNS.join(','));
    const domain = exampleDomain(null, 'Zeta Works');
    expect(domain).toBe('zeta-works.example');
    expect(lines[1]).toBe(`ada.lovelace@${domain},,Ada Lovelace,publisher,"Alpha Line|Beta, Ltd.","Night ""owls""",Welding,false`);
    expect(lines[2]).toBe(',E-1024,Grace Hopper,viewer,Alpha Line,,,');
    expect(lines.slice(3)).toEqual(['']);
  });

  it('reads with zero errors through the importer, in any separator, and imports unchanged', async () => {
    for (const separator of [',', ';', '\t']) {
      const csv = (await template(headers, separator)).body;
      const read = await readWithTheImporter(csv, separator);
      expect(read.count, separator).toBe(2);
      // [row, email, employeeId, name, role, workspaces, teams, skills, disabled, problem]
      expect(read.rows[0].slice(3)).toEqual([
        'Ada Lovelace',
        'publisher',
        'Alpha Line|Beta, Ltd.',
        'Night "owls"',
        'Welding',
        'false',
        null,
      ]);
      expect(read.rows[1].slice(1, 4)).toEqual([null, 'E-1024', 'Grace Hopper']);
    }
    const csv = (await template(headers, ';')).body;
    const done = await importCsv(t, headers, csv, { columnSeparator: ';' });
    expect(done, JSON.stringify(await importErrors(t, headers, done.id))).toMatchObject({
      status: 'completed',
      usersCreated: 2,
      rowsWithErrors: 0,
    });
    const [ada] = await t.database.db.select().from(users).where(eq(users.email, 'ada.lovelace@zeta-works.example'));
    expect(ada).toMatchObject({ organizationId: org.id, role: 'publisher', displayName: 'Ada Lovelace' });

    // Downloaded again, it names a new user and a new employee ID: it imports again and changes no one.
    const again = (await template(headers)).body.split('\r\n');
    expect(again[1]).toMatch(/^ada\.lovelace\.2@zeta-works\.example,/);
    expect(again[2]).toMatch(/^,E-1024-2,/);
    expect(await importCsv(t, headers, again.join('\r\n'))).toMatchObject({ status: 'completed', usersCreated: 2, usersUpdated: 0 });
  });

  it('is made for each organization: another has its own names and domain, or none', async () => {
    const db = t.database.db;
    const bare = await createOrganization(db, { name: 'Ñandú Café', clientKey: 'nandu' });
    const h = (await signIn(t, (await createUser(db, bare.id, { email: 'admin@nandu.example' })).email!)).headers;
    const lines = (await template(h)).body.split('\r\n');
    expect(lines[1]).toBe('ada.lovelace@nandu.example,,Ada Lovelace,publisher,,,,false');
    expect(lines[2]).toBe(',E-1024,Grace Hopper,viewer,,,,');
    expect(await importCsv(t, h, lines.join('\r\n'))).toMatchObject({ status: 'completed', usersCreated: 2 });
    expect(exampleDomain(null, 'Ñandú Café')).toBe('nandu-cafe.example');
    expect(exampleDomain(null, '???')).toBe('organization.example');
  });

  it('imports as it is into the demo organization, acme', async () => {
    await loadDemoData(t.database.db, t.deps.blobs, 'workframe.io');
    const demo = await signIn(t, 'admin@acme.example', DEMO_PASSWORD);
    const csv = (await template(demo.headers)).body;
    const [acme] = await t.database.db.select().from(organizations).where(eq(organizations.clientKey, 'acme'));
    const names = (
      await t.database.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.organizationId, acme.id))
    ).map((w) => w.name);
    const workspaceCell = csv.split('\r\n')[1].split(',')[4];
    expect(workspaceCell.split('|').every((n) => names.includes(n))).toBe(true);
    expect(csv).toContain('ada.lovelace@acme.example');
    const done = await importCsv(t, demo.headers, csv);
    expect(done, JSON.stringify(await importErrors(t, demo.headers, done.id))).toMatchObject({ status: 'completed', usersCreated: 2 });
  });
});

describe('invitation e-mails of an import', () => {
  let t: MailTestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await createMailTestApp({ config: { USER_IMPORT_INVITATIONS_PER_SECOND: '50' } });
    const orgId = (await createOrganization(t.database.db)).id;
    headers = (await signIn(t, (await createUser(t.database.db, orgId)).email!)).headers;
    await t.deps.jobs.startWorkers(userImportJobs({ deps: t.deps, services: t.app.services }));
  });
  afterAll(() => t.close());

  const run = async (csv: string, fields: Record<string, string>) => {
    const res = await upload(t, headers, csv, fields);
    expect(res.statusCode, res.body).toBe(201);
    const { id, options } = res.json().userImport as UserImportView;
    const view = await settledInBackground(t, headers, id);
    return { id, options, view };
  };
  const mailedTo = (domain: string) =>
    t.smtp.messages
      .flatMap((m) => m.to)
      .filter((to) => to.endsWith(domain))
      .sort();

  it('sends none when the admin turns them off: stored on the import, the users created all the same', async () => {
    const { id, options, view } = await run('email,name\nquiet1@off.example,Quiet One\nquiet2@off.example,Quiet Two\n', {
      sendInvitations: 'false',
    });
    expect(options.sendInvitations).toBe(false);
    expect(view).toMatchObject({ status: 'completed', usersCreated: 2, invitationsSent: 0, invitationsPending: 0, invitationsFailed: 0 });
    expect(view.options).toMatchObject({ sendInvitations: false, assignWorkspaces: true });
    const row = (await t.database.db.select().from(userImports).where(eq(userImports.id, id)))[0];
    expect((row.options as Record<string, unknown>).sendInvitations).toBe(false);
    expect(await t.database.db.select().from(userImportInvitations).where(eq(userImportInvitations.importId, id))).toEqual([]);
    // The invitations job has had its turn (the import settled); an import sent after it mails at once.
    await run('email,name\nmarker@off-check.example,Marker\n', {});
    await until('the marker e-mail', async () => (mailedTo('@off-check.example').length === 1 ? true : undefined));
    expect(mailedTo('@off.example')).toEqual([]);
    const quiet = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['quiet1@off.example', 'quiet2@off.example']));
    expect(quiet).toHaveLength(2);
    const tokens = await t.database.db
      .select()
      .from(userTokens)
      .where(
        inArray(
          userTokens.userId,
          quiet.map((u) => u.id),
        ),
      );
    expect(tokens).toEqual([]);
  });

  it('sends them by default, as before', async () => {
    const { options, view } = await run('email,name\nloud1@on.example,Loud One\nloud2@on.example,Loud Two\n', {});
    expect(options.sendInvitations).toBe(true);
    expect(view).toMatchObject({ status: 'completed', invitationsSent: 2 });
    expect(mailedTo('@on.example')).toEqual(['loud1@on.example', 'loud2@on.example']);
  });
});

describe('retry of a user import', () => {
  let t: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    const orgId = (await createOrganization(t.database.db)).id;
    headers = (await signIn(t, (await createUser(t.database.db, orgId)).email!)).headers;
  });
  afterAll(() => t.close());
  const retry = (id: string) => t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/retry`, headers });

  it('is refused after errors of the file (a new file is needed), which drops the file at once', async () => {
    for (const [csv, fields] of [
      // A comma chosen for a file of semicolons: the header is one column.
      ['email;name\nx@retry.example;X\n', { columnSeparator: ',' }],
      ['email,name\nnot-an-email,Bad\n', {}],
      ['email,name,workspaces\nw@retry.example,W,Later\n', {}],
    ] as const) {
      const failed = await importCsv(t, headers, csv, fields);
      expect(failed.status).toBe('validation_error');
      const [row] = await t.database.db.select().from(userImports).where(eq(userImports.id, failed.id));
      expect(await t.deps.blobs.exists(row.blobKey)).toBe(false);
      const refused = await retry(failed.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'USER_IMPORT_NEEDS_NEW_FILE', message: expect.stringMatching(/upload it again/) });
      expect(await getImport(t, headers, failed.id)).toMatchObject({ status: 'validation_error' });
    }
  });

  it('is refused for an import that did not fail, and still offered after a job failure', async () => {
    const done = await importCsv(t, headers, 'email,name\nok@retry.example,Ok\n');
    expect(done.status).toBe('completed');
    expect((await retry(done.id)).json()).toMatchObject({ statusCode: 409, code: 'USER_IMPORT_NOT_RETRYABLE' });

    const res = await upload(t, headers, 'email,name\nlater@retry.example,Later\n');
    const { id } = res.json().userImport as UserImportView;
    await t.app.services.userImportPipeline.fail(id, 'the worker died');
    expect((await getImport(t, headers, id)).status).toBe('error');
    expect((await retry(id)).json().userImport).toMatchObject({ status: 'processing', phase: 'queued' });
    expect(await runConfirmed(t, headers, id)).toMatchObject({ status: 'completed', usersCreated: 1 });
  });
});
