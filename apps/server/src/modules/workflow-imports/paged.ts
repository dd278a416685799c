/** A page of look-up or import rows: the rows without their window count, and the total (db/paging.ts). */
import { pageTotal } from '../../db/paging.js';

export interface Page {
  page: number;
  limit: number;
}

export const paged = async <T extends { total: number }>(rows: T[], page: Page, count: () => Promise<number>) => ({
  rows: rows.map(({ total: _t, ...r }) => r),
  total: await pageTotal(rows, page, count),
});
