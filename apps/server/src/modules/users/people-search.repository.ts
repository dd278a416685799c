/**
 * The People screen's order and search (docs/product.md, "People"), for its reads
 * (people.repository.ts).
 *
 * A page is the next `limit` users after a cursor, by the name without case ("C" byte order,
 * db/schema/users.ts userSortNameSql) then id. Without a search it walks users_org_people_idx, which
 * carries what the filters test (a filtered walk reads no row until the page's are known), and
 * stops after the page, however large the organization.
 *
 * A search finds those whose display name, given name, family name or e-mail starts with the
 * text, without case or accents (both folded by search_fold(), db/like.ts). No one index answers that in name order, and the obvious plans fail on a
 * million users: walking the name order and testing each user is quick when matches are many
 * and spread, but reads the whole list when they are few or bunched (everyone called "José" is
 * in the J's); reading every match and sorting is quick when they are few and slow when there
 * are tens of thousands. So the names are searched in up to three bounded steps (a text of
 * more than two characters tries step 2 first, then step 1):
 *   1. walk the next WALK_ROWS users in order, testing each: enough matches (or the end of the
 *      list) answers it; most searches of one or two letters end here;
 *   2. else the display names that start with the text are a range of the order (read as such,
 *      at most a page), and those whose given or family name starts with it but whose display
 *      name does not are read from users_org_{given,family}_name_idx alone; at most
 *      CANDIDATES_MAX of them are sorted, which answers it when they are fewer;
 *   3. else they are many (over CANDIDATES_MAX of an organization, so spread through the list):
 *      walking the order finds a page of them soon.
 * Walking reads users_org_people_idx only (it carries the names, the source and the status's
 * columns). It does not carry the e-mail (its entries would outgrow a btree's 2,704 bytes for
 * the longest names SCIM takes), so each step adds the users whose e-mail starts with the text
 * but whose display name does not, read from users_org_email_idx alone and sorted: there are
 * few, as addresses mostly start as names do. When there are more than CANDIDATES_MAX of them
 * (addresses made of employee numbers, say), one walk tests every user's row.
 * bench/people.mjs measures each on a million users (bench/README.md, "People").
 */
import type { PersonStatus, UserSource } from '@console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { startsWithRange, typedKey } from '../../db/like.js';
import { userSearchKeySql, userSortNameSql, userStatusSql, users } from '../../db/schema.js';

/** Step 1's walk: a search whose matches are at least 1 in 40 of the list ends there. */
export const WALK_ROWS = 2_000;
/** The most candidates sorted (users matching by given or family name only; by e-mail only): more are walked. */
export const CANDIDATES_MAX = 10_000;
/** A search of at most this many characters tries step 1 first, a longer one step 2. */
export const SHORT_SEARCH = 2;

export const sortName = userSortNameSql(users);
export const status = userStatusSql(users);
export const given = userSearchKeySql.given(users);
export const family = userSearchKeySql.family(users);
export const email = userSearchKeySql.email(users);

export interface PeopleFilter {
  /** The start of a name or of the e-mail, compared without case (non-empty, trimmed). */
  q?: string;
  status?: PersonStatus;
  source?: UserSource;
  /** The last row of the previous page: its name without case and its id. */
  after?: { sortName: string; id: string };
  limit: number;
}

/** How far step 1 walks and how many candidates are sorted; tests make them small to reach every step. */
export interface SearchBounds {
  walkRows: number;
  candidatesMax: number;
}

/** `key` starts with `q` without case or accents: a range of the "C" order (db/like.ts). */
const startsWith = startsWithRange;
export const anyOf = (keys: SQL[], q: string) =>
  sql`(${sql.join(
    keys.map((key) => startsWith(key, q)),
    sql` OR `,
  )})`;

export const rowColumns = {
  id: users.id,
  name: users.displayName,
  email: users.email,
  role: users.role,
  status,
  source: users.source,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  sortName,
};

export type Search = PeopleFilter & { q: string };
type Counted = { id: string | null; counted: number; hits: number; emails: number };

/**
 * The organization, the cursor and the filters (the status unless told not to): what a step's
 * users must meet. The cursor is a row comparison, which bounds a walk of the name order; a
 * range of names (`from`, the lower bound of a search's names) bounds it instead: the index
 * then starts at the greater of the two and the comparison only drops the cursor's ties (a
 * row comparison beside the range would start the scan at the cursor, however far before it).
 */
export function within(
  organizationId: string,
  filter: PeopleFilter,
  { byStatus = true, from }: { byStatus?: boolean; from?: SQL } = {},
): SQL {
  const where: SQL[] = [sql`${users.organizationId} = ${organizationId}`];
  if (byStatus && filter.status) where.push(sql`${status} = ${filter.status}`);
  if (filter.source) where.push(sql`${users.source} = ${filter.source}`);
  const { after } = filter;
  if (after && from)
    where.push(
      sql`${sortName} >= GREATEST(${from}, ${after.sortName}::text COLLATE "C")`,
      sql`NOT (${sortName} = ${after.sortName} AND ${users.id} <= ${after.id}::uuid)`,
    );
  else if (after) where.push(sql`(${sortName}, ${users.id}) > (${after.sortName}, ${after.id}::uuid)`);
  return sql.join(where, sql` AND `);
}

/** The three bounded steps of a search; each answers the page's ids, and whether it settled the search. */
export function createPeopleSearch(bounds: SearchBounds) {
  /**
   * Candidates read from search keys' indexes (they carry the display name, id and source), at
   * most CANDIDATES_MAX + 1, as the CTE `cte` (which counts them); `<cte>_kept` are the first
   * page of them in order, of the status asked for (read from the table: at most that many rows).
   */
  function candidates(organizationId: string, filter: Search, cte: string, branches: SQL[]) {
    const raw = sql`${sql.join(
      branches.map(
        (where) =>
          sql`(SELECT ${users.id} AS id, ${sortName} AS sort_name FROM ${users}
               WHERE ${within(organizationId, filter, { byStatus: false })} AND ${where})`,
      ),
      sql` UNION ALL `,
    )} LIMIT ${bounds.candidatesMax + 1}`;
    const from = sql.raw(cte);
    // Only the first page of them can be on the page.
    const kept = filter.status
      ? sql`SELECT DISTINCT c.id, c.sort_name FROM ${from} c JOIN ${users} ON ${users.id} = c.id WHERE ${status} = ${filter.status}
            ORDER BY c.sort_name, c.id LIMIT ${filter.limit + 1}`
      : sql`SELECT DISTINCT id, sort_name FROM ${from} ORDER BY sort_name, id LIMIT ${filter.limit + 1}`;
    return sql`${from} AS (${raw}), ${sql.raw(`${cte}_kept`)} AS (${kept})`;
  }

  /**
   * Runs a step: `ctes` end with `names`, the name matches in order; they are merged with the
   * users whose e-mail (not display name) starts with the text, and the page's ids come back
   * with `counted` and `hits`, numbers the step asks for, and whether the e-mails were few.
   */
  async function step(db: Db, organizationId: string, filter: Search, ctes: SQL, counts: { counted?: SQL; hits?: SQL } = {}) {
    const emails = candidates(organizationId, filter, 'emails', [
      sql`${startsWith(email, filter.q)} AND NOT ${startsWith(sortName, filter.q)}`,
    ]);
    const result = (await db.execute(
      sql`WITH ${emails}, ${ctes}
          SELECT (SELECT count(*)::int FROM emails) AS emails, (${counts.counted ?? sql`0`})::int AS counted,
                 (${counts.hits ?? sql`0`})::int AS hits, p.id
          FROM (SELECT 1) one LEFT JOIN LATERAL (
            SELECT id, sort_name FROM names UNION SELECT id, sort_name FROM emails_kept
            ORDER BY sort_name, id LIMIT ${filter.limit + 1}) p ON true`,
    )) as unknown as { rows: Counted[] };
    const [first] = result.rows;
    return {
      ids: result.rows.filter((r) => r.id !== null).map((r) => r.id as string),
      counted: first?.counted ?? 0,
      hits: first?.hits ?? 0,
      emailsFew: (first?.emails ?? 0) <= bounds.candidatesMax,
    };
  }

  /** Step 1: the name matches among the next WALK_ROWS users; settled when they fill the page or the list ends there. */
  async function walkAhead(organizationId: string, filter: Search, db: Db) {
    const found = await step(
      db,
      organizationId,
      filter,
      sql`walk AS (
            SELECT ${users.id} AS id, ${sortName} AS sort_name, ${anyOf([sortName, given, family], filter.q)} AS hit FROM ${users}
            WHERE ${within(organizationId, filter)} ORDER BY ${sortName}, ${users.id} LIMIT ${bounds.walkRows}),
          names AS (SELECT id, sort_name FROM walk WHERE hit ORDER BY sort_name, id LIMIT ${filter.limit + 1})`,
      { counted: sql`(SELECT count(*) FROM walk)`, hits: sql`(SELECT count(*) FROM names)` },
    );
    return { ...found, done: found.hits > filter.limit || found.counted < bounds.walkRows };
  }

  /** Step 2: the display names in range, and the few others whose given or family name matches. */
  async function rangesAndCandidates(organizationId: string, filter: Search, db: Db) {
    const notByName = sql`NOT ${startsWith(sortName, filter.q)}`;
    // Family names first: a common one fills the candidates before the given names, which
    // mostly start the display name too, are read at all.
    const others = candidates(organizationId, filter, 'others', [
      sql`${startsWith(family, filter.q)} AND ${notByName}`,
      sql`${startsWith(given, filter.q)} AND ${notByName}`,
    ]);
    const found = await step(
      db,
      organizationId,
      filter,
      sql`${others},
          named AS (
            SELECT ${users.id} AS id, ${sortName} AS sort_name FROM ${users}
            WHERE ${within(organizationId, filter, { from: typedKey(filter.q) })} AND ${startsWith(sortName, filter.q)}
            ORDER BY ${sortName}, ${users.id} LIMIT ${filter.limit + 1}),
          names AS (SELECT id, sort_name FROM named UNION SELECT id, sort_name FROM others_kept)`,
      { counted: sql`(SELECT count(*) FROM others)` },
    );
    return { ...found, done: found.counted <= bounds.candidatesMax };
  }

  /** Step 3: the name matches in order, however far, reading users_org_people_idx only. */
  const walkToTheEnd = (organizationId: string, filter: Search, db: Db) =>
    step(
      db,
      organizationId,
      filter,
      sql`names AS (
            SELECT ${users.id} AS id, ${sortName} AS sort_name FROM ${users}
            WHERE ${within(organizationId, filter)} AND ${anyOf([sortName, given, family], filter.q)}
            ORDER BY ${sortName}, ${users.id} LIMIT ${filter.limit + 1})`,
    );

  return { walkAhead, rangesAndCandidates, walkToTheEnd };
}
