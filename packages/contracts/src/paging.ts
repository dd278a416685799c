import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './page-size.js';

export { MAX_PAGE_SIZE, PAGE_SIZE };

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE).describe('Items per page'),
});
export type PageQuery = z.infer<typeof pageQuery>;
