/** Below a paged list: how many of how many are shown, and "Load more" while there are more. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ParseKeys } from 'i18next';
import type { namespaces } from '../i18n';
import { useT } from '../i18n/use-t';
import { shownOfTotal } from './format';

/** What LoadMore needs of a paged query (useInfiniteQuery's answer). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({
  list,
  shown,
  total,
  text,
  ofTotalKey,
}: {
  list: MorePages;
  shown: number;
  total: number;
  /** The count in the list's own words (e.g. "3 of 25 keys shown"); "3 of 25 shown" unless given. */
  text?: string;
  /** Instead of `text`: the key of the list's own words, given the numbers written in the page's language (shownOfTotal). */
  ofTotalKey?: ParseKeys<typeof namespaces>;
}) {
  const { t, i18n } = useT();
  if (shown === 0) return null;
  const count = ofTotalKey ? t(ofTotalKey, shownOfTotal(shown, total, i18n.language)) : text;
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
      <Typography variant="body2" color="textSecondary">
        {count ?? t('list.shown', { count: shown, total })}
      </Typography>
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('list.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
