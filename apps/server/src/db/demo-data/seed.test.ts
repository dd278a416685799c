import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../modules/auth/password.js';
import { createFolderBlobStore } from '../../storage/blob-store.js';
import { createTestDatabase } from '../../test/test-database.js';
import { type Database, sqlRows } from '../client.js';
import * as t from '../schema.js';
import { DEMO_PASSWORD, demoSignInDetails, isDatabaseEmpty, loadDemoData, SAMPLE_VIDEO_KEY } from './seed.js';

describe('demo data', () => {
  let database: Database;
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-blobs-'));
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(blobDir, { recursive: true, force: true });
  });

  it('loads a realistic world into an empty database', async () => {
    const db = database.db;
    expect(await isDatabaseEmpty(db)).toBe(true);
    expect(await demoSignInDetails(db)).toBeUndefined();
    const blobs = createFolderBlobStore(blobDir);
    await loadDemoData(db, blobs, 'workframe.io');
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await demoSignInDetails(db)).toEqual({
      orgAdminEmail: 'admin@acme.example',
      staffEmail: 'staff@workframe.io',
      password: DEMO_PASSWORD,
    });

    const orgs = await db.select().from(t.organizations);
    expect(orgs.filter((o) => o.isStaff)).toHaveLength(1);
    expect(orgs.filter((o) => !o.isStaff)).toHaveLength(3);
    expect(orgs.filter((o) => o.disabledAt)).toHaveLength(1);

    const roles = await db.selectDistinct({ role: t.users.role }).from(t.users);
    expect(roles.map((r) => r.role).sort()).toEqual(['org_admin', 'publisher', 'viewer', 'workspace_admin']);
    const [staff] = await db.select().from(t.users).where(eq(t.users.email, 'STAFF@workframe.io'));
    expect(staff.allowedRoleTypes).toEqual(['read', 'update']);

    const privateWs = await db.select({ n: count() }).from(t.workspaces).where(eq(t.workspaces.private, true));
    expect(privateWs[0].n).toBeGreaterThan(0);
    const withSteps = await sqlRows<{ n: number }>(db, sql`select count(distinct workflow_id)::int as n from workflow_steps`);
    const [{ n: workflowCount }] = await db.select({ n: count() }).from(t.workflows);
    expect(Number(withSteps[0].n)).toBe(workflowCount);
    const [{ n: completions }] = await db.select({ n: count() }).from(t.completions);
    expect(completions).toBeGreaterThan(100);
    const [{ n: employeeIdOnly }] = await db
      .select({ n: count() })
      .from(t.users)
      .where(sql`${t.users.email} is null and ${t.users.employeeId} is not null`);
    expect(employeeIdOnly).toBeGreaterThan(0);
    const [{ n: withVideo }] = await db.select({ n: count() }).from(t.workflows).where(isNotNull(t.workflows.sourceVideoKey));
    expect(withVideo).toBe(workflowCount);
    expect(await blobs.exists(SAMPLE_VIDEO_KEY)).toBe(true);
  });

  it('names the demo password only while it still opens the demo admin’s account', async () => {
    const db = database.db;
    const [admin] = await db.select().from(t.users).where(eq(t.users.email, 'admin@acme.example'));
    await db
      .update(t.users)
      .set({ passwordHash: await hashPassword('A passphrase of my own, 2026') })
      .where(eq(t.users.id, admin.id));
    try {
      expect(await demoSignInDetails(db)).toEqual({
        orgAdminEmail: 'admin@acme.example',
        staffEmail: 'staff@workframe.io',
        password: null,
      });
    } finally {
      await db.update(t.users).set({ passwordHash: admin.passwordHash }).where(eq(t.users.id, admin.id));
    }
    expect((await demoSignInDetails(db))?.password).toBe(DEMO_PASSWORD);
  });

  it('has the trigram index the organization name filter needs', async () => {
    const res = await sqlRows<{ indexdef: string }>(
      database.db,
      sql`select indexdef from pg_indexes where indexname = 'organizations_name_trgm_idx'`,
    );
    expect(res[0]?.indexdef).toContain('gin_trgm_ops');
    const found = await sqlRows<{ name: string }>(database.db, sql`select name from organizations where name ilike ${'%GLOBEX%'}`);
    expect(found.map((r) => r.name)).toEqual(['Globex Logistics']);
  });
});
