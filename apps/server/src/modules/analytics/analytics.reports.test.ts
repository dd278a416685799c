/**
 * Analytics reports (docs/product.md, "Analytics reports"): the CSV of each type, formula
 * neutralisation, signed downloads, who may list and download, the prefix filter, and
 * generation (same day replaces; queued once; pruned after the retention).
 */
import { ANALYTICS_REPORT_COLUMNS } from '@console/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAnalyticsRepository } from './analytics.repository.js';
import { generateReports } from './generate.js';

const DAY_MS = 86_400_000;
const BOM = '\uFEFF';

interface Link {
  id: string;
  name: string;
  url: string;
  prefix: string;
  generatedAt: string;
  sizeBytes: number;
  rowCount: number;
  expiresAt: string;
}

describe('analytics reports', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T10:00:00.000Z');
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let other: Awaited<ReturnType<typeof createOrganization>>;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let workflowId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    const db = t.database.db;
    org = await createOrganization(db);
    other = await createOrganization(db);
    const adminUser = await createUser(db, org.id, { email: 'admin@analytics.example', displayName: 'Ada Admin', employeeId: 'E-1' });
    const learner = await createUser(db, org.id, {
      email: 'learner@analytics.example',
      displayName: '@Learner, "the first"',
      employeeId: '=HYPERLINK("http://evil.example")',
      role: 'viewer',
    });
    const quiet = await createUser(db, org.id, { email: null, displayName: 'Quiet', employeeId: 'E-3', role: 'viewer' });
    const ws = await createWorkspace(db, org.id, { name: 'Assembly' });
    const [team] = await db.insert(s.teams).values({ organizationId: org.id, name: 'Night shift' }).returning();
    await db.insert(s.userWorkspaces).values({ userId: learner.id, workspaceId: ws.id });
    await db.insert(s.userTeams).values({ userId: learner.id, teamId: team.id });
    const [flow] = await db.insert(s.workflows).values({ organizationId: org.id, workspaceId: ws.id, title: '+SUM(A1:A9)' }).returning();
    const [flow2] = await db
      .insert(s.workflows)
      .values({ organizationId: org.id, workspaceId: ws.id, title: 'Forklift basics' })
      .returning();
    workflowId = flow.id;
    await db.insert(s.completions).values([
      {
        organizationId: org.id,
        userId: learner.id,
        workflowId: flow.id,
        completedAt: new Date('2026-11-01T08:30:00Z'),
        timeSpentSeconds: 95,
        score: 87.5,
      },
      {
        organizationId: org.id,
        userId: quiet.id,
        workflowId: flow2.id,
        completedAt: new Date('2026-11-02T09:00:00Z'),
        timeSpentSeconds: 40,
        score: null,
      },
      {
        organizationId: org.id,
        userId: learner.id,
        workflowId: flow2.id,
        completedAt: new Date('2026-11-03T10:15:00Z'),
        timeSpentSeconds: 300,
        score: 100,
      },
    ]);
    const [skill] = await db.insert(s.skills).values({ organizationId: org.id, name: '-Welding' }).returning();
    await db.insert(s.userSkills).values({
      userId: learner.id,
      skillId: skill.id,
      progress: 60,
      assignedAt: new Date('2026-10-01T00:00:00Z'),
      achievedAt: null,
    });
    // Another organization with its own data, never in this one's files.
    const stranger = await createUser(db, other.id, { email: 'admin@other-analytics.example' });
    const otherWs = await createWorkspace(db, other.id);
    const [otherFlow] = await db
      .insert(s.workflows)
      .values({ organizationId: other.id, workspaceId: otherWs.id, title: 'Secret flow' })
      .returning();
    await db.insert(s.completions).values({
      organizationId: other.id,
      userId: stranger.id,
      workflowId: otherFlow.id,
      completedAt: new Date('2026-11-01T00:00:00Z'),
      timeSpentSeconds: 1,
    });
    admin = await signIn(t, adminUser.email!);
    otherAdmin = await signIn(t, stranger.email!);
    await t.app.services.analyticsReports.generate(org.id);
    await t.app.services.analyticsReports.generate(other.id);
  });
  afterAll(() => t.close());

  const list = async (who: SignedIn, query = '') => {
    const res = await t.app.inject({ url: `/api/analytics-data-download${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { urls: Link[] }).urls;
  };
  const download = (who: SignedIn | undefined, url: string) => t.app.inject({ url, headers: who?.headers ?? {} });
  const fileOf = async (prefix: string) => {
    const link = (await list(admin, `?prefix=${prefix}`))[0];
    const res = await download(admin, link.url);
    expect(res.statusCode, res.body).toBe(200);
    return { link, res, lines: res.body.replace(BOM, '').split('\r\n') };
  };

  it('lists one file of each type, named by prefix and day, with size, rows and a signed url', async () => {
    const urls = await list(admin);
    expect(urls.map((u) => u.name).sort()).toEqual(['completions-2026-11-20.csv', 'skill-progress-2026-11-20.csv', 'users-2026-11-20.csv']);
    const completions = urls.find((u) => u.prefix === 'completions')!;
    expect(completions).toMatchObject({ rowCount: 3, generatedAt: now.toISOString() });
    expect(completions.sizeBytes).toBeGreaterThan(100);
    expect(completions.url).toMatch(
      /^\/api\/analytics-data-download\/files\/[0-9a-f-]{36}\/completions-2026-11-20\.csv\?expires=\d+&signature=[\w-]+$/,
    );
    expect(Date.parse(completions.expiresAt) - now.getTime()).toBe(t.config.ANALYTICS_DOWNLOAD_URL_TTL_SECONDS * 1000);
  });

  it('filters by prefix and refuses an unknown one', async () => {
    expect((await list(admin, '?prefix=users')).map((u) => u.name)).toEqual(['users-2026-11-20.csv']);
    expect((await list(admin, '?prefix=skill-progress')).map((u) => u.prefix)).toEqual(['skill-progress']);
    const bad = await t.app.inject({ url: '/api/analytics-data-download?prefix=secrets', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('writes completions with e-mail, employee ID, workflow, UTC time, time spent and score, formulas neutralised', async () => {
    const { res, lines } = await fileOf('completions');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="completions-2026-11-20.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(lines[0]).toBe(ANALYTICS_REPORT_COLUMNS.completions.join(','));
    expect(lines[0]).toBe('email,employeeId,workflowId,workflowTitle,completedAt,timeSpentSeconds,score');
    expect(lines.slice(1)).toEqual([
      `learner@analytics.example,"'=HYPERLINK(""http://evil.example"")",${workflowId},'+SUM(A1:A9),2026-11-01T08:30:00Z,95,87.5`,
      expect.stringMatching(/^,E-3,[0-9a-f-]{36},Forklift basics,2026-11-02T09:00:00Z,40,$/),
      expect.stringMatching(/^learner@analytics\.example,.*,Forklift basics,2026-11-03T10:15:00Z,300,100$/),
      '',
    ]);
    expect(res.body).not.toContain('Secret flow');
  });

  it('writes users with role, state, dates and their workspaces and teams', async () => {
    const { lines } = await fileOf('users');
    expect(lines[0]).toBe('email,employeeId,name,role,disabled,createdAt,lastLoginAt,workspaces,teams');
    const learner = lines.find((l) => l.startsWith('learner@'))!;
    expect(learner).toMatch(
      /^learner@analytics\.example,"'=HYPERLINK\(""http:\/\/evil\.example""\)","'@Learner, ""the first""",viewer,false,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,,Assembly,Night shift$/,
    );
    expect(lines.find((l) => l.startsWith('admin@'))).toMatch(/^admin@analytics\.example,E-1,Ada Admin,org_admin,false,.+Z,.+Z,,$/);
    expect(lines.filter((l) => l !== '')).toHaveLength(4);
    expect(lines.join('\n')).not.toContain('other-analytics');
  });

  it('writes skill progress per user and skill', async () => {
    const { lines } = await fileOf('skill-progress');
    expect(lines).toEqual([
      'email,employeeId,skill,progress,assignedAt,achievedAt',
      `learner@analytics.example,"'=HYPERLINK(""http://evil.example"")",'-Welding,60,2026-10-01T00:00:00Z,`,
      '',
    ]);
  });

  it('refuses a forged signature (403) and an expired one (410), with a clear message', async () => {
    const link = (await list(admin, '?prefix=users'))[0];
    const forged = link.url.replace(/signature=([\w-])/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    const res = await download(admin, forged);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'DOWNLOAD_LINK_INVALID', message: 'This download link is not valid.' });
    // A later expiry with the old signature is a forgery too.
    const extended = link.url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`);
    expect((await download(admin, extended)).statusCode).toBe(403);
    // Another file's name under a signed id.
    expect((await download(admin, link.url.replace('users-', 'completions-'))).statusCode).toBe(403);
    const saved = now;
    now = new Date(saved.getTime() + (t.config.ANALYTICS_DOWNLOAD_URL_TTL_SECONDS + 1) * 1000);
    try {
      const expired = await download(admin, link.url);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'DOWNLOAD_LINK_EXPIRED' });
    } finally {
      now = saved;
    }
    expect((await download(admin, link.url.replace(/&signature=[\w-]+/, ''))).statusCode).toBe(400);
  });

  it("never gives an Organizational Admin another organization's report", async () => {
    const mine = await list(admin);
    const theirs = await list(otherAdmin);
    expect(theirs.map((u) => u.id).some((id) => mine.some((m) => m.id === id))).toBe(false);
    // A genuine link of one organization, used by the admin of another.
    const res = await download(otherAdmin, mine[0].url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ANALYTICS_REPORT_NOT_FOUND', message: 'No report available' });
    // Their own link with this organization's report id: the signature does not match.
    const swapped = theirs[0].url.replace(theirs[0].id, mine[0].id);
    expect((await download(otherAdmin, swapped)).statusCode).toBe(403);
  });

  it('is for signed-in Organizational Admins only', async () => {
    const link = (await list(admin))[0];
    expect((await t.app.inject({ url: '/api/analytics-data-download' })).statusCode).toBe(401);
    expect((await download(undefined, link.url)).statusCode).toBe(401);
    const db = t.database.db;
    const demoted = await createUser(db, org.id, { email: 'soon-publisher@analytics.example' });
    const session = await signIn(t, demoted.email!);
    await db.update(s.users).set({ role: 'publisher' }).where(eq(s.users.id, demoted.id));
    for (const res of [
      await t.app.inject({ url: '/api/analytics-data-download', headers: session.headers }),
      await download(session, link.url),
      await t.app.inject({ method: 'POST', url: '/api/analytics-data-download', headers: session.headers }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it('generates on demand once at a time; a second run on the same day replaces the files', async () => {
    const before = await list(admin);
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics-data-download', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(202);
    const { generation } = res.json();
    expect(generation).toMatchObject({ status: 'queued', startedAt: null, finishedAt: null, error: null });
    // Asked again while queued: the same generation.
    const again = await t.app.inject({ method: 'POST', url: '/api/analytics-data-download', headers: admin.headers });
    expect(again.json().generation.id).toBe(generation.id);
    // Without the CSRF header a cookie-authenticated POST is refused.
    const noCsrf = { cookie: admin.headers.cookie };
    expect((await t.app.inject({ method: 'POST', url: '/api/analytics-data-download', headers: noCsrf })).statusCode).toBe(403);

    now = new Date(now.getTime() + 3_600_000);
    await t.database.db.insert(s.completions).values({
      organizationId: org.id,
      userId: (await t.database.db.select().from(s.users).where(eq(s.users.email, 'learner@analytics.example')))[0].id,
      workflowId,
      completedAt: new Date('2026-11-20T10:30:00Z'),
      timeSpentSeconds: 12,
    });
    expect(await t.app.services.analyticsReports.run(generation.id)).toBe('done');
    expect(await t.app.services.analyticsReports.run(generation.id)).toBe('gone');
    const status = await t.app.inject({ url: `/api/analytics-data-download/generations/${generation.id}`, headers: admin.headers });
    expect(status.json().generation).toMatchObject({ id: generation.id, status: 'completed', error: null });
    expect(status.json().generation.finishedAt).toBe(now.toISOString());
    const latest = await t.app.inject({ url: '/api/analytics-data-download/generations/latest', headers: admin.headers });
    expect(latest.json().generation.id).toBe(generation.id);
    // Another organization's admin does not see the generation.
    const foreign = await t.app.inject({ url: `/api/analytics-data-download/generations/${generation.id}`, headers: otherAdmin.headers });
    expect(foreign.statusCode).toBe(404);

    const after = await list(admin);
    expect(after.map((u) => u.name).sort()).toEqual(before.map((u) => u.name).sort());
    const completions = after.find((u) => u.prefix === 'completions')!;
    expect(completions.rowCount).toBe(4);
    expect(completions.generatedAt).toBe(now.toISOString());
    // The replaced file is gone: the old link finds no report.
    const oldLink = before.find((u) => u.prefix === 'completions')!;
    expect(oldLink.id).toBe(completions.id);
    const body = (await download(admin, completions.url)).body;
    expect(body).toContain('2026-11-20T10:30:00Z');
    const keys = await t.database.db.select({ key: s.reports.blobKey }).from(s.reports).where(eq(s.reports.organizationId, org.id));
    expect(keys).toHaveLength(3);
    for (const { key } of keys) expect(await t.deps.blobs.exists(key)).toBe(true);
  });

  it('streams large reports a page at a time, every row once and in order', async () => {
    const db = t.database.db;
    const big = await createOrganization(db);
    const ws = await createWorkspace(db, big.id);
    const [flow] = await db.insert(s.workflows).values({ organizationId: big.id, workspaceId: ws.id, title: 'Flow' }).returning();
    const people = await db
      .insert(s.users)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          organizationId: big.id,
          displayName: `P${i}`,
          employeeId: `P-${String(i).padStart(2, '0')}`,
        })),
      )
      .returning();
    await db.insert(s.completions).values(
      people.map((p, i) => ({
        organizationId: big.id,
        userId: p.id,
        workflowId: flow.id,
        // Two share each time: the page key needs the id too.
        completedAt: new Date(Date.UTC(2026, 10, 1, Math.floor(i / 2))),
        timeSpentSeconds: i,
      })),
    );
    // A few rows a page, to cross page ends: the reports written as the service writes them, with that page size.
    const written = await generateReports(
      { repo: createAnalyticsRepository(db), blobs: t.deps.blobs, clock: t.deps.clock, pageRows: 4 },
      big.id,
    );
    expect(written.map((w) => [w.name, w.rowCount])).toEqual([
      ['completions-2026-11-20.csv', 25],
      ['users-2026-11-20.csv', 25],
      ['skill-progress-2026-11-20.csv', 0],
    ]);
    const [report] = await db
      .select()
      .from(s.reports)
      .where(and(eq(s.reports.organizationId, big.id), eq(s.reports.type, 'completions')));
    const text = await new Response(t.deps.blobs.read(report.blobKey) as unknown as ReadableStream).text();
    const rows = text
      .replace(BOM, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    // Every completion once (ties in time are ordered by id), in time order.
    expect(rows.map((r) => Number(r[5])).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    const completedAt = rows.map((r) => r[4]);
    expect(completedAt).toEqual([...completedAt].sort());
  });

  it('the daily run queues every enabled organization once, and prunes reports past the retention', async () => {
    const db = t.database.db;
    const disabled = await createOrganization(db, { disabledAt: now });
    const { queued } = await t.app.services.analyticsReports.daily();
    const generations = await db.select().from(s.reportGenerations).where(eq(s.reportGenerations.status, 'queued'));
    expect(generations.map((g) => g.organizationId)).toContain(org.id);
    expect(generations.map((g) => g.organizationId)).not.toContain(disabled.id);
    expect(new Set(generations.map((g) => g.organizationId)).size).toBe(generations.length);
    expect(queued).toBe(generations.length);
    // Queued again before the first ran: still one each.
    await t.app.services.analyticsReports.daily();
    expect(await db.select().from(s.reportGenerations).where(eq(s.reportGenerations.status, 'queued'))).toHaveLength(generations.length);

    const keys = (await db.select().from(s.reports).where(eq(s.reports.organizationId, org.id))).map((r) => r.blobKey);
    const saved = now;
    now = new Date(saved.getTime() + (t.config.ANALYTICS_REPORT_RETENTION_DAYS + 1) * DAY_MS);
    try {
      const { pruned } = await t.app.services.analyticsReports.daily();
      expect(pruned).toBeGreaterThanOrEqual(6);
      expect(await db.select().from(s.reports)).toEqual([]);
      for (const key of keys) expect(await t.deps.blobs.exists(key)).toBe(false);
      // A generation queued for an organization runs to new files dated today.
      const g = await t.app.services.analyticsReports.enqueue(org.id, null);
      expect(await t.app.services.analyticsReports.run(g.id)).toBe('done');
      const names = (await db.select().from(s.reports).where(eq(s.reports.organizationId, org.id))).map((r) => r.name);
      expect(names).toContain(`users-${now.toISOString().slice(0, 10)}.csv`);
    } finally {
      now = saved;
    }
  });
});
