/**
 * SQL of the rule for other organizations' addresses (foreign-emails.ts): which holders an
 * organization was told of in the last day, and remembering them as told. Both are keys of
 * the shared counters (rate_limit_hits); the day's budget is counted through
 * db/rate-limit-hits.repository.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';

/** The holder of an address the organization was told of: its user id, never the address. */
const toldPrefix = (organizationId: string) => `foreign-email-told:${organizationId}:`;

/** SQL true when the organization was told of `holderId` (a uuid expression) in the last day. */
const told = (organizationId: string, holderId: SQL, now: Date) =>
  sql`EXISTS (SELECT 1 FROM rate_limit_hits k WHERE k.key = ${toldPrefix(organizationId)} || ${holderId}::text AND k.reset_at > ${now.toISOString()}::timestamptz)`;

export function createForeignEmailsRepository(root: Db) {
  return {
    told,

    /** The holders one user id names, as the query of distinct `holder_id`s that `holders` expects. */
    oneHolder: (holderId: string): SQL => sql`SELECT ${holderId}::uuid AS holder_id`,

    /** Of `holders` (a query of distinct `holder_id`s), how many, and how many the organization was not told of in the last day. */
    async countHolders(organizationId: string, holders: SQL, now: Date, db: Db = root) {
      const [found] = await sqlRows<{ named: number; checked: number }>(
        db,
        sql`SELECT count(*)::int AS named, (count(*) FILTER (WHERE NOT ${told(organizationId, sql`h.holder_id`, now)}))::int AS checked
          FROM (${holders}) h`,
      );
      return found;
    },

    /** Remembers every holder of `holders` as told to the organization until `until` (a told one whose day still runs is kept). */
    async rememberTold(organizationId: string, holders: SQL, now: Date, until: Date, db: Db = root): Promise<void> {
      await db.execute(sql`INSERT INTO rate_limit_hits (key, hits, reset_at)
        SELECT ${toldPrefix(organizationId)} || h.holder_id::text, 1, ${until.toISOString()}::timestamptz
        FROM (${holders}) h
        ON CONFLICT (key) DO UPDATE SET hits = 1, reset_at = excluded.reset_at
        WHERE rate_limit_hits.reset_at <= ${now.toISOString()}::timestamptz`);
    },
  };
}

export type ForeignEmailsRepository = ReturnType<typeof createForeignEmailsRepository>;
