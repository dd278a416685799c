/** Paged lists in one round trip: the rows carry `count(*) over ()` as their total. */
import { sql } from 'drizzle-orm';

export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);
export const pageOffset = (page: { page: number; limit: number }) => (page.page - 1) * page.limit;

/**
 * The total from the rows; a page past the end has no rows to carry it, so only then
 * is it counted separately.
 */
export async function pageTotal(rows: { total: number }[], page: { page: number }, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0].total;
  return page.page > 1 ? count() : 0;
}
