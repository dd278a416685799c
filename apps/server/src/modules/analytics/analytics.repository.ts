/**
 * SQL of analytics reports: the report rows and their generations, and the pages of data
 * each report type is written from. Pages are keyset pages (never OFFSET), so each is one
 * short statement however large the organization is. Every method takes an optional
 * executor last (`db`).
 */
import type { AnalyticsReportPrefix } from '@console/contracts';
import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { organizations, reportGenerations, reports } from '../../db/schema.js';

export type ReportRow = typeof reports.$inferSelect;
export type GenerationRow = typeof reportGenerations.$inferSelect;

const ACTIVE = ['queued', 'running'];

export function createAnalyticsRepository(root: Db) {
  return {
    async listReports(organizationId: string, prefix?: AnalyticsReportPrefix, limit = 500, db: Db = root): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(and(eq(reports.organizationId, organizationId), prefix ? eq(reports.type, prefix) : undefined))
        .orderBy(desc(reports.generatedAt), reports.type)
        .limit(limit);
    },

    async findReport(id: string, db: Db = root): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },

    /** Stores a generated file; one of the same name (same type, same day) is replaced. Answers the replaced file's key. */
    async upsertReport(
      values: Pick<ReportRow, 'organizationId' | 'type' | 'name' | 'blobKey' | 'sizeBytes' | 'rowCount' | 'generatedAt'>,
      db: Db = root,
    ): Promise<{ replacedBlobKey: string | null }> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ blobKey: reports.blobKey })
          .from(reports)
          .where(and(eq(reports.organizationId, values.organizationId), eq(reports.name, values.name)))
          .for('update');
        await tx
          .insert(reports)
          .values(values)
          .onConflictDoUpdate({
            target: [reports.organizationId, reports.name],
            set: { blobKey: values.blobKey, sizeBytes: values.sizeBytes, rowCount: values.rowCount, generatedAt: values.generatedAt },
          });
        return { replacedBlobKey: old && old.blobKey !== values.blobKey ? old.blobKey : null };
      });
    },

    /** Reports generated before the cutoff, a batch at a time (their files go first, then the rows). */
    async reportsBefore(cutoff: Date, limit: number, db: Db = root): Promise<Pick<ReportRow, 'id' | 'blobKey'>[]> {
      return db
        .select({ id: reports.id, blobKey: reports.blobKey })
        .from(reports)
        .where(lt(reports.generatedAt, cutoff))
        .orderBy(reports.generatedAt)
        .limit(limit);
    },

    async deleteReports(ids: string[], db: Db = root): Promise<void> {
      if (ids.length > 0) await db.delete(reports).where(inArray(reports.id, ids));
    },

    /** Organizations that get reports: every enabled one. */
    async enabledOrganizationIds(db: Db = root): Promise<string[]> {
      const rows = await db.select({ id: organizations.id }).from(organizations).where(isNull(organizations.disabledAt));
      return rows.map((r) => r.id);
    },

    /** Enabled organizations without any report (a new installation, a new organization). */
    async organizationsWithoutReports(db: Db = root): Promise<string[]> {
      const rows = await sqlRows<{ id: string }>(
        db,
        sql`select o.id from ${organizations} o
            where o.disabled_at is null and not exists (select 1 from ${reports} r where r.organization_id = o.id)`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * A new queued generation of the organization, or the one already queued or running
     * (at most one is, by a partial unique index): asking twice never queues twice.
     */
    async requestGeneration(
      organizationId: string,
      requestedBy: string | null,
      db: Db = root,
    ): Promise<{ generation: GenerationRow; created: boolean }> {
      for (;;) {
        const [created] = await db
          .insert(reportGenerations)
          .values({ organizationId, requestedBy })
          .onConflictDoNothing({
            target: reportGenerations.organizationId,
            where: sql`${reportGenerations.status} in ('queued', 'running')`,
          })
          .returning();
        if (created) return { generation: created, created: true };
        const [active] = await db
          .select()
          .from(reportGenerations)
          .where(and(eq(reportGenerations.organizationId, organizationId), inArray(reportGenerations.status, ACTIVE)));
        // It may have finished between the two statements: then ask again.
        if (active) return { generation: active, created: false };
      }
    },

    async findGeneration(id: string, db: Db = root): Promise<GenerationRow | undefined> {
      const [row] = await db.select().from(reportGenerations).where(eq(reportGenerations.id, id));
      return row;
    },

    async latestGeneration(organizationId: string, db: Db = root): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(reportGenerations)
        .where(eq(reportGenerations.organizationId, organizationId))
        .orderBy(desc(reportGenerations.requestedAt))
        .limit(1);
      return row;
    },

    /** Generations still queued or running: resumed when workers start (their job may be gone). */
    async activeGenerations(db: Db = root): Promise<GenerationRow[]> {
      return db.select().from(reportGenerations).where(inArray(reportGenerations.status, ACTIVE));
    },

    /** Marks the generation running (from queued, or again after a worker died); false when it has ended. */
    async startGeneration(id: string, now: Date, db: Db = root): Promise<boolean> {
      const rows = await db
        .update(reportGenerations)
        .set({ status: 'running', startedAt: now, error: null })
        .where(and(eq(reportGenerations.id, id), inArray(reportGenerations.status, ACTIVE)))
        .returning({ id: reportGenerations.id });
      return rows.length > 0;
    },

    async finishGeneration(id: string, now: Date, error: string | null, db: Db = root): Promise<void> {
      await db
        .update(reportGenerations)
        .set({ status: error ? 'failed' : 'completed', finishedAt: now, error })
        .where(eq(reportGenerations.id, id));
    },

    /** Ended generations older than the cutoff (the screen only needs the recent ones). */
    async deleteGenerationsBefore(cutoff: Date, db: Db = root): Promise<void> {
      await db
        .delete(reportGenerations)
        .where(and(lt(reportGenerations.requestedAt, cutoff), sql`${reportGenerations.status} not in ('queued', 'running')`));
    },

    /** One keyset page of a report type's data, after `after` (null: the first page). */
    reportPage(
      prefix: AnalyticsReportPrefix,
      organizationId: string,
      after: string[] | null,
      limit: number,
      db: Db = root,
    ): Promise<DataPage> {
      return reportPages[prefix](db, organizationId, after, limit);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

// ---- The data of each report type, a keyset page at a time -------------------------------

/** Formats a timestamptz as ISO 8601 UTC in SQL: the same text on both drivers. */
const isoUtc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export type Cells = (string | number | null)[];
export interface DataPage {
  rows: Cells[];
  /** Where the next page starts; null after the last page. */
  next: string[] | null;
}

type PageReader = (db: Db, organizationId: string, after: string[] | null, limit: number) => Promise<DataPage>;

/** A row of a report page: its page key, and who it is about. */
interface KeyedRow {
  k1: string;
  k2: string;
  email: string | null;
  employee_id: string | null;
}

/** A report's pages: its query of the rows after `after` (a page key), and each row's cells in the report's columns. */
function pageReader<T extends KeyedRow>(
  query: (organizationId: string, after: string[] | null, limit: number) => SQL,
  cells: (row: T) => Cells,
): PageReader {
  return async (db, organizationId, after, limit) => {
    const rows = await sqlRows<T>(db, query(organizationId, after, limit));
    const last = rows[rows.length - 1];
    return { rows: rows.map(cells), next: rows.length === limit && last ? [last.k1, last.k2] : null };
  };
}

interface CompletionRow extends KeyedRow {
  workflow_id: string;
  title: string;
  completed_at: string;
  time_spent_seconds: number;
  score: number | null;
}

/** Completions in (completed_at, id) order, through completions_org_completed_idx. */
const completionsPage = pageReader<CompletionRow>(
  (organizationId, after, limit) =>
    sql`select c.completed_at::text as k1, c.id::text as k2, u.email, u.employee_id, c.workflow_id::text as workflow_id,
               w.title, ${isoUtc('c.completed_at')} as completed_at, c.time_spent_seconds, c.score
        from completions c
        join users u on u.id = c.user_id
        join workflows w on w.id = c.workflow_id
        where c.organization_id = ${organizationId}
          ${after ? sql`and (c.completed_at, c.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
        order by c.completed_at, c.id
        limit ${limit}`,
  (r) => [r.email, r.employee_id, r.workflow_id, r.title, r.completed_at, r.time_spent_seconds, r.score === null ? null : Number(r.score)],
);

interface UserRow extends KeyedRow {
  display_name: string;
  role: string;
  disabled: boolean;
  created_at: string;
  last_login_at: string | null;
  workspaces: string | null;
  teams: string | null;
}

/** Users in id order; workspaces and teams as `|` lists, like the user-import CSV. */
const usersPage = pageReader<UserRow>(
  (organizationId, after, limit) =>
    sql`select u.id::text as k1, '' as k2, u.email, u.employee_id, u.display_name, u.role,
               u.disabled_at is not null as disabled, ${isoUtc('u.created_at')} as created_at,
               ${isoUtc('u.last_login_at')} as last_login_at,
               (select string_agg(ws.name, '|' order by ws.name) from user_workspaces uw
                  join workspaces ws on ws.id = uw.workspace_id where uw.user_id = u.id) as workspaces,
               (select string_agg(tm.name, '|' order by tm.name) from user_teams ut
                  join teams tm on tm.id = ut.team_id where ut.user_id = u.id) as teams
        from users u
        where u.organization_id = ${organizationId} ${after ? sql`and u.id > ${after[0]}::uuid` : sql``}
        order by u.id
        limit ${limit}`,
  (r) => [
    r.email,
    r.employee_id,
    r.display_name,
    r.role,
    r.disabled ? 'true' : 'false',
    r.created_at,
    r.last_login_at,
    r.workspaces,
    r.teams,
  ],
);

interface SkillRow extends KeyedRow {
  skill: string;
  progress: number;
  assigned_at: string;
  achieved_at: string | null;
}

/** Skill progress in (user, skill) order, through the user_skills primary key. */
const skillProgressPage = pageReader<SkillRow>(
  (organizationId, after, limit) =>
    sql`select us.user_id::text as k1, us.skill_id::text as k2, u.email, u.employee_id, s.name as skill, us.progress,
               ${isoUtc('us.assigned_at')} as assigned_at, ${isoUtc('us.achieved_at')} as achieved_at
        from user_skills us
        join users u on u.id = us.user_id
        join skills s on s.id = us.skill_id
        where u.organization_id = ${organizationId}
          ${after ? sql`and (us.user_id, us.skill_id) > (${after[0]}::uuid, ${after[1]}::uuid)` : sql``}
        order by us.user_id, us.skill_id
        limit ${limit}`,
  (r) => [r.email, r.employee_id, r.skill, r.progress, r.assigned_at, r.achieved_at],
);

const reportPages: Record<AnalyticsReportPrefix, PageReader> = {
  completions: completionsPage,
  users: usersPage,
  'skill-progress': skillProgressPage,
};
