/**
 * The one paging rule of every "load more" list: pages of `limit` items from page 1, and
 * another page while fewer items than the total were loaded.
 */
import { PAGE_SIZE } from '@console/contracts/page-size';
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

export interface PagedAnswer {
  total: number;
}

export function pagedQuery<TPage extends PagedAnswer, TKey extends QueryKey>(options: {
  queryKey: TKey;
  /** One page: `page` from 1, `limit` items. */
  fetchPage: (page: { page: number; limit: number }, signal: AbortSignal) => Promise<TPage>;
  /** The items of a page, to count what was loaded. */
  items: (page: TPage) => readonly unknown[];
  limit?: number;
  enabled?: boolean;
  staleTime?: number;
}) {
  const limit = options.limit ?? PAGE_SIZE;
  return infiniteQueryOptions<TPage, Error, InfiniteData<TPage, number>, TKey, number>({
    queryKey: options.queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => options.fetchPage({ page: pageParam, limit }, signal),
    getNextPageParam: (last, pages, lastPage) => (loadedCount(pages, options.items) < last.total ? lastPage + 1 : undefined),
    ...(options.enabled !== undefined && { enabled: options.enabled }),
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
  });
}

function loadedCount<TPage>(pages: TPage[], items: (page: TPage) => readonly unknown[]): number {
  return pages.reduce((n, p) => n + items(p).length, 0);
}

/** The loaded items of every page, and the total the last page reported. */
export function pagedItems<TPage extends PagedAnswer, TItem>(
  data: InfiniteData<TPage> | undefined,
  items: (page: TPage) => readonly TItem[],
) {
  return { items: data?.pages.flatMap((p) => items(p)) ?? [], total: data?.pages.at(-1)?.total ?? 0 };
}
