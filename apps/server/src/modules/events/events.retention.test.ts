/**
 * The events' retention job on a real database: each organization's events older than its own
 * retention (its setting, else 400 days) are deleted, and events of no organization older than
 * their default; nothing else, in batches of short statements; an organization's deletion
 * takes its events with it.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, organizations } from '../../db/schema.js';
import { jobDefinitions } from '../../jobs/index.js';
import { createOrganization } from '../../test/factories.js';
import { signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY + ms);

describe('events retention job', () => {
  let t: TestApp;
  let staffHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW }, config: { EVENTS_WITHOUT_ORGANIZATION_RETENTION_DAYS: '60' } });
    staffHeaders = (await signInStaff(t, { roles: ['read', 'update'] })).headers;
  });
  afterAll(() => t.close());

  const setRetention = async (organizationId: string, days: number) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/organization/${organizationId}/settings/eventRetentionDays`,
      headers: staffHeaders,
      payload: { value: days },
    });
    expect(res.statusCode).toBe(200);
  };

  /** Events named by what they stand for, at the given times; returns nothing (names are the action's data). */
  async function seed(organizationId: string | null, entries: [name: string, occurredAt: Date][]) {
    await t.database.db.insert(events).values(
      entries.map(([name, occurredAt]) => ({
        organizationId,
        action: 'session.signed_in',
        actorType: 'system',
        actorName: 'system',
        data: { name },
        occurredAt,
      })),
    );
  }

  const namesOf = async (organizationIds: (string | null)[]) => {
    const ids = organizationIds.filter((id): id is string => id !== null);
    const rows = await t.database.db
      .select({ organizationId: events.organizationId, data: events.data })
      .from(events)
      .where(
        organizationIds.includes(null)
          ? sql`${events.organizationId} is null or ${ids.length ? inArray(events.organizationId, ids) : sql`false`}`
          : inArray(events.organizationId, ids),
      );
    return rows.map((r) => `${r.organizationId ?? 'none'}: ${(r.data as { name: string }).name}`).sort();
  };

  const run = (batchSize: number, signal?: AbortSignal) => t.app.services.eventsRetention.run({ batchSize, signal });

  it('deletes exactly the events older than each organization’s own retention, and old events of no organization, in batches', async () => {
    const { db } = t.database;
    // The events recorded by the setting changes below are recorded now: they are kept.
    const month = await createOrganization(db);
    const byDefault = await createOrganization(db);
    const sevenYears = await createOrganization(db);
    const disabled = await createOrganization(db, { disabledAt: daysAgo(500) });
    await setRetention(month.id, 30);
    await setRetention(sevenYears.id, 2557);
    await db.delete(events).where(inArray(events.organizationId, [month.id, sevenYears.id]));

    await seed(month.id, [
      ['month: now', NOW],
      ['month: 29 days ago', daysAgo(29)],
      ['month: 30 days ago less a second', daysAgo(30, 1000)],
      ['month: 30 days ago and a second', daysAgo(30, -1000)],
      ['month: 31 days ago', daysAgo(31)],
      ['month: 399 days ago', daysAgo(399)],
      ['month: 3 years ago', daysAgo(3 * 365)],
    ]);
    // More than two batches of 7: the deletes go a batch at a time, in keyset order.
    await seed(
      byDefault.id,
      Array.from({ length: 17 }, (_, n) => [`default: 401 days ago #${n}`, daysAgo(401, -n)] as [string, Date]),
    );
    await seed(byDefault.id, [
      ['default: 31 days ago', daysAgo(31)],
      ['default: 399 days ago', daysAgo(399)],
      ['default: 400 days ago less a second', daysAgo(400, 1000)],
      ['default: 400 days ago and a second', daysAgo(400, -1000)],
    ]);
    await seed(sevenYears.id, [
      ['seven years: 400 days ago and a second', daysAgo(400, -1000)],
      ['seven years: 2556 days ago', daysAgo(2556)],
      ['seven years: 2558 days ago', daysAgo(2558)],
    ]);
    await seed(disabled.id, [
      ['disabled: 100 days ago', daysAgo(100)],
      ['disabled: 450 days ago', daysAgo(450)],
    ]);
    await seed(null, [
      ['none: 59 days ago', daysAgo(59)],
      ['none: 61 days ago', daysAgo(61)],
      ['none: 500 days ago', daysAgo(500)],
    ]);
    // Events of the same instant: the keyset goes on by id, none is skipped or kept.
    await seed(month.id, [
      ['month: 40 days ago, same instant A', daysAgo(40)],
      ['month: 40 days ago, same instant B', daysAgo(40)],
    ]);

    const orgIds = [month.id, byDefault.id, sevenYears.id, disabled.id];
    const report = await run(7);
    expect(await namesOf([...orgIds, null])).toEqual(
      [
        `${month.id}: month: now`,
        `${month.id}: month: 29 days ago`,
        `${month.id}: month: 30 days ago less a second`,
        `${byDefault.id}: default: 31 days ago`,
        `${byDefault.id}: default: 399 days ago`,
        `${byDefault.id}: default: 400 days ago less a second`,
        `${sevenYears.id}: seven years: 400 days ago and a second`,
        `${sevenYears.id}: seven years: 2556 days ago`,
        `${disabled.id}: disabled: 100 days ago`,
        'none: none: 59 days ago',
      ].sort(),
    );
    expect(report).toMatchObject({ organizationEvents: 6 + 18 + 1 + 1, withoutOrganization: 2 });
    expect(report.organizations).toBe(4);
    // 6 of month (one batch), 18 of the default (7 + 7 + 4), 1 and 1, 2 of none: one statement
    // per batch; every organization of the database without old events costs one too.
    const allOrganizations = (await db.select({ id: organizations.id }).from(organizations)).length;
    expect(report.statements).toBe(allOrganizations + 2 + 1);

    // A second run finds nothing more to delete.
    const again = await run(7);
    expect(again).toMatchObject({ organizationEvents: 0, withoutOrganization: 0, organizations: 0 });
    expect(await namesOf([...orgIds, null])).toHaveLength(10);
  });

  it('a batch as large as what is left ends with one statement that finds none; a stopping process ends the run', async () => {
    const org = await createOrganization(t.database.db);
    await seed(
      org.id,
      Array.from({ length: 10 }, (_, n) => [`old #${n}`, daysAgo(500, n)] as [string, Date]),
    );
    const stopped = new AbortController();
    stopped.abort();
    // Every count of the report is 0: not one statement ran.
    expect(new Set(Object.values(await run(5, stopped.signal)))).toEqual(new Set([0]));
    expect(await namesOf([org.id])).toHaveLength(10);
    const report = await run(5);
    expect(report.organizationEvents).toBe(10);
    expect(await namesOf([org.id])).toEqual([]);
    // Two full batches, then one that finds none left; one for each other organization and none's.
    const allOrganizations = (await t.database.db.select({ id: organizations.id }).from(organizations)).length;
    expect(report.statements).toBe(3 + (allOrganizations - 1) + 1);
  });

  it('an organization’s deletion keeps none of its events', async () => {
    const { db } = t.database;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    await seed(org.id, [['gone with it', NOW]]);
    await seed(other.id, [['kept', NOW]]);
    await db.delete(organizations).where(eq(organizations.id, org.id));
    expect(await namesOf([org.id, other.id])).toEqual([`${other.id}: kept`]);
  });

  it('is an hourly job of the registry', () => {
    const job = jobDefinitions({ deps: t.deps, services: t.app.services }).find((d) => d.name === 'events-retention');
    expect(job?.cron).toBe('23 * * * *');
  });
});
