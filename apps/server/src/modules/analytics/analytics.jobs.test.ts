/** Analytics reports as the workers make them: at start for organizations without any, and on demand. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { analyticsJobs } from './analytics.jobs.js';

describe('analytics report jobs', () => {
  let t: TestApp;
  let admin: SignedIn;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestApp();
    orgId = (await createOrganization(t.database.db)).id;
    admin = await signIn(t, (await createUser(t.database.db, orgId)).email!);
    await t.deps.jobs.startWorkers(analyticsJobs({ deps: t.deps, services: t.app.services }));
  });
  afterAll(() => t.close());

  it('generates the reports of an organization that has none when the workers start', async () => {
    const names = await until('the first reports', async () => {
      const rows = await t.database.db.select({ name: reports.name }).from(reports).where(eq(reports.organizationId, orgId));
      return rows.length === 3 ? rows.map((r) => r.name.replace(/-\d{4}-\d\d-\d\d\.csv$/, '')).sort() : undefined;
    });
    expect(names).toEqual(['completions', 'skill-progress', 'users']);
  });

  it('runs a generation asked for by the page, whose state the page polls', async () => {
    // Whatever the start queued has ended first.
    await until('the start generation', async () => {
      const res = await t.app.inject({ url: '/api/analytics-data-download/generations/latest', headers: admin.headers });
      return res.json().generation?.status === 'completed' ? true : undefined;
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics-data-download', headers: admin.headers });
    expect(res.statusCode).toBe(202);
    const { id } = res.json().generation;
    const done = await until('the generation', async () => {
      const g = (await t.app.inject({ url: `/api/analytics-data-download/generations/${id}`, headers: admin.headers })).json().generation;
      return g.status === 'completed' || g.status === 'failed' ? g : undefined;
    });
    expect(done).toMatchObject({ id, status: 'completed', error: null });
    const list = (await t.app.inject({ url: '/api/analytics-data-download', headers: admin.headers })).json();
    expect(list.urls).toHaveLength(3);
    // The generation's end is its event, by the console itself, naming each report written.
    const [generated] = await eventsOf(t.database.db, { action: 'analytics_report.generated', targetId: id });
    expect(generated).toMatchObject({ organizationId: orgId, actor: { type: 'system' }, targets: [{ type: 'analytics_report', id }] });
    expect((generated.data.reports as { name: string }[]).map((r) => r.name).sort()).toEqual(
      list.urls.map((u: { name: string }) => u.name).sort(),
    );
  });
});
