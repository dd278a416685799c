/**
 * The paging rule of a list read by keyset (the People screen, docs/product.md "People"):
 * each answer ends with `next`, an opaque cursor the next page starts `after`, and no total
 * (counting a million users would make every page pay for it). `LoadMore` offers the next
 * page while there is a cursor; the count it shows is that of the rows loaded.
 */
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

export interface KeysetAnswer {
  next: string | null;
}

export function keysetQuery<TPage extends KeysetAnswer, TKey extends QueryKey>(options: {
  queryKey: TKey;
  /** One page: after the cursor, or the first one. */
  fetchPage: (after: string | undefined, signal: AbortSignal) => Promise<TPage>;
  enabled?: boolean;
  staleTime?: number;
}) {
  return infiniteQueryOptions<TPage, Error, InfiniteData<TPage, string | undefined>, TKey, string | undefined>({
    queryKey: options.queryKey,
    initialPageParam: undefined,
    queryFn: ({ pageParam, signal }) => options.fetchPage(pageParam, signal),
    getNextPageParam: (last) => last.next ?? undefined,
    ...(options.enabled !== undefined && { enabled: options.enabled }),
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
  });
}

/** The loaded items of every page. */
export function keysetItems<TPage, TItem>(
  data: InfiniteData<TPage, unknown> | undefined,
  items: (page: TPage) => readonly TItem[],
): TItem[] {
  return data?.pages.flatMap((p) => items(p)) ?? [];
}
