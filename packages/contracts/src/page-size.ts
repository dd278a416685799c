/** The spec's page size. Lists are paged by `page` (from 1) and `limit`. Without zod: the web's lists read it (paging.ts has the query's schema). */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
