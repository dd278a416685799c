/** What an organization's user import template is made from (template.ts): its names, and which examples are taken. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, skills, teams, users, workspaces } from '../../db/schema.js';

export function createUserImportTemplateRepository(root: Db) {
  return {
    /** What the template is made from (template.ts): the organization's key and name, and names of its workspaces, teams and skills. */
    async templateSources(organizationId: string, namesEach: number, db: Db = root) {
      const names = (table: typeof workspaces | typeof teams | typeof skills) =>
        db
          .select({ name: table.name })
          .from(table)
          .where(eq(table.organizationId, organizationId))
          .orderBy(asc(sql`lower(${table.name})`))
          .limit(namesEach)
          .then((rows) => rows.map((r) => r.name));
      const [[org], ws, ts, ss] = await Promise.all([
        db
          .select({ clientKey: organizations.clientKey, name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, organizationId)),
        names(workspaces),
        names(teams),
        names(skills),
      ]);
      return { clientKey: org?.clientKey ?? null, name: org?.name ?? '', workspaces: ws, teams: ts, skills: ss };
    },

    /** Which of these e-mails a user (of any organization) has. */
    async takenEmails(emails: string[], db: Db = root): Promise<string[]> {
      const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
      return rows.map((r) => (r.email ?? '').toLowerCase());
    },

    /** Which of these employee IDs a user of the organization has. */
    async takenEmployeeIds(organizationId: string, ids: string[], db: Db = root): Promise<string[]> {
      const rows = await db
        .select({ id: users.employeeId })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), inArray(users.employeeId, ids)));
      return rows.map((r) => r.id ?? '');
    },
  };
}
