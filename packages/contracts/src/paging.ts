import { z } from 'zod';

/** The spec's page size. Lists are paged by `page` (from 1) and `limit`. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE).describe('Items per page'),
});
export type PageQuery = z.infer<typeof pageQuery>;
